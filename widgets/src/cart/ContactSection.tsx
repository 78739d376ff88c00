import { useRef } from 'react';
import { apiErrorOf } from '@dark-circle/api-client';
import { saveCartContact } from './cart-api';
import type { CheckoutFieldId } from './checkout-fields';
import { rememberContact } from './saved-contact';
import type { ContactFields } from './checkout-types';
import { useApplyCartChange } from './useApplyCartChange';
import { TextField } from '../components/TextField';

interface Props {
  cartId: string;
  /** What this cart was last sent (this browser remembers it), so the same details are not sent again. */
  saved: ContactFields;
  value: ContactFields;
  onChange: (value: ContactFields) => void;
  /** The problems to show now, by field. */
  errors: Partial<Record<CheckoutFieldId, string>>;
  /** The shopper left a field: its format is checked from now on. */
  onLeave: (field: CheckoutFieldId) => void;
}

/** Something an address could be: one @, no spaces, a dot in the domain. The server has the last word. */
const PLAUSIBLE_EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Name and email. Leaving either field sends them once both look complete and differ from what was
 * last sent (abandoned-cart recovery): a half-typed address is never sent, and one the server refused
 * (400) is not sent again until it changes.
 */
export function ContactSection({ cartId, saved, value, onChange, errors, onLeave }: Props) {
  const applyCartChange = useApplyCartChange();
  const lastSent = useRef(`${saved.name}\n${saved.email}`);

  function saveIfComplete() {
    const name = value.name.trim();
    const email = value.email.trim();
    if (!name || !PLAUSIBLE_EMAIL.test(email)) return;
    // This browser keeps the details for the next visit; the server shows them to no one.
    rememberContact({ name, email });
    const sent = `${name}\n${email}`;
    if (sent === lastSent.current) return;
    lastSent.current = sent;
    // `checkout`: typed at the contact step of a checkout, the only kind of address recovery emails go to.
    saveCartContact(cartId, { name, email, source: 'checkout' }).then(
      (answer) => {
        rememberContact({ name, email }, cartId);
        applyCartChange(answer);
      },
      (error: unknown) => {
        // Only logged: checkout does not depend on it. A refusal stands for these details; any other
        // failure (the network, the server) lets a later blur try again.
        console.error('Failed to save contact details', error);
        if (apiErrorOf(error)?.status !== 400 && lastSent.current === sent) lastSent.current = '';
      },
    );
  }

  return (
    <section className="checkout-card" aria-labelledby="contact-title">
      <h2 id="contact-title" className="checkout-card__title">
        Contact Information
      </h2>
      <div className="form-grid">
        <TextField
          id="checkout-name"
          label="Name"
          wide
          autoComplete="name"
          required
          value={value.name}
          error={errors['checkout-name']}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
          onBlur={() => {
            onLeave('checkout-name');
            saveIfComplete();
          }}
        />
        <TextField
          id="checkout-email"
          label="Email"
          wide
          type="email"
          autoComplete="email"
          required
          value={value.email}
          error={errors['checkout-email']}
          onChange={(e) => onChange({ ...value, email: e.target.value })}
          onBlur={() => {
            onLeave('checkout-email');
            saveIfComplete();
          }}
        />
      </div>
    </section>
  );
}
