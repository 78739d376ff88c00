import { useToast } from '../toast/toast';

/**
 * A long id (a payment's, a Square order's) on one line that never widens the page: cut short with
 * an ellipsis on a narrow screen, whole in its title, and a Copy button beside it, since that is
 * what the studio does with it (paste it into Square's dashboard or an email to support).
 */
/** `href`: where the id leads (the order in Square's dashboard), opened in a new tab. */
export function CopyableId({ id, label, href, testId }: { id: string; label: string; href?: string; testId?: string }) {
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
      {href ? (
        <a className="mono copyable-id__text" title={id} href={href} target="_blank" rel="noreferrer noopener" data-testid={testId}>
          {id}
        </a>
      ) : (
        <span className="mono copyable-id__text" title={id} data-testid={testId}>
          {id}
        </span>
      )}
      <button type="button" className="button button-small" aria-label={`Copy ${label}`} onClick={() => void copy()}>
        Copy
      </button>
    </span>
  );
}
