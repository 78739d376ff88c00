/** Beside a stock field whose typed quantity is not the saved one: until it saves (on Enter or leaving the field), and while it does. */
export function UnsavedBadge({ saving }: { saving: boolean }) {
  return (
    <span className="badge badge-unsaved" role="status">
      {saving ? 'Saving…' : 'Unsaved'}
    </span>
  );
}
