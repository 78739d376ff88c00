import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';

/**
 * "Size guide" beside the size picker: the studio's own words (plain text, its line breaks kept) in
 * a modal <dialog>; Escape, Close or a press outside shut it, and the focus goes back to the link.
 */
export function SizeGuide({ productName, text }: { productName: string; text: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} type="button" className="size-guide__link" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Size guide
      </button>
      {open && (
        <GuideDialog
          productName={productName}
          text={text}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      )}
    </>
  );
}

function GuideDialog({ productName, text, onClose }: { productName: string; text: string; onClose: () => void }) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    // No close() on cleanup: StrictMode's rehearsal unmount would close it for real.
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  const close = () => dialog.current?.close();
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  return (
    <dialog ref={dialog} className="sheet" aria-labelledby={titleId} onClose={onClose} onClick={closeOnBackdrop}>
      <div className="sheet__panel">
        <div className="sheet__header">
          <h2 id={titleId} className="sheet__title">
            Size guide: {productName}
          </h2>
          <button type="button" className="sheet__close" aria-label="Close" onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p className="size-guide__text">{text}</p>
      </div>
    </dialog>
  );
}
