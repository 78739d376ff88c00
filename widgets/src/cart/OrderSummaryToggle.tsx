import type { ReactNode } from 'react';

interface Props {
  open: boolean;
  onToggle: () => void;
  /** "$32.00", or what stands for a total still to be calculated. */
  total: string;
  /** The items and the order summary. */
  children: ReactNode;
}

/**
 * The order column. On a phone it comes first, as a "Show order summary · $total" bar over the items
 * and totals, with the discount field always in view below it; Complete Order is the page's last
 * step. From 900 px it is the checkout's right-hand column, always open, and the bar is not shown.
 */
export function OrderSummaryToggle({ open, onToggle, total, children }: Props) {
  return (
    <div className={`checkout__order${open ? '' : ' checkout__order--collapsed'}`} data-testid="checkout-order">
      <button type="button" className="summary-toggle" aria-expanded={open} aria-controls="checkout-order-body" onClick={onToggle}>
        <span className="summary-toggle__label">
          {open ? 'Hide' : 'Show'} order summary
          <svg className="summary-toggle__chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </span>
        {/* Read as "Show order summary · $32.00"; the eye sees the total at the bar's far end. */}
        <span className="visually-hidden"> · </span>
        <span className="summary-toggle__total" data-testid="summary-toggle-total">
          {total}
        </span>
      </button>
      <div id="checkout-order-body" className="checkout__order-body">
        {children}
      </div>
    </div>
  );
}
