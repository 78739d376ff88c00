import { useId, useState, type FormEvent } from 'react';
import type { DiscountStatus } from '../checkout/useDiscount';

interface Props {
  /** The code in use, if any. */
  applied: string | null;
  /** The server's verdict on it: what it takes off, or why it does not apply. */
  status: DiscountStatus;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** Subscribes the email the code's refusal names (with the shopper's consent), then applies the code again. */
  onSubscribe: () => void;
  subscribing: boolean;
}

/** The order summary's discount code: type it, Apply, and the summary shows what it takes off. */
export function DiscountCodeField({ applied, status, onApply, onRemove, onSubscribe, subscribing }: Props) {
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
        <input id={id} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} />
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
      {status?.kind === 'refused' && status.subscribeWith && applied && (
        <SubscribeOffer key={status.subscribeWith} code={applied} email={status.subscribeWith} onSubscribe={onSubscribe} subscribing={subscribing} />
      )}
    </form>
  );
}

/**
 * The newsletter's code, offered where it is refused: subscribe this email (a box the shopper
 * ticks; consent is never assumed) and the code is applied, without leaving checkout. Keyed by the
 * email, so a tick given for one address never carries over to another.
 */
function SubscribeOffer({ code, email, onSubscribe, subscribing }: { code: string; email: string; onSubscribe: () => void; subscribing: boolean }) {
  const id = useId();
  const [consent, setConsent] = useState(false);
  return (
    <div className="subscribe-offer" role="group" aria-labelledby={`${id}-title`} data-testid="subscribe-offer">
      <p id={`${id}-title`} className="subscribe-offer__title">
        Subscribe with this email to use {code}
      </p>
      <label className="subscribe-offer__consent">
        <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        <span>
          Send the Dark Circle newsletter to <strong>{email}</strong>: new pieces, market dates and open-studio nights. Unsubscribe at any time.
        </span>
      </label>
      <button type="button" className="button button--small" disabled={!consent || subscribing} onClick={onSubscribe}>
        {subscribing ? 'Subscribing...' : 'Subscribe and Apply'}
      </button>
    </div>
  );
}
