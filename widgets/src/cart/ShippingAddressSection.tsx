import { SelectField, TextField } from '../components/TextField';
import type { CheckoutFieldId } from './checkout-fields';
import type { ShippingAddress } from './checkout-types';
import { US_STATES } from './us-states';

const FIELDS: { key: Exclude<keyof ShippingAddress, 'country'>; label: string; autoComplete: string; wide?: boolean; inputMode?: 'numeric' }[] = [
  { key: 'address', label: 'Street Address', autoComplete: 'address-line1', wide: true },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zipCode', label: 'ZIP Code', autoComplete: 'postal-code', inputMode: 'numeric' },
];

interface Props {
  value: ShippingAddress;
  onChange: (value: ShippingAddress) => void;
  /** The problems to show now, by field. */
  errors: Partial<Record<CheckoutFieldId, string>>;
  /** The shopper left a field: its format is checked from now on. */
  onLeave: (field: CheckoutFieldId) => void;
}

/**
 * Shown only when shipping is chosen. The state is chosen from a list; the shop ships within the
 * US only, so the country is shown rather than typed (the address keeps its prefilled 'US').
 */
export function ShippingAddressSection({ value, onChange, errors, onLeave }: Props) {
  return (
    <section className="checkout-card" aria-labelledby="address-title">
      <h2 id="address-title" className="checkout-card__title">
        Shipping Address
      </h2>
      <div className="form-grid">
        {FIELDS.map(({ key, label, autoComplete, wide, inputMode }) => {
          const checked = `shipping-${key}` as const;
          const common = {
            id: `shipping-${key}`,
            label,
            wide,
            autoComplete: `shipping ${autoComplete}`,
            required: true,
            value: value[key],
            error: errors[checked],
            onBlur: () => onLeave(checked),
          };
          if (key === 'state') {
            return (
              <SelectField key={key} {...common} onChange={(e) => onChange({ ...value, state: e.target.value })}>
                <option value="">Choose...</option>
                {US_STATES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </SelectField>
            );
          }
          return <TextField key={key} {...common} inputMode={inputMode} maxLength={key === 'zipCode' ? 10 : undefined} onChange={(e) => onChange({ ...value, [key]: e.target.value })} />;
        })}
        <p className="field field--static" data-testid="shipping-country">
          <span className="field__label">Country</span>
          United States <span className="muted">(we ship within the US only)</span>
        </p>
      </div>
    </section>
  );
}
