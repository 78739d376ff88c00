import { useRef } from 'react';
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

/** Name and email. Leaving either field sends them once both look complete (abandoned-cart recovery). */
export function ContactSection({ cartId, saved, value, onChange }: Props) {
  const applyCartChange = useApplyCartChange();
  const lastSent = useRef(`${saved.name}\n${saved.email}`);

  function saveIfComplete() {
    const name = value.name.trim();
    const email = value.email.trim();
    if (!name || !email.includes('@')) return;
    const sent = `${name}\n${email}`;
    if (sent === lastSent.current) return;
    lastSent.current = sent;
    saveCartContact(cartId, { name, email }).then(applyCartChange, (error: unknown) => {
      // Only logged: checkout does not depend on it, and a later blur tries again.
      console.error('Failed to save contact details', error);
      lastSent.current = '';
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
