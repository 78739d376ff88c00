import { useId, useState } from 'react';

interface Props {
  value: number;
  /** The most that may be added now (at least 1): what is left of the variant, under the cart's line limit. */
  max: number;
  /** Given the quantity from the value held now, not the one last drawn: two quick taps on + add two. */
  onChange: (next: (current: number) => number) => void;
  disabled?: boolean;
}

/** A whole number between 1 and max; anything else typed falls back to the nearest bound (1 for no number). */
export function clampQuantity(raw: number, max: number): number {
  if (!Number.isFinite(raw)) return 1;
  return Math.min(Math.max(Math.trunc(raw), 1), Math.max(max, 1));
}

/**
 * How many to add: minus, a number field, plus. At a bound its button is aria-disabled rather than
 * disabled, so the keyboard focus stays on it. Typing is kept as typed until the field is left (or Enter),
 * then brought within 1..max, so a shopper can clear the field and type 12.
 */
export function QuantityStepper({ value, max, onChange, disabled = false }: Props) {
  const inputId = useId();
  // What is typed, while it is being typed; otherwise the field shows the value itself (drawn with it, not an effect later).
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const next = clampQuantity(Number(draft === '' ? NaN : draft), max);
    setDraft(null);
    if (next !== value) onChange(() => next);
  };
  return (
    <div className="stepper quantity-stepper" role="group" aria-labelledby={`${inputId}-label`}>
      <label id={`${inputId}-label`} htmlFor={inputId} className="visually-hidden">
        Quantity
      </label>
      <button
        type="button"
        className="stepper__button"
        aria-label="Decrease quantity"
        aria-disabled={disabled || value <= 1}
        onClick={() => !disabled && onChange((current) => clampQuantity(current - 1, max))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        id={inputId}
        className="stepper__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(max, 1)}
        step={1}
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      <button
        type="button"
        className="stepper__button"
        aria-label="Increase quantity"
        aria-disabled={disabled || value >= max}
        onClick={() => !disabled && onChange((current) => clampQuantity(current + 1, max))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
