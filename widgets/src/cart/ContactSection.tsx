import { useRef } from 'react';
import { httpStatusOf } from '../api/http';
import { saveCartContact } from './cart-api';
import type { ContactFields } from './checkout-types';
import { useApplyCartChange } from './useApplyCartChange';
import { TextField } from '../components/TextField';

interface Props {
  cartId: string;
  /** What the server already knows, so the same details are not sent again. */
  saved: ContactFields;
  value: ContactFields;
  onChange: (value: ContactFields) => void;
}

/** Something an address could be: one @, no spaces, a dot in the domain. The server has the last word. */
const PLAUSIBLE_EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Name and email. Leaving either field sends them once both look complete and differ from what was
 * last sent (abandoned-cart recovery): a half-typed address is never sent, and one the server refused
 * (400) is not sent again until it changes.
 */
export function ContactSection({ cartId, saved, value, onChange }: Props) {
  const applyCartChange = useApplyCartChange();
  const lastSent = useRef(`${saved.name}\n${saved.email}`);

  function saveIfComplete() {
    const name = value.name.trim();
    const email = value.email.trim();
    if (!name || !PLAUSIBLE_EMAIL.test(email)) return;
    const sent = `${name}\n${email}`;
    if (sent === lastSent.current) return;
    lastSent.current = sent;
    // `checkout`: typed at the contact step of a checkout, the only kind of address recovery emails go to.
    saveCartContact(cartId, { name, email, source: 'checkout' }).then(applyCartChange, (error: unknown) => {
      // Only logged: checkout does not depend on it. A refusal stands for these details; any other
      // failure (the network, the server) lets a later blur try again.
      console.error('Failed to save contact details', error);
      if (httpStatusOf(error) !== 400 && lastSent.current === sent) lastSent.current = '';
    });
  }

  return (
    <section className="checkout-card" aria-labelledby="contact-title">
      <h2 id="contact-title" className="checkout-card__title">Contact Information</h2>
      <div className="form-grid">
        <TextField
          id="checkout-name"
          label="Name"
          wide
          autoComplete="name"
          required
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
          onBlur={saveIfComplete}
        />
        <TextField
          id="checkout-email"
          label="Email"
          wide
          type="email"
          autoComplete="email"
          required
          value={value.email}
          onChange={(e) => onChange({ ...value, email: e.target.value })}
          onBlur={saveIfComplete}
        />
      </div>
    </section>
  );
}
