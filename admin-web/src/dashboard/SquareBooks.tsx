import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ok, serverMessageOf } from '@dark-circle/api-client';
import { api } from '../api/client';

/** The books check: every paid web order of the last days against its Square order, each difference listed. */
export function SquareBooks() {
  const [days, setDays] = useState(30);
  const check = useMutation({ mutationFn: (span: number) => ok(api.GET('/api/admin/square/books-check', { params: { query: { days: span } } })) });
  const result = check.data;
  return (
    <section className="card" aria-labelledby="books-title">
      <h2 id="books-title">Square books</h2>
      <p>Check that every paid web order has its Square order with the same total and the same lines.</p>
      <form
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          check.mutate(days);
        }}
      >
        <label>
          Last{' '}
          <input
            type="number"
            min={1}
            max={366}
            value={days}
            onChange={(e) => setDays(Math.max(1, Math.min(366, Math.round(Number(e.target.value) || 1))))}
            aria-label="Days"
            className="days-field"
          />{' '}
          days
        </label>{' '}
        <button type="submit" className="button" disabled={check.isPending}>
          {check.isPending ? 'Checking...' : 'Check the books'}
        </button>
      </form>
      {check.isError && (
        <p className="error-text" role="alert">
          {serverMessageOf(check.error) ?? 'The books could not be checked.'}
        </p>
      )}
      {result && (
        <div data-testid="books-result" aria-live="polite">
          <p>
            {result.checked} paid order{result.checked === 1 ? '' : 's'} of the last {result.days} days checked:{' '}
            {result.differences.length === 0 ? 'Square agrees on every one.' : `${result.agreeing} agree, ${result.differences.length} differ.`}
          </p>
          <ul className="rows">
            {result.differences.map((d) => (
              <li key={d.orderId} className="row" data-testid="books-difference">
                <div>
                  <Link to={`/admin/orders/${d.orderId}`}>{d.orderNumber ? `Order ${d.orderNumber}` : 'An unnumbered order'}</Link>
                  {d.squareUrl && (
                    <>
                      {' · '}
                      <a href={d.squareUrl} target="_blank" rel="noreferrer noopener">
                        Square order
                      </a>
                    </>
                  )}
                  <ul className="lines">
                    {d.problems.map((p, n) => (
                      <li key={`${p.code}-${n}`}>{p.detail}</li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
