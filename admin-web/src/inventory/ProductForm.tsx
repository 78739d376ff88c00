import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ok, serverMessageOf, type AdminProduct, type RequestBody } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';
import { OptionsEditor } from './OptionsEditor';
import { PictureList } from './PictureList';
import { combinations, comboKey, draftsOf, optionsOf, type OptionDraft, type VariantDraft } from './sizes';
import { useCategories } from './useCategories';
import { ADMIN_PRODUCTS, unitsFrom } from './useSetStock';
import { NEW_VARIANT, VariantsTable } from './VariantsTable';

/** `inStock` null: it follows the quantity (in stock above 0), as shoppers will see it; true or false: the operator chose. */
const empty = { name: '', description: '', price: '', category: 'apparel', inStock: null as boolean | null, stockQuantity: '0', allowZeroPrice: false, sizeGuide: '' };

/** What the storefront will show of a new one-variant product: nothing at all while it is a draft. */
function shoppersSee(inStock: boolean, units: number, published: boolean): string {
  const seen = inStock && units > 0 ? `can buy it: ${units} on hand.` : inStock ? 'will see it SOLD OUT until it has stock.' : 'will see it SOLD OUT.';
  return published ? `Shoppers ${seen}` : `Once published, shoppers ${seen}`;
}

/** A new product is a draft (shoppers and Square do not see it) unless the studio chooses Publish now. */
const DRAFT_HINT = 'Saved as a draft: shoppers will not see it, and it is not sent to Square, until you publish it.';
const PUBLISH_HINT = 'Shoppers will see it (and Square will have it) as soon as it is added.';

/** A price the form holds that is $0.00 (an empty one is not a price yet). */
const isZero = (price: string) => price.trim() !== '' && Number(price) === 0;

/**
 * The add-product form (Add Product stays disabled until a name and a price are given), and the same
 * form editing a product's details. Pictures are really uploaded. With options (sizes), each
 * combination is a variant with its own price, SKU, stock and picture; without, the product has one.
 */
