import { useToast } from '../toast/toast';

/**
 * A long id (a payment's, a Square order's) on one line that never widens the page: cut short with
 * an ellipsis on a narrow screen, whole in its title, and a Copy button beside it, since that is
 * what the studio does with it (paste it into Square's dashboard or an email to support).
 */
export function CopyableId({ id, label }: { id: string; label: string }) {
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(id);
      toast({ title: 'Copied', description: `${label} ${id} is on the clipboard.` });
    } catch {
      toast({ title: 'Could not copy', description: 'The browser refused the clipboard: select the id and copy it by hand.', variant: 'destructive' });
    }
  }
  return (
    <span className="copyable-id">
      <span className="mono copyable-id__text" title={id}>
        {id}
      </span>
      <button type="button" className="button button-small" aria-label={`Copy ${label}`} onClick={() => void copy()}>
        Copy
      </button>
    </span>
  );
}
