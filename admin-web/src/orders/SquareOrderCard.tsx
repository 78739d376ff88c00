import type { AdminSquareOrder } from '@dark-circle/api-client';

/** Square's order state in the studio's words. */
const STATE_WORDS: Record<string, string> = { OPEN: 'Open', COMPLETED: 'Completed', CANCELED: 'Canceled', DRAFT: 'Draft' };
const FULFILLMENT_WORDS: Record<string, string> = {
  PROPOSED: 'not started',
  RESERVED: 'accepted',
  PREPARED: 'prepared',
  COMPLETED: 'completed',
  CANCELED: 'canceled',
  FAILED: 'failed',
};

/** The order in Square's books: its id with a link to it in Square, what Square says of it now, and how it was booked. */
export function SquareOrderCard({ square }: { square: AdminSquareOrder | null }) {
  return (
    <section className="card" aria-labelledby="square-title">
      <h2 id="square-title">Square</h2>
      {square ? (
        <>
          <dl className="totals">
            <dt>Square order</dt>
            <dd className="mono">
              <a href={square.dashboardUrl} target="_blank" rel="noreferrer noopener" data-testid="square-order-link">
                {square.squareOrderId}
              </a>
            </dd>
            <dt>State in Square</dt>
            <dd data-testid="square-state">
              {square.state ? (STATE_WORDS[square.state] ?? square.state) : 'Square could not be asked just now'}
              {square.fulfillmentState && `, fulfilment ${FULFILLMENT_WORDS[square.fulfillmentState] ?? square.fulfillmentState}`}
            </dd>
            <dt>Reference</dt>
            <dd className="mono">{square.referenceId ?? '—'}</dd>
          </dl>
          {square.notes.map((note) => (
            <p key={note} className="warning-text" role="note">
              {note}
            </p>
          ))}
        </>
      ) : (
        <p className="muted">Not booked as a Square order (paid before web sales went into Square's books).</p>
      )}
    </section>
  );
}
