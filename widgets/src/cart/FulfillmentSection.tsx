import type { FulfillmentMethod } from './checkout-types';

const METHODS: { value: FulfillmentMethod; label: string; note: string }[] = [
  { value: 'pickup', label: 'Local Pickup', note: 'Free. Collect it from the studio; we contact you within 1-2 business days.' },
  { value: 'shipping', label: 'Shipping', note: 'Sent to an address in the United States.' },
];

/** Pickup or shipping; each radio's name is just its label, the note is its description. */
export function FulfillmentSection({ value, onChange }: { value: FulfillmentMethod; onChange: (value: FulfillmentMethod) => void }) {
  return (
    <section className="checkout-card" aria-labelledby="fulfillment-title">
      <h2 id="fulfillment-title" className="checkout-card__title">
        Fulfillment Method
      </h2>
      <div className="choices" role="radiogroup" aria-labelledby="fulfillment-title">
        {METHODS.map((method) => (
          <label key={method.value} className="choice">
            <input
              type="radio"
              name="fulfillment"
              value={method.value}
              checked={value === method.value}
              onChange={() => onChange(method.value)}
              aria-labelledby={`fulfillment-${method.value}-label`}
              aria-describedby={`fulfillment-${method.value}-note`}
            />
            <span className="choice__text">
              <span id={`fulfillment-${method.value}-label`} className="choice__label">
                {method.label}
              </span>
              <span id={`fulfillment-${method.value}-note`} className="choice__note">
                {method.note}
              </span>
            </span>
          </label>
        ))}
      </div>
    </section>
  );
}
