import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ok, serverMessageOf, type AdminDiscount, type AdminProduct } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useCategories } from '../inventory/useCategories';
import { useToast } from '../toast/toast';
import { DISCOUNTS } from './DiscountsPage';
import { fromStudioInput, toStudioInput } from './studio-times';

type Kind = AdminDiscount['type'];

interface Fields {
  code: string;
  automatic: boolean;
  type: Kind;
  value: string;
  minimumSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  oncePerCustomer: boolean;
  productIds: number[];
  categories: string[];
  combines: boolean;
  description: string;
}

const blank: Fields = {
  code: '',
  automatic: false,
  type: 'percentage',
  value: '',
  minimumSubtotal: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  oncePerCustomer: false,
  productIds: [],
  categories: [],
  combines: false,
  description: '',
};

const fieldsOf = (d: AdminDiscount, timeZone: string): Fields => ({
  code: d.code,
  automatic: d.automatic,
  type: d.type,
  value: d.value === null ? '' : String(d.value),
  minimumSubtotal: d.minimumSubtotal ?? '',
  startsAt: toStudioInput(d.startsAt, timeZone),
  endsAt: toStudioInput(d.endsAt, timeZone),
  usageLimit: d.usageLimit === null ? '' : String(d.usageLimit),
  oncePerCustomer: d.oncePerCustomer,
  productIds: d.productIds,
  categories: d.categories,
  combines: d.combines,
  description: d.description,
});

const toggled = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

/** Makes a code or an automatic sale, or changes one; the server checks every field again. */
export function DiscountForm({ discount, timeZone, products, onDone }: { discount?: AdminDiscount; timeZone: string; products: AdminProduct[]; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const categories = useCategories();
  const [form, setForm] = useState<Fields>(discount ? fieldsOf(discount, timeZone) : blank);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setForm((f) => ({ ...f, [key]: value }));
  const sale = form.automatic;

  const save = useMutation({
    mutationFn: () => {
      const body = {
        type: form.type,
        value: form.type === 'free-shipping' ? null : form.type === 'percentage' ? Number(form.value) : form.value,
        minimumSubtotal: sale ? null : form.minimumSubtotal || null,
        startsAt: fromStudioInput(form.startsAt, timeZone),
        endsAt: fromStudioInput(form.endsAt, timeZone),
        usageLimit: sale || !form.usageLimit ? null : Number(form.usageLimit),
        oncePerCustomer: !sale && form.oncePerCustomer,
        productIds: form.productIds,
        categories: form.categories,
        combines: form.combines,
        automatic: sale,
        description: form.description,
      };
      if (discount) return ok(api.PATCH('/api/admin/discounts/{code}', { params: { path: { code: discount.code } }, body }));
      return ok(api.POST('/api/admin/discounts', { body: { ...body, ...(form.code.trim() ? { code: form.code.trim() } : {}) } }));
    },
    onSuccess: (saved) => {
      toast(discount ? { title: 'Discount updated', description: `${saved.code} has been saved.` } : { title: 'Discount added', description: `${saved.code} is ready.` });
      void client.invalidateQueries({ queryKey: [DISCOUNTS] });
      onDone();
    },
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? 'Failed to save the discount', variant: 'destructive' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const ready = (sale || discount || form.code.trim() !== '') && (form.type === 'free-shipping' || form.value.trim() !== '');
  const title = discount ? `Edit ${discount.code}` : 'Add Discount';

  return (
    <form className="card product-form" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      {!discount && (
        <label className="check">
          <input
            type="checkbox"
            checked={sale}
            onChange={(e) => setForm((f) => ({ ...f, automatic: e.target.checked, type: e.target.checked && f.type === 'free-shipping' ? 'percentage' : f.type }))}
          />
          Automatic sale: no code, the sale price shows on the shelf
        </label>
      )}
      {!discount && (
        <label>
          {sale ? 'Name (optional)' : 'Code'}
          <input
            value={form.code}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
            required={!sale}
            maxLength={40}
            placeholder={sale ? 'HALLOWEEN-SALE' : 'HALLOWEEN20'}
            autoCapitalize="characters"
            spellCheck={false}
          />
        </label>
      )}
      <div className="form-pair">
        <label>
          Gives
          <select value={form.type} onChange={(e) => set('type', e.target.value as Kind)}>
            <option value="percentage">A percentage off</option>
            <option value="fixed">An amount off</option>
            {!sale && <option value="free-shipping">Free shipping</option>}
          </select>
        </label>
        {form.type !== 'free-shipping' && (
          <label>
            {form.type === 'percentage' ? 'Percent off' : 'Amount off ($)'}
            <input
              inputMode={form.type === 'percentage' ? 'numeric' : 'decimal'}
              value={form.value}
              onChange={(e) => set('value', e.target.value)}
              required
              placeholder={form.type === 'percentage' ? '20' : '5.00'}
            />
          </label>
        )}
      </div>
      <div className="form-pair">
        <label>
          Starts (optional)
          <input type="datetime-local" value={form.startsAt} onChange={(e) => set('startsAt', e.target.value)} />
        </label>
        <label>
          Ends (optional)
          <input type="datetime-local" value={form.endsAt} min={form.startsAt || undefined} onChange={(e) => set('endsAt', e.target.value)} />
        </label>
      </div>
      <p className="muted">Times are in the studio&apos;s time zone ({timeZone}).</p>
      {!sale && (
        <div className="form-pair">
          <label>
            Minimum subtotal ($, optional)
            <input inputMode="decimal" value={form.minimumSubtotal} onChange={(e) => set('minimumSubtotal', e.target.value)} placeholder="50.00" />
          </label>
          <label>
            Usage limit (optional)
            <input type="number" min={1} step={1} value={form.usageLimit} onChange={(e) => set('usageLimit', e.target.value)} placeholder="100" />
          </label>
        </div>
      )}
      {!sale && (
        <label className="check">
          <input type="checkbox" checked={form.oncePerCustomer} onChange={(e) => set('oncePerCustomer', e.target.checked)} />
          Once per customer (by email and card)
        </label>
      )}
      <fieldset className="discount-scope">
        <legend>Applies to (none ticked: every item)</legend>
        <div className="discount-scope__choices">
          {(categories.data ?? []).map((c) => (
            <label key={c.slug} className="check">
              <input type="checkbox" checked={form.categories.includes(c.slug)} onChange={(e) => set('categories', toggled(form.categories, c.slug, e.target.checked))} />
              {c.label}
            </label>
          ))}
        </div>
        {products.length > 0 && (
          <details className="discount-scope__products">
            <summary>Products ({form.productIds.length} chosen)</summary>
            <div className="discount-scope__choices">
              {products.map((p) => (
                <label key={p.id} className="check">
                  <input type="checkbox" checked={form.productIds.includes(p.id)} onChange={(e) => set('productIds', toggled(form.productIds, p.id, e.target.checked))} />
                  {p.name}
                </label>
              ))}
            </div>
          </details>
        )}
      </fieldset>
      {!sale && (
        <label className="check">
          <input type="checkbox" checked={form.combines} onChange={(e) => set('combines', e.target.checked)} />
          Also on items already on an automatic sale
        </label>
      )}
      <label>
        Note (optional)
        <input value={form.description} onChange={(e) => set('description', e.target.value)} maxLength={200} placeholder="Flyers at the Night Market" />
      </label>
      <div className="actions">
        <button type="submit" className="button" disabled={!ready || save.isPending}>
          {save.isPending ? 'Saving...' : discount ? 'Save Changes' : 'Add Discount'}
        </button>
        <button type="button" className="button button-quiet" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
