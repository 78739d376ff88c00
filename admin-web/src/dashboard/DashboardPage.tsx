import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ok, serverMessageOf, type AbandonedCart } from '@dark-circle/api-client';
import { api } from '../api/client';
import { lineName } from '../orders/order-labels';
import { useToast } from '../toast/toast';
import { Incidents } from './Incidents';
import { FUNNEL, RecoveryFunnel } from './RecoveryFunnel';
import { SalesSummary } from './SalesSummary';
import { SquareBooks } from './SquareBooks';
import { useDashboard } from './sales';
import { StockAlerts } from './StockAlerts';

const ABANDONED = '/api/admin/abandoned-carts';

function InventorySync() {
  const toast = useToast();
  const sync = useMutation({
    mutationFn: () => ok(api.POST('/api/admin/sync-square')),
    onSuccess: (result) => {
      toast({ title: 'Sync Successful', description: `${result.products} products synced from Square.` });
      // The whole app shows the synced catalogue after the reload.
      window.setTimeout(() => window.location.reload(), 1200);
    },
    onError: (error) => toast({ title: 'Sync Failed', description: serverMessageOf(error) ?? 'Failed to sync with Square', variant: 'destructive' }),
  });
  // While the job runs in the worker, its progress is polled (items read, then saved, of the total).
  const status = useQuery({
    queryKey: ['/api/admin/sync-square'],
    queryFn: () => ok(api.GET('/api/admin/sync-square')),
    enabled: sync.isPending,
    refetchInterval: sync.isPending ? 1000 : false,
  });
  const p = sync.isPending ? status.data?.progress : undefined;
  const total = p?.itemsTotal;
  const done = p?.phase === 'saving' ? p.saved : p?.itemsRead;
  return (
    <section className="card">
      <h2>Inventory Sync</h2>
      <p>Bring items, prices, images and stock counts over from the Square catalogue.</p>
      {sync.isPending && (
        <>
          <progress aria-label="Sync progress" max={total || undefined} value={total ? done : undefined} />
          <p className="muted">{p?.phase === 'saving' ? `Saving ${done} of ${total} items` : p ? `${p.itemsRead} items read${total ? ` of ${total}` : ''}` : 'Starting...'}</p>
        </>
      )}
      <button type="button" className="button" disabled={sync.isPending} onClick={() => sync.mutate()}>
        {sync.isPending ? 'Syncing...' : 'Sync with Square'}
      </button>
    </section>
  );
}

function AbandonedCarts() {
  const client = useQueryClient();
  const toast = useToast();
  const carts = useQuery({ queryKey: [ABANDONED], queryFn: () => ok(api.GET('/api/admin/abandoned-carts')) });
  const recover = useMutation({
    mutationFn: (cartId: string) => ok(api.POST('/api/cart/{cartId}/recovery-email', { params: { path: { cartId } } })),
    onSuccess: () => {
      toast({ title: 'Recovery email queued', description: 'It goes out in a moment; the count below moves once it has.' });
      // The worker sends it; the count moves once it has gone out.
      window.setTimeout(() => {
        void client.invalidateQueries({ queryKey: [ABANDONED] });
        void client.invalidateQueries({ queryKey: [FUNNEL] });
      }, 1500);
    },
    onError: (error) => toast({ title: 'Recovery email not sent', description: serverMessageOf(error) ?? 'Failed to send the recovery email.', variant: 'destructive' }),
  });

  return (
    <section className="card">
      <h2>Abandoned Carts</h2>
      <h3>Last 30 days</h3>
      <RecoveryFunnel />
      {carts.isPending && <p>Loading abandoned carts...</p>}
      {carts.isError && <p className="error-text">Failed to load abandoned carts.</p>}
      {carts.data?.length === 0 && <p className="muted">No abandoned carts right now.</p>}
      <ul className="rows">
        {carts.data?.map((cart) => (
          <li key={cart.id} className="row" data-testid="abandoned-cart">
            <div>
              <strong>{cart.customerName ?? 'Unknown shopper'}</strong> · {cart.customerEmail}{' '}
              <span className={`state state-${cart.state}`} data-testid="recovery-state">
                {stateLabel(cart)}
              </span>
              <ul className="lines">
                {cart.items.map((i) => (
                  <li key={i.id}>
                    <img src={i.imageUrl} alt="" width={32} height={32} className="line-image" /> {lineName(i)} × {i.quantity} · ${i.price}
                  </li>
                ))}
              </ul>
              <p className="muted">
                Total ${cart.totalAmount} · {cart.abandonedAt ? `abandoned ${formatWhen(cart.abandonedAt)}` : `idle ${formatIdle(cart.idleMinutes)}`} · emails sent: {cart.recoveryEmailCount}{' '}
                of {cart.sequenceLength}
                {' · '}
                <Link to={`/admin/history/cart/${cart.id}`}>History</Link>
              </p>
            </div>
            <button type="button" className="button" disabled={recover.isPending || !['waiting', 'emailed'].includes(cart.state)} onClick={() => recover.mutate(cart.id)}>
              Send Recovery Email
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where the cart stands: waiting for its first email, emailed n of the sequence, or how it ended. */
function stateLabel(cart: AbandonedCart): string {
  switch (cart.state) {
    case 'waiting':
      return 'waiting';
    case 'emailed':
      return `emailed ${cart.recoveryEmailCount}/${cart.sequenceLength}`;
    case 'recovered':
      return 'recovered';
    case 'bought':
      return 'bought';
    case 'opted-out':
      return 'opted out';
  }
}

const formatWhen = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const formatIdle = (minutes: number) => (minutes < 60 ? `${minutes} min` : minutes < 2880 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 1440)} days`);

/** Tools for trying the shop out, shown only while a development stand-in is on (never to a shop on its real settings). */
function DevelopmentTools() {
  const client = useQueryClient();
  const toast = useToast();
  const testCart = useMutation({
    mutationFn: () => ok(api.POST('/api/admin/test-cart')),
    onSuccess: () => {
      toast({ title: 'Test cart created', description: 'A sample abandoned cart is in the Abandoned Carts list.' });
      void client.invalidateQueries({ queryKey: [ABANDONED] });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to create test cart', variant: 'destructive' }),
  });
  return (
    <section className="card" aria-labelledby="dev-tools-title">
      <h2 id="dev-tools-title">Development tools</h2>
      <p className="muted">Shown because this shop runs on the development stand-ins.</p>
      <button type="button" className="button button-quiet" disabled={testCart.isPending} onClick={() => testCart.mutate()}>
        Create Test Cart
      </button>
    </section>
  );
}

export function DashboardPage() {
  const dashboard = useDashboard();
  return (
    <>
      <h1>Admin Dashboard</h1>
      <p>
        <a href="/">Back to home</a>
      </p>
      <Incidents />
      <StockAlerts />
      <SalesSummary />
      <div className="grid">
        <InventorySync />
        <section className="card">
          <h2>Orders</h2>
          <p>Paid orders to pick up or ship.</p>
          <Link className="button" to="/admin/orders?status=unfulfilled">
            Orders to fulfil
          </Link>
        </section>
      </div>
      <SquareBooks />
      <AbandonedCarts />
      {dashboard.data?.developmentTools && <DevelopmentTools />}
    </>
  );
}
