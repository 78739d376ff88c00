import { useEffect, useState } from 'react';

/** The parameter a recovery email's restore link arrives with: what changed while the shopper was away. */
const RESTORED_PARAM = 'restored';

const NOTES: Record<string, string> = {
  price: 'Some prices have changed since you left: your cart shows today’s prices.',
  soldout: 'Something in your cart has sold out since, and was taken out.',
  lowered: 'We have fewer of something than you had chosen, so its quantity was lowered.',
};

/**
 * "Welcome back" above a cart restored from a recovery email, with what changed. Read after the
 * first render (the page may be prerendered, without the parameter), then dropped from the
 * address bar so a reload does not say it again.
 */
export function RestoredCartNote() {
  const [notes, setNotes] = useState<string[] | undefined>();
  useEffect(() => {
    const url = new URL(window.location.href);
    const restored = url.searchParams.get(RESTORED_PARAM);
    if (restored === null) return;
    setNotes(restored.split(',').filter((n) => Object.hasOwn(NOTES, n)));
    url.searchParams.delete(RESTORED_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
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
