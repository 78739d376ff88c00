import { comboKey, variantName, type VariantDraft } from './sizes';

/** A new combination's fields: no SKU, none in stock, the product's price and first picture. */
export const NEW_VARIANT: VariantDraft = { price: '', sku: '', stockQuantity: '0', imageUrl: '' };

/**
 * One row per combination of the options' values: its price (empty: the product's), SKU, units on
 * hand and its own picture, chosen from the product's.
 */
export function VariantsTable({
  combos,
  drafts,
  defaultPrice,
  images,
  onChange,
}: {
  combos: string[][];
  drafts: Record<string, VariantDraft>;
  defaultPrice: string;
  images: string[];
  onChange: (key: string, patch: Partial<VariantDraft>) => void;
}) {
  return (
    <div className="variants">
      <table className="data-table variants-table" aria-label="Variants">
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">Price</th>
            <th scope="col">SKU</th>
            <th scope="col">Stock</th>
            <th scope="col">Picture</th>
          </tr>
        </thead>
        <tbody>
          {combos.map((values) => {
            const key = comboKey(values);
            const draft = drafts[key] ?? NEW_VARIANT;
            const name = variantName(values);
            // A picture since removed from the gallery is no longer offered: the variant shows the product's.
            const picture = images.includes(draft.imageUrl) ? draft.imageUrl : '';
            const shown = picture || images[0];
            return (
              <tr key={key} data-testid="variant-row">
                <th scope="row">{name}</th>
                <td data-label="Price">
                  <input
                    type="number"
                    step="0.01"
                    min="0"
                    value={draft.price}
                    placeholder={defaultPrice}
                    aria-label={`Price of ${name}`}
                    onChange={(e) => onChange(key, { price: e.target.value })}
                  />
                </td>
                <td data-label="SKU">
                  <input value={draft.sku} maxLength={64} aria-label={`SKU of ${name}`} onChange={(e) => onChange(key, { sku: e.target.value })} />
                </td>
                <td data-label="Stock">
                  <input
                    type="number"
                    min="0"
                    step="1"
                    inputMode="numeric"
                    value={draft.stockQuantity}
                    aria-label={`Stock of ${name}`}
                    onChange={(e) => onChange(key, { stockQuantity: e.target.value })}
                  />
                </td>
                <td data-label="Picture">
                  <span className="variant-picture">
                    {shown ? <img className="thumb" src={shown} alt="" width={40} height={40} /> : <span className="thumb" />}
                    <select value={picture} aria-label={`Picture of ${name}`} disabled={!images.length} onChange={(e) => onChange(key, { imageUrl: e.target.value })}>
                      <option value="">Product's first</option>
                      {images.map((url, n) => (
                        <option key={url} value={url}>
                          Picture {n + 1}
                        </option>
                      ))}
                    </select>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
