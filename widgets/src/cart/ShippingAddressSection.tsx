import { TextField } from '../components/TextField';
import type { ShippingAddress } from './checkout-types';

const FIELDS: { key: keyof ShippingAddress; label: string; autoComplete: string; wide?: boolean; inputMode?: 'numeric' }[] = [
  { key: 'address', label: 'Street Address', autoComplete: 'address-line1', wide: true },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zipCode', label: 'ZIP Code', autoComplete: 'postal-code', inputMode: 'numeric' },
  { key: 'country', label: 'Country', autoComplete: 'country' },
];

/** Shown only when shipping is chosen. Country is prefilled (US only) and not checked. */
export function ShippingAddressSection({ value, onChange }: { value: ShippingAddress; onChange: (value: ShippingAddress) => void }) {
  return (
    <section className="checkout-card" aria-labelledby="address-title">
      <h2 id="address-title" className="checkout-card__title">Shipping Address</h2>
      <div className="form-grid">
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            id={`shipping-${field.key}`}
            label={field.label}
            wide={field.wide}
            autoComplete={`shipping ${field.autoComplete}`}
            inputMode={field.inputMode}
            required={field.key !== 'country'}
            maxLength={field.key === 'zipCode' ? 10 : undefined}
            value={value[field.key]}
            onChange={(e) => onChange({ ...value, [field.key]: e.target.value })}
          />
        ))}
      </div>
    </section>
  );
}