export function ProductForm({ product, onDone }: { product?: AdminProduct; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState(product ? { ...empty, ...product, stockQuantity: String(product.stockQuantity) } : empty);
  const [images, setImages] = useState(product?.images ?? []);
  const [optionDrafts, setOptionDrafts] = useState<OptionDraft[]>(() => (product ? draftsOf(product).options : []));
  const [variantDrafts, setVariantDrafts] = useState<Record<string, VariantDraft>>(() => (product ? draftsOf(product).variants : {}));
  const [uploading, setUploading] = useState(false);
  const [publishNow, setPublishNow] = useState(false);
  const units = Number.parseInt(form.stockQuantity, 10) || 0;
  const inStock = form.inStock ?? units > 0;
  const categories = useCategories();
  const set = <K extends keyof typeof empty>(key: K, value: (typeof empty)[K]) => setForm((f) => ({ ...f, [key]: value }));

  const options = optionsOf(optionDrafts);
  const combos = combinations(options);
  const sized = combos.length > 0;
  // Without options the one stock field shows when adding, and when a sized product goes back to one variant; otherwise stock is set in the inventory.
  const stockHere = !product || (!sized && product.options.length > 0);
  const changeVariant = (key: string, patch: Partial<VariantDraft>) => setVariantDrafts((d) => ({ ...d, [key]: { ...(d[key] ?? NEW_VARIANT), ...patch } }));

  const savedStock = (id?: string) => product?.variants.find((v) => v.id === id)?.stockQuantity;
  /** The variants as the API takes them, one per combination; a draft no longer among them is left out, so the API archives it. */
  const variantsBody = () =>
    combos.map((values) => {
      const draft = variantDrafts[comboKey(values)] ?? NEW_VARIANT;
      const sku = draft.sku.trim();
      const units = unitsFrom(draft.stockQuantity);
      return {
        ...(draft.id ? { id: draft.id } : {}),
        options: Object.fromEntries(options.map((o, n) => [o.name, values[n]])),
        price: draft.price.trim() || form.price,
        // An existing variant's stock goes only when changed here: a sale meanwhile is not undone.
        ...(units === savedStock(draft.id) ? {} : { stockQuantity: units }),
        ...(sku ? { sku } : {}),
        imageUrl: images.includes(draft.imageUrl) ? draft.imageUrl : '',
      };
    });
  // Sent when ticked on a new product, or changed on one that exists.
  const zeroPrice = (product ? form.allowZeroPrice !== product.allowZeroPrice : form.allowZeroPrice) ? { allowZeroPrice: form.allowZeroPrice } : {};
  const details = { name: form.name, description: form.description, sizeGuide: form.sizeGuide, images, category: form.category, ...zeroPrice };
  const zeroPriced = sized ? variantsBody().some((v) => isZero(v.price)) : isZero(form.price);
  const sizes = sized ? { options, variants: variantsBody() } : product?.options.length ? { options: [], variants: [{ options: {}, price: form.price, stockQuantity: units }] } : {};

  const save = useMutation({
    mutationFn: () => {
      if (product) {
        const body: RequestBody<'/api/admin/products/{id}', 'patch'> = { ...details, ...(sized ? {} : { price: form.price }), ...sizes };
        return ok(api.PATCH('/api/admin/products/{id}', { params: { path: { id: String(product.id) } }, body }));
      }
      const status = publishNow ? 'active' : 'draft';
      const body: RequestBody<'/api/admin/products', 'post'> = sized
        ? { ...details, ...sizes, status }
        : // inStock is left out unless ticked or unticked by hand: the server then follows the quantity.
          { ...details, price: form.price, ...(form.inStock === null ? {} : { inStock: form.inStock }), stockQuantity: units, status };
      return ok(api.POST('/api/admin/products', { body }));
    },
    onSuccess: () => {
      toast(
        product
          ? { title: 'Product updated', description: `${form.name} has been saved.` }
          : { title: publishNow ? 'Product added' : 'Draft saved', description: 'New product has been added to inventory' },
      );
      void client.invalidateQueries({ queryKey: [ADMIN_PRODUCTS] });
      onDone();
    },
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? (product ? 'Failed to save the product' : 'Failed to add new product'), variant: 'destructive' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const ready = form.name.trim() !== '' && form.price.trim() !== '' && !uploading;

  return (
    <form className="card product-form" onSubmit={submit} aria-label={product ? `Edit ${product.name}` : 'Add New Product'}>
      <h2>{product ? 'Edit Product' : 'Add New Product'}</h2>
      <label>
        Name
        <input value={form.name} onChange={(e) => set('name', e.target.value)} required maxLength={120} />
      </label>
      <label>
        Description
        <textarea value={form.description} onChange={(e) => set('description', e.target.value)} rows={3} maxLength={5000} />
      </label>
      <label>
        Size guide
        <textarea value={form.sizeGuide} onChange={(e) => set('sizeGuide', e.target.value)} rows={3} maxLength={3000} aria-describedby="size-guide-hint" />
      </label>
      <p id="size-guide-hint" className="muted">
        How the sizes fit (measurements, the model's size). Shoppers open it from a Size guide link beside the sizes; left empty, there is none.
      </p>
      <label>
        Price
        <input type="number" step="0.01" min="0" value={form.price} onChange={(e) => set('price', e.target.value)} required aria-describedby={sized ? 'price-hint' : undefined} />
      </label>
      {sized && (
        <p id="price-hint" className="muted">
          Every variant's price unless it has its own below.
        </p>
      )}
      <label className="check">
        <input type="checkbox" checked={form.allowZeroPrice} onChange={(e) => set('allowZeroPrice', e.target.checked)} /> Sell at $0.00
      </label>
      {zeroPriced && !form.allowZeroPrice && (
        <p className="muted" data-testid="zero-price-hint">
          Shoppers will not see or buy what is priced $0.00 unless Sell at $0.00 is ticked.
        </p>
      )}
      <label>
        Category
        <select value={form.category} onChange={(e) => set('category', e.target.value)}>
          {(categories.data ?? [{ slug: 'apparel', label: 'Clothing' }]).map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <PictureList images={images} onChange={setImages} onUploading={setUploading} />
      <OptionsEditor options={optionDrafts} onChange={setOptionDrafts} />
      {sized && <VariantsTable combos={combos} drafts={variantDrafts} defaultPrice={form.price} images={images} onChange={changeVariant} />}
      {!sized && stockHere && (
        <>
          <label>
            Stock quantity
            <input type="number" min="0" step="1" value={form.stockQuantity} onChange={(e) => set('stockQuantity', e.target.value)} />
          </label>
          {!product && (
            <>
              <label className="check">
                <input type="checkbox" checked={inStock} onChange={(e) => set('inStock', e.target.checked)} /> In stock
              </label>
              <p className="muted" data-testid="shoppers-see">
                {shoppersSee(inStock, units, publishNow)}
              </p>
            </>
          )}
        </>
      )}
      {!product && (
        <>
          <label className="check">
            <input type="checkbox" checked={publishNow} onChange={(e) => setPublishNow(e.target.checked)} /> Publish now
          </label>
          <p className="muted" data-testid="publish-hint">
            {publishNow ? PUBLISH_HINT : DRAFT_HINT}
          </p>
        </>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={!ready || save.isPending}>
          {save.isPending ? 'Saving...' : product ? 'Save Changes' : 'Add Product'}
        </button>
        <button type="button" className="button button-quiet" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
