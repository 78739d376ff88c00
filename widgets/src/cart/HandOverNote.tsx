import { useHandOver } from './hand-over';

/** What changed in a cart restored from a recovery email, while the shopper was away. */
const RESTORE_NOTES: Record<string, string> = {
  price: 'Some prices have changed since you left: your cart shows today’s prices.',
  soldout: 'Something in your cart has sold out since, and was taken out.',
  lowered: 'We have fewer of something than you had chosen, so its quantity was lowered.',
};

/** Why fewer pieces came over in a merge than the other cart held. */
const MERGE_NOTES: Record<string, string> = {
  soldout: 'Something in the linked cart has sold out, so it was not added.',
  lowered: 'We have fewer of something than the two carts held together, so its quantity was lowered.',
};

const pieces = (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`;

/**
 * The cart page's word on a cart that came by link: "Welcome back" for a recovery email's cart, what
 * was merged into the shopper's own cart (which they keep), or why the link did not work. A
 * widget's cart taken by a browser with an empty cart needs no word: it is simply the cart shown.
 */
export function HandOverNote() {
  const handOver = useHandOver();
  if (handOver.status === 'failed') {
    return (
      <div className="notice hand-over-note" role="alert">
        <p>{handOver.message}</p>
        <p>Your cart is as it was.</p>
      </div>
    );
  }
  if (handOver.status !== 'done') return null;
  const { kind, answer } = handOver;
  const notes = answer.notes.map((n) => (kind === 'restore' ? RESTORE_NOTES : MERGE_NOTES)[n]).filter(Boolean);
  let lead: string | undefined;
  if (kind === 'restore') {
    lead =
      answer.outcome === 'merged'
        ? `Welcome back: ${answer.added ? `${pieces(answer.added)} from the cart you left ${answer.added === 1 ? 'was' : 'were'} added to your cart` : 'the pieces you left are already in your cart'}; everything you had is still here.`
        : `Welcome back: here is your cart${notes.length ? '.' : ', just as you left it.'}`;
  } else if (answer.outcome === 'merged') {
    lead = answer.added
      ? `We added ${pieces(answer.added)} from the linked cart to yours; everything already in your cart is still here.`
      : notes.length
        ? 'Nothing from the linked cart could be added to yours; your cart is as it was.'
        : 'Everything in the linked cart is already in yours.';
  }
  if (!lead) return null;
  return (
    <div className="notice hand-over-note" role="status">
      <p>{lead}</p>
      {notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
    </div>
  );
}
