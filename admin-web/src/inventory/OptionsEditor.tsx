import { useEffect, useRef, useState } from 'react';
import { MAX_OPTIONS, type OptionDraft } from './sizes';

/**
 * The product's options (Size: S, M, L), at most three; each value list typed comma-separated. For the
 * keyboard, an added option takes the focus (its first empty field), and a removal leaves it on Add option.
 */
export function OptionsEditor({ options, onChange }: { options: OptionDraft[]; onChange: (options: OptionDraft[]) => void }) {
  const box = useRef<HTMLFieldSetElement>(null);
  const [focus, setFocus] = useState<'added' | 'removed' | null>(null);
  const change = (n: number, patch: Partial<OptionDraft>) => onChange(options.map((o, i) => (i === n ? { ...o, ...patch } : o)));

  useEffect(() => {
    if (!focus) return;
    const rows = box.current?.querySelectorAll('[data-testid="option"]');
    const added = [...(rows?.[rows.length - 1]?.querySelectorAll('input') ?? [])].find((input) => !input.value);
    (focus === 'added' ? added : box.current?.querySelector<HTMLButtonElement>('[data-add-option]'))?.focus();
    setFocus(null);
  }, [focus]);

  return (
    <fieldset className="options-editor" ref={box}>
      <legend>Options</legend>
      {options.length === 0 && <p className="muted">One price and stock for the product. Add an option (such as Size) to sell it in several.</p>}
      {options.map((o, n) => (
        <div className="option-row" key={n} data-testid="option">
          <label>
            Option {n + 1}
            <input value={o.name} placeholder="Size" maxLength={60} onChange={(e) => change(n, { name: e.target.value })} />
          </label>
          <label>
            Values of option {n + 1}
            <input value={o.valuesText} placeholder="S, M, L, XL" aria-describedby="option-values-hint" onChange={(e) => change(n, { valuesText: e.target.value })} />
          </label>
          <button
            type="button"
            className="link-button"
            aria-label={`Remove option ${n + 1}`}
            onClick={() => {
              onChange(options.filter((_, i) => i !== n));
              setFocus('removed');
            }}
          >
            Remove
          </button>
        </div>
      ))}
      {options.length > 0 && (
        <p id="option-values-hint" className="muted">
          Separate values with commas. Each combination is one variant below.
        </p>
      )}
      {options.length < MAX_OPTIONS && (
        <button
          type="button"
          className="button button-quiet"
          data-add-option
          onClick={() => {
            onChange([...options, { name: options.length ? '' : 'Size', valuesText: '' }]);
            setFocus('added');
          }}
        >
          Add option
        </button>
      )}
    </fieldset>
  );
}
