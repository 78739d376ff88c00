import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ok, serverMessageOf, type AdminDiscount } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';
import { DiscountForm } from './DiscountForm';
import { browserTimeZone, formatInZone } from './studio-times';

export const DISCOUNTS = '/api/admin/discounts';

const STATUS_LABEL: Record<AdminDiscount['status'], { text: string; badge: string }> = {
  active: { text: 'On', badge: 'badge-ok' },
  scheduled: { text: 'Scheduled', badge: '' },
  'used-up': { text: 'Used up', badge: 'badge-out' },
  ended: { text: 'Ended', badge: 'badge-out' },
};

/** "20% off", "$5.00 off", "Free shipping". */
export function whatItGives(d: Pick<AdminDiscount, 'type' | 'value'>): string {
  if (d.type === 'free-shipping') return 'Free shipping';
  return d.type === 'percentage' ? `${d.value}% off` : `$${d.value} off`;
}

/** When it is on, in the studio's time zone. */
function whenOn(d: AdminDiscount): string {
  if (!d.startsAt && !d.endsAt) return 'Always on';
  if (!d.endsAt) return `From ${formatInZone(d.startsAt!, d.timeZone)}`;
  if (!d.startsAt) return `Until ${formatInZone(d.endsAt, d.timeZone)}`;
  return `${formatInZone(d.startsAt, d.timeZone)} – ${formatInZone(d.endsAt, d.timeZone)}`;
}

/** The studio's discount codes and automatic sales, with what each one brought in. */
export function DiscountsPage() {
  const discounts = useQuery({ queryKey: [DISCOUNTS], queryFn: () => ok(api.GET('/api/admin/discounts')) });
  const products = useQuery({ queryKey: ['/api/admin/products'], queryFn: () => ok(api.GET('/api/admin/products')) });
  const [editing, setEditing] = useState<AdminDiscount | 'new' | null>(null);
  const timeZone = discounts.data?.[0]?.timeZone ?? browserTimeZone();
  const names = new Map((products.data ?? []).map((p) => [p.id, p.name]));
  return (
    <>
      <div className="card-head">
        <h1>Discounts</h1>
        {editing === null && (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            Add Discount
          </button>
        )}
      </div>
      <p className="muted">
        Codes shoppers type at checkout (or open with a link), and automatic sales shown on the shelf as &ldquo;was, now&rdquo;. A checkout takes one code. Times are in {timeZone}.
      </p>
      {editing !== null && (
        <DiscountForm
          key={editing === 'new' ? 'new' : editing.code}
          discount={editing === 'new' ? undefined : editing}
          timeZone={timeZone}
          products={products.data ?? []}
          onDone={() => setEditing(null)}
        />
      )}
      {discounts.isPending && <p>Loading discounts...</p>}
      {discounts.isError && <p className="error-text">Failed to load discounts.</p>}
      {discounts.data && discounts.data.length === 0 && <p className="muted">No discounts yet.</p>}
      {discounts.data && discounts.data.length > 0 && (
        <ul className="rows">
          {discounts.data.map((d) => (
            <li key={d.code} className="row" data-testid="admin-discount">
              <div>
                <p>
                  <strong className="mono">{d.code}</strong> <span className={`badge ${STATUS_LABEL[d.status].badge}`}>{STATUS_LABEL[d.status].text}</span>
                  {d.automatic && <span className="badge">Automatic sale</span>}
                </p>
                <p>{termsLine(d, names)}</p>
                <p className="muted">{whenOn(d)}</p>
                <p data-testid="discount-uses">
                  {d.uses} use{d.uses === 1 ? '' : 's'}
                  {d.usageLimit !== null ? ` of ${d.usageLimit}` : ''}
                  {d.reserved > 0 ? ` · ${d.reserved} in checkout` : ''} · Revenue ${d.revenue}
                  {d.uses > 0 ? ` · $${d.discounted} off` : ''}
                </p>
                {d.description && <p className="muted">{d.description}</p>}
              </div>
              <div className="actions">
                {!d.automatic && <CopyLink code={d.code} />}
                <button type="button" className="button button-quiet" onClick={() => setEditing(d)} aria-label={`Edit ${d.code}`}>
                  Edit
                </button>
                <DeleteButton discount={d} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** "20% off · patches, Raven Hoodie · orders of $50.00 or more · once per customer · not with sale prices". */
function termsLine(d: AdminDiscount, names: Map<number, string>): string {
  const on = [...d.categories, ...d.productIds.map((id) => names.get(id) ?? `product ${id}`)];
  return [
    whatItGives(d),
    on.length ? `on ${on.join(', ')}` : d.automatic ? 'on everything' : 'on every item',
    d.minimumSubtotal ? `orders of $${d.minimumSubtotal} or more` : '',
    d.oncePerCustomer ? 'once per customer' : '',
    !d.automatic && !d.combines ? 'not with sale prices' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The link that applies the code at checkout, for a flyer or a post. */
function CopyLink({ code }: { code: string }) {
  const toast = useToast();
  const link = `${window.location.origin}/?discount=${encodeURIComponent(code)}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied', description: `${link} applies ${code} at checkout.` });
    } catch {
      toast({ title: 'Could not copy', description: `The browser refused the clipboard: the link is ${link}`, variant: 'destructive' });
    }
  }
  return (
    <button type="button" className="button button-quiet" onClick={() => void copy()} aria-label={`Copy the link for ${code}`}>
      Copy Link
    </button>
  );
}

/** Asks first: a deleted code stops working at once. */
function DeleteButton({ discount }: { discount: AdminDiscount }) {
  const client = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => ok(api.DELETE('/api/admin/discounts/{code}', { params: { path: { code: discount.code } } })),
    onSuccess: () => {
      toast({ title: 'Discount deleted', description: `${discount.code} can no longer be used.` });
      void client.invalidateQueries({ queryKey: [DISCOUNTS] });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? 'Failed to delete the discount', variant: 'destructive' }),
  });
  const confirmAndDelete = () => {
    if (window.confirm(`Delete ${discount.code}? Shoppers can no longer use it.`)) remove.mutate();
  };
  return (
    <button type="button" className="button button-quiet" onClick={confirmAndDelete} disabled={remove.isPending} aria-label={`Delete ${discount.code}`}>
      Delete
    </button>
  );
}
