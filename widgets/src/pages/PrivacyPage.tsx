import { ContactEmail } from '../site/ContactEmail';
import { PolicyPage } from './PolicyPage';

export function PrivacyPage() {
  return (
    <PolicyPage title="Privacy" updated="November 2026">
      <p>
        The Dark Circle is a two-person embroidery studio. We collect only what we need to make and deliver your order and, if you ask for it, to send our newsletter. We do not sell or rent
        your information to anyone.
      </p>

      <h2>What we keep, and why</h2>
      <ul>
        <li>
          <strong>Orders:</strong> your name, email address, the items you bought and, for shipped orders, your delivery address. We use them to fulfil the order, send your confirmation and
          answer questions about it, and keep them as our tax records require.
        </li>
        <li>
          <strong>Payments:</strong> card details are entered into a form provided by Square, our payment processor, and go straight to Square. We never see or store your card number; we
          keep Square's payment id and the card brand and last four digits.
        </li>
        <li>
          <strong>Your cart:</strong> your browser stores a random cart id so your cart survives a reload. If you enter your name and email at checkout but do not finish, we may email you
          once about the cart you left.
        </li>
        <li>
          <strong>Newsletter:</strong> your email address (and name, if you gave one). Subscribers are also added to our customer list at Square so the first-order discount and any order
          history stay together.
        </li>
      </ul>

      <h2>Newsletter and unsubscribing</h2>
      <p>Every newsletter email has an unsubscribe link that works without signing in. After you unsubscribe we send no more newsletter email; order emails still reach you when you buy.</p>

      <h2>Cookies and third parties</h2>
      <p>
        The shop uses no advertising or tracking cookies. The home page shows pictures from our Instagram account, loaded from Instagram's servers; the card form is loaded from Square. Their
        own privacy policies apply to what they receive.
      </p>

      <h2>Your choices</h2>
      <p>
        You can ask us what we hold about you, ask us to correct it, or ask us to delete it (except what we must keep for tax records). Write to <ContactEmail /> and we will answer within 30
        days.
      </p>
    </PolicyPage>
  );
}
