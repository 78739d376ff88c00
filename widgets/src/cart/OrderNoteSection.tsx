/** The longest note the shop takes (the server refuses more). */
export const ORDER_NOTE_MAX = 500;

/** The cart page's optional "Order note": a word to the studio (a gift message, a wish), on the order, its email and its packing slip. */
export function OrderNoteSection({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <section className="checkout-card" aria-labelledby="order-note-title">
      <h2 id="order-note-title" className="checkout-card__title">
        Order Note
      </h2>
      <div className="field field--wide">
        <label htmlFor="checkout-note">Order note (optional)</label>
        <textarea
          id="checkout-note"
          className="order-note"
          rows={3}
          maxLength={ORDER_NOTE_MAX}
          value={value}
          aria-describedby="checkout-note-hint"
          placeholder="A gift message, or anything the studio should know"
          onChange={(e) => onChange(e.target.value)}
        />
        <p id="checkout-note-hint" className="field__hint">
          {ORDER_NOTE_MAX - value.length} characters left
        </p>
      </div>
    </section>
  );
}
