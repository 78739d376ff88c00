import type { UseQueryResult } from '@tanstack/react-query';
import { formatCents, formatPrice, toCents } from '../lib/money';
import type { ShippingRates } from './cart-api';
import { chosenShippingRate, shippingOptions, type ShippingOption } from './useShippingRates';

interface Props {
  rates: UseQueryResult<ShippingRates>;
  value: ShippingOption;
  onChange: (option: ShippingOption) => void;
}

/** The server's shipping options as radios: name, description and cost ("Free" at 0.00). */
export function ShippingOptionsSection({ rates, value, onChange }: Props) {
  const options = shippingOptions(rates.data);
  const chosen = chosenShippingRate(rates.data, value)?.[0];

  let body;
  if (options.length > 0) {
    body = (
      <div className="choices" role="radiogroup" aria-labelledby="shipping-options-title" aria-busy={rates.isFetching || undefined}>
        {options.map(([key, rate]) => (
          <label key={key} className="choice">
            <input
              type="radio"
              name="shipping-option"
              value={key}
              checked={chosen === key}
              onChange={() => onChange(key)}
              aria-labelledby={`shipping-${key}-label`}
              aria-describedby={`shipping-${key}-note shipping-${key}-cost`}
            />
            <span className="choice__text">
              <span id={`shipping-${key}-label`} className="choice__label">
                {rate.name}
              </span>
              <span id={`shipping-${key}-note`} className="choice__note">
                {rate.description}
              </span>
            </span>
            <span id={`shipping-${key}-cost`} className="choice__cost">
              {costLabel(rate.cost)}
            </span>
          </label>
        ))}
      </div>
    );
  } else if (rates.isError) {
    body = <p className="muted">No shipping options for this address. Please check the ZIP code.</p>;
  } else if (rates.fetchStatus === 'idle') {
    body = <p className="muted">Enter a 5-digit ZIP code to see shipping options.</p>;
  } else {
    body = (
      <p className="muted" role="status">
        Loading shipping options...
      </p>
    );
  }

  const data = rates.data;
  return (
    <section className="checkout-card" aria-labelledby="shipping-options-title">
      <h2 id="shipping-options-title" className="checkout-card__title">
        Shipping Options
      </h2>
      {body}
      {data && options.length > 0 && (
        <p className="checkout-card__hint">
          {data.qualifiesForFreeShipping ? 'Your order qualifies for free shipping.' : `Free shipping on orders of ${formatPrice(data.freeShippingThreshold)} or more.`}
        </p>
      )}
    </section>
  );
}

/** "5.00" -> "$5.00"; nothing to pay reads "Free". */
export function costLabel(cost: string): string {
  const cents = toCents(cost);
  return cents === 0 ? 'Free' : formatCents(cents);
}
