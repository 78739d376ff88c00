import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { apiErrorOf } from '@dark-circle/api-client';
import { shopperMessageOf } from '../api/refusals';
import { useToast } from '../toast/toast-context';
import { NEWSLETTER_DISCOUNT_CODE, useSubscribe } from './newsletter-api';

/**
 * The newsletter card (on the home page under the shop's first row of products): the form on the front, a thank-you on the back, and a link there that
 * turns it round for another email. The hidden face is inert, so keyboard and screen readers only
 * ever meet the side that shows.
 */
export function NewsletterCard() {
  const id = useId();
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [flipped, setFlipped] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The home page arrives prerendered: an address typed before React took the page over is in the
  // field but not in state, and would leave Subscribe disabled.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed) setEmail(typed);
  }, []);
  const subscription = useSubscribe();
  const submitting = subscription.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address || submitting) return;
    subscription.mutate(address, {
      onSuccess: () => {
        toast({ title: 'Welcome to the Dark Circle!', description: "You've been added to our newsletter and our customer list. Your code is on its way to your inbox." });
        setFlipped(true);
      },
      onError: (error) => {
        // A refusal the shopper can act on (a mistyped address, too many tries) says what to do.
        const status = apiErrorOf(error)?.status;
        const message = status === 400 || status === 429 ? shopperMessageOf(error) : undefined;
        toast({ title: 'Something went wrong', description: message ?? 'Please try again later.', variant: 'destructive' });
      },
    });
  }

  function again() {
    setEmail('');
    subscription.reset();
    setFlipped(false);
  }

  return (
    <div className={`newsletter-card${flipped ? ' newsletter-card--flipped' : ''}`} data-testid="newsletter-card" data-flipped={flipped}>
      <div className="newsletter-card__inner">
        <section className="newsletter-card__face newsletter-card__front" inert={flipped} aria-hidden={flipped} aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="newsletter-card__title">
            Join the Circle
          </h2>
          <p>
            New pieces, market dates and open-studio nights, plus <strong>10% off your first order</strong>.
          </p>
          <p className="newsletter-card__code">
            Code: <span>{NEWSLETTER_DISCOUNT_CODE}</span>
          </p>
          <form className="newsletter-card__form" onSubmit={submit} noValidate={false}>
            <label className="visually-hidden" htmlFor={`${id}-email`}>
              Email address
            </label>
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              required
              autoComplete="email"
              placeholder="your@email.com"
              ref={input}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="button" disabled={!email.trim() || submitting}>
              {submitting ? 'Joining...' : 'Subscribe'}
            </button>
          </form>
        </section>
        <section className="newsletter-card__face newsletter-card__back" inert={!flipped} aria-hidden={!flipped} aria-live="polite">
          <h2 className="newsletter-card__title">Thank you!</h2>
          <p>You're in the Circle. Your welcome email with the code is on its way.</p>
          <p className="newsletter-card__code">
            Your code: <span>{NEWSLETTER_DISCOUNT_CODE}</span>
          </p>
          <button type="button" className="link-button" onClick={again}>
            Subscribe another email
          </button>
        </section>
      </div>
    </div>
  );
}
