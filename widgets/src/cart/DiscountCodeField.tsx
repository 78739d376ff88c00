import { useId, useState, type FormEvent } from 'react';

interface Props {
  /** The code in use, if any. */
  applied: string | null;
  /** The server's verdict on it: what it takes off, or why it does not apply. */
  status: { kind: 'checking' } | { kind: 'applied'; text: string } | { kind: 'refused'; text: string } | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/** The order summary's discount code: type it, Apply, and the summary shows what it takes off. */
export function DiscountCodeField({ applied, status, onApply, onRemove }: Props) {
  const id = useId();
  const [code, setCode] = useState(applied ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim()) onApply(code.trim());
  }

  return (
    <form className="discount-code" onSubmit={submit}>
      <label htmlFor={id}>Discount code</label>
      <div className="discount-code__row">
        <input id={id} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} placeholder="DARKCIRCLE10" />
        {applied && status?.kind === 'applied' ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              setCode('');
              onRemove();
            }}
          >
            Remove
          </button>
        ) : (
          <button type="submit" className="button button--small" disabled={!code.trim() || status?.kind === 'checking'}>
            Apply
          </button>
        )}
      </div>
      {status && status.kind !== 'checking' && (
        <p className={`discount-code__status discount-code__status--${status.kind}`} role="status" data-testid="discount-status">
          {status.text}
        </p>
      )}
    </form>
  );
}
