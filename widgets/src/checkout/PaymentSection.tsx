import type { RefObject } from 'react';
import { formatCents } from '../lib/money';
import type { PaymentFailure } from './payment-failure';
import type { CardFormState } from './useCardForm';

interface Props {
  containerRef: RefObject<HTMLDivElement | null>;
  formState: CardFormState;
  onReload: () => void;
  onComplete: () => void;
  processing: boolean;
  /** Null while shipping is still to be calculated: nothing can be paid yet. */
  totalCents: number | null;
  /** The last attempt's failure, kept at the form until the next attempt. */
  failure: PaymentFailure | null;
}

/** The card form (Square's, or its development stand-in), why the last attempt failed, and the button that pays: the page's last step. */
export function PaymentSection({ containerRef, formState, onReload, onComplete, processing, totalCents, failure }: Props) {
  return (
    <section className="checkout-card payment" aria-labelledby="payment-title">
      <h2 id="payment-title" className="checkout-card__title">
        Payment
      </h2>
      <div ref={containerRef} id="card-container" className="payment__card" data-testid="card-container" aria-busy={formState === 'loading'} />
      {formState !== 'ready' && (
        <>
          {formState === 'loading' && <p className="checkout-card__hint">Loading the secure card form...</p>}
          <button type="button" className="button button--ghost button--small" onClick={onReload} disabled={processing}>
            Load Payment Form
          </button>
        </>
      )}
      <div role="alert" className="payment__failure-region">
        {failure && (
          <div className="payment__failure" data-testid="payment-failure">
            <p className="payment__failure-message">{failure.message}</p>
            {failure.advice && <p>{failure.advice}</p>}
          </div>
        )}
      </div>
      {totalCents === null && <p className="checkout-card__hint">Enter a US ZIP code to calculate shipping.</p>}
      <button type="button" className="button button--large payment__submit" onClick={onComplete} disabled={processing || totalCents === null}>
        {processing ? 'Processing...' : totalCents === null ? 'Complete Order' : `Complete Order - ${formatCents(totalCents)}`}
      </button>
    </section>
  );
}
