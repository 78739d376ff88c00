import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ok, serverMessageOf, type AdminProduct } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';
import { useCategories } from './useCategories';

/** `inStock` null: it follows the quantity (in stock above 0), as shoppers will see it; true or false: the operator chose. */
const empty = { name: '', description: '', price: '', imageUrl: '', category: 'apparel', inStock: null as boolean | null, stockQuantity: '0' };

/**
 * The add-product form (Add Product stays disabled until a name and a price are given), and the same
 * form editing a product's details. The image is really uploaded.
 */
/** A form with one file field, as `multipart/form-data` sends it. */
function formWith(name: string, file: File): FormData {
  const form = new FormData();
  form.append(name, file);
  return form;
}

export function ProductForm({ product, onDone }: { product?: AdminProduct; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState(product ? { ...empty, ...product, stockQuantity: String(product.stockQuantity) } : empty);
  const units = Number.parseInt(form.stockQuantity, 10) || 0;
  const inStock = form.inStock ?? units > 0;
  const categories = useCategories();
  const set = <K extends keyof typeof empty>(key: K, value: (typeof empty)[K]) => setForm((f) => ({ ...f, [key]: value }));

  const upload = useMutation({
    // The generated types give a file field as a string (its format, binary): the form carries the File itself.
    mutationFn: (file: File) => ok(api.POST('/api/admin/uploads', { body: {}, bodySerializer: () => formWith('image', file) })),
    onSuccess: ({ imageUrl }) => {
      set('imageUrl', imageUrl);
      toast({ title: 'Image ready', description: 'The image was uploaded and resized for the web.' });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? 'Failed to upload the image', variant: 'destructive' }),
  });

  const add = useMutation({
    mutationFn: () =>
      product
        ? ok(
            api.PATCH('/api/admin/products/{id}', {
              params: { path: { id: String(product.id) } },
              body: { name: form.name, description: form.description, price: form.price, imageUrl: form.imageUrl, category: form.category },
            }),
          )
        : ok(
            api.POST('/api/admin/products', {
              body: {
                name: form.name,
                description: form.description,
                price: form.price,
                imageUrl: form.imageUrl,
                category: form.category,
                // Left out unless ticked or unticked by hand: the server then follows the quantity.
                ...(form.inStock === null ? {} : { inStock: form.inStock }),
                stockQuantity: units,
              },
            }),
          ),
    onSuccess: () => {
      toast(product ? { title: 'Product updated', description: `${form.name} has been saved.` } : { title: 'Product added', description: 'New product has been added to inventory' });
      setForm(empty);
      void client.invalidateQueries({ queryKey: ['/api/admin/products'] });
      onDone();
    },
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? (product ? 'Failed to save the product' : 'Failed to add new product'), variant: 'destructive' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  const ready = form.name.trim() !== '' && form.price.trim() !== '' && !upload.isPending;

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
        Price
        <input type="number" step="0.01" min="0" value={form.price} onChange={(e) => set('price', e.target.value)} required />
      </label>
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
      <label>
        Image
        <input type="file" accept="image/*" onChange={(e) => e.target.files?.[0] && upload.mutate(e.target.files[0])} />
      </label>
      {upload.isPending && <p className="muted">Uploading...</p>}
      {form.imageUrl && <img className="preview" src={form.imageUrl} alt="" />}
      {!product && (
        <>
          <label>
            Stock quantity
            <input type="number" min="0" step="1" value={form.stockQuantity} onChange={(e) => set('stockQuantity', e.target.value)} />
          </label>
          <label className="check">
            <input type="checkbox" checked={inStock} onChange={(e) => set('inStock', e.target.checked)} /> In stock
          </label>
          <p className="muted" data-testid="shoppers-see">
            {inStock && units > 0 ? `Shoppers can buy it: ${units} on hand.` : inStock ? 'Shoppers will see it SOLD OUT until it has stock.' : 'Shoppers will see it SOLD OUT.'}
          </p>
        </>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={!ready || add.isPending}>
          {add.isPending ? 'Saving...' : product ? 'Save Changes' : 'Add Product'}
        </button>
        <button type="button" className="button button-quiet" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
