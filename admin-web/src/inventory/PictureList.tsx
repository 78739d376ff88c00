import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ok, serverMessageOf } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';
import { moved } from './sizes';

/** A form with one file field, as `multipart/form-data` sends it. */
function formWith(name: string, file: File): FormData {
  const form = new FormData();
  form.append(name, file);
  return form;
}

type Move = 'up' | 'down';

/**
 * The product's pictures in their order (the first is the one the shop shows first): several are
 * uploaded at once, each moved up or down or removed; the focus stays in the list for the keyboard.
 */
export function PictureList({ images, onChange, onUploading }: { images: string[]; onChange: (next: (images: string[]) => string[]) => void; onUploading: (busy: boolean) => void }) {
  const toast = useToast();
  const list = useRef<HTMLOListElement>(null);
  const files = useRef<HTMLInputElement>(null);
  // The button to focus once the list has changed: the moved picture's, or after a removal the next one's Remove.
  const [focus, setFocus] = useState<string[] | null>(null);

  const upload = useMutation({
    // One after another, each picture kept as soon as it is stored, so a failed one loses only itself.
    // The generated types give a file field as a string (its format, binary): the form carries the File itself.
    mutationFn: async (chosen: File[]) => {
      for (const file of chosen) {
        const { imageUrl } = await ok(api.POST('/api/admin/uploads', { body: {}, bodySerializer: () => formWith('image', file) }));
        // The same file twice is stored once, under one address.
        onChange((current) => (current.includes(imageUrl) ? current : [...current, imageUrl]));
      }
      return chosen.length;
    },
    onMutate: () => onUploading(true),
    onSettled: () => onUploading(false),
    onSuccess: (count) =>
      toast(
        count === 1
          ? { title: 'Image ready', description: 'The image was uploaded and resized for the web.' }
          : { title: `${count} images ready`, description: 'The images were uploaded and resized for the web.' },
      ),
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? 'Failed to upload the image', variant: 'destructive' }),
  });

  useEffect(() => {
    if (!focus) return;
    // The first of the wanted buttons that can take the focus (at the top, say, "up" is disabled), else the file field.
    const buttons = focus.map((key) => list.current?.querySelector<HTMLButtonElement>(`[data-focus="${key}"]`));
    (buttons.find((b) => b && !b.disabled) ?? files.current)?.focus();
    setFocus(null);
  }, [focus]);

  const move = (index: number, direction: Move) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    onChange((current) => moved(current, index, to));
    setFocus([`${to}-${direction}`, `${to}-${direction === 'up' ? 'down' : 'up'}`]);
  };

  const remove = (index: number, url: string) => {
    onChange((current) => current.filter((u) => u !== url));
    setFocus([`${index}-remove`, `${index - 1}-remove`]);
  };

  return (
    <fieldset className="pictures">
      <legend>Pictures</legend>
      <label>
        Images
        <input
          ref={files}
          type="file"
          accept="image/*"
          multiple
          onChange={(e) => {
            const chosen = [...(e.target.files ?? [])];
            e.target.value = '';
            if (chosen.length) upload.mutate(chosen);
          }}
        />
      </label>
      {upload.isPending && <p className="muted">Uploading...</p>}
      {images.length > 0 && (
        <ol className="picture-list" ref={list} aria-label="Pictures in the order the shop shows them">
          {images.map((url, n) => (
            <li key={url} data-testid="picture">
              <img className="thumb" src={url} alt="" width={56} height={56} />
              <span>
                Picture {n + 1}
                {n === 0 && <span className="muted"> (shown first)</span>}
              </span>
              <span className="picture-actions">
                <button type="button" className="button button-quiet" data-focus={`${n}-up`} aria-label={`Move picture ${n + 1} up`} disabled={n === 0} onClick={() => move(n, 'up')}>
                  ↑
                </button>
                <button
                  type="button"
                  className="button button-quiet"
                  data-focus={`${n}-down`}
                  aria-label={`Move picture ${n + 1} down`}
                  disabled={n === images.length - 1}
                  onClick={() => move(n, 'down')}
                >
                  ↓
                </button>
                <button type="button" className="link-button" data-focus={`${n}-remove`} aria-label={`Remove picture ${n + 1}`} onClick={() => remove(n, url)}>
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
