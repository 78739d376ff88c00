import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/http';
import type { RestoredCart } from '../api/schema';

/** The parameter a recovery email's restore link arrives with: its signed token. */
const RESTORE_PARAM = 'restore';

const NOTES: Record<string, string> = {
  price: 'Some prices have changed since you left: your cart shows today’s prices.',
  soldout: 'Something in your cart has sold out since, and was taken out.',
  lowered: 'We have fewer of something than you had chosen, so its quantity was lowered.',
};

/**
 * A cart opened from a recovery email: the page posts the link's token (opening the link itself
 * changes nothing, since mail scanners open links too), which records the return and brings the
 * cart up to date; then "Welcome back" with what changed. Read after the first render (the page
 * may be prerendered, without the parameter), and dropped from the address bar at once.
 */
export function RestoredCartNote() {
  const client = useQueryClient();
  const [notes, setNotes] = useState<string[] | undefined>();
  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get(RESTORE_PARAM);
    if (token === null) return;
    url.searchParams.delete(RESTORE_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    // Not cancelled on unmount: the token has left the address bar, so this is the one request (StrictMode's second run finds no token).
    apiRequest('POST', '/api/cart/restore', { token })
      .then((res) => res.json() as Promise<RestoredCart>)
      .then((body) => {
        setNotes(body.notes.filter((n) => Object.hasOwn(NOTES, n)));
        void client.invalidateQueries({ queryKey: ['/api/cart'] });
      })
      // The cart shows as it is; a link that stopped working since it was opened has nothing more to say.
      .catch(() => undefined);
  }, [client]);
  if (!notes) return null;
  return (
    <div className="notice restored-note" role="status">
      <p>Welcome back: here is your cart{notes.length ? '.' : ', just as you left it.'}</p>
      {notes.map((n) => (
        <p key={n}>{NOTES[n]}</p>
      ))}
    </div>
  );
}
