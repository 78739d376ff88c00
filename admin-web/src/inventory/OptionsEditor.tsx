import { MAX_OPTIONS, type OptionDraft } from './sizes';

/** The product's options (Size: S, M, L), at most three; each value list typed comma-separated. */
export function OptionsEditor({ options, onChange }: { options: OptionDraft[]; onChange: (options: OptionDraft[]) => void }) {
  const change = (n: number, patch: Partial<OptionDraft>) => onChange(options.map((o, i) => (i === n ? { ...o, ...patch } : o)));
  return (
    <fieldset className="options-editor">
      <legend>Options</legend>
      {options.length === 0 && <p className="muted">One price and stock for the product. Add an option (such as Size) to sell it in several.</p>}
      {options.map((o, n) => (
        <div className="option-row" key={n} data-testid="option">
          <label>
            Option {n + 1}
            <input value={o.name} placeholder="Size" maxLength={40} onChange={(e) => change(n, { name: e.target.value })} />
          </label>
          <label>
            Values of option {n + 1}
            <input value={o.valuesText} placeholder="S, M, L, XL" aria-describedby="option-values-hint" onChange={(e) => change(n, { valuesText: e.target.value })} />
          </label>
          <button type="button" className="link-button" aria-label={`Remove option ${n + 1}`} onClick={() => onChange(options.filter((_, i) => i !== n))}>
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
        <button type="button" className="button button-quiet" onClick={() => onChange([...options, { name: options.length ? '' : 'Size', valuesText: '' }])}>
          Add option
        </button>
      )}
    </fieldset>
  );
}
