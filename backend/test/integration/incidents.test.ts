import { randomUUID } from 'node:crypto';
import { SquareClient } from 'square';
import { systemContext } from '../../src/platform/context/request-context';
import { CatalogSync } from '../../src/square/catalog-sync/catalog-sync';
import { EMULATOR_ACCESS_TOKEN } from '../../src/stand-ins';
import { IncidentEmailJob } from '../../src/incidents/incident-email.job';
import { AdminClient } from '../support/admin-client';
import { sentMail } from '../support/mailbox';
import { observeQueue, type QueueObserver } from '../support/queue-observer';
import { cartWith, payForCart, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { atTheStall, squareCount } from '../support/square-stall';
import { picturesCopied } from '../support/square-pictures';
import { until } from '../support/until';
import { relayUntil } from '../support/relay-until';

let t: TestApp;
let square: SquareClient;
let admin: AdminClient;
let checkoutQueue: QueueObserver;
let linked: { id: number; variation: string; priceCents: number }[];

interface Incident {
  id: string;
  kind: string;
  productId: number;
  variantId: string;
  name: string;
  orders: string[];
  orderIds: string[];
  squareCount: number;
  openedAt: string;
  resolvedAt: string | null;
  note: string | null;
  emailedAt: string | null;
}

const onHand = async (id: number) => (await sql<{ stock_quantity: number }>(t, 'select stock_quantity from product_variants where product_id = ?', [id]))[0]!.stock_quantity;
const incidents = async (): Promise<Incident[]> => (await admin.get('/api/admin/incidents')).body as Incident[];
const incidentsOf = async (productId: number) => (await incidents()).filter((i) => i.productId === productId);
const orderOf = async (cartId: string) => (await sql<{ id: string; order_number: string }>(t, 'select id, order_number from orders where cart_id = ?', [cartId]))[0]!;

/** The results of the incident job's runs so far, in the order they finished. */
const incidentJobResults = async () =>
  (await checkoutQueue.queue.getJobs(['completed']))
    .filter((job) => job?.name === 'oversold-incident')
    .sort((a, b) => (a.finishedOn ?? 0) - (b.finishedOn ?? 0))
    .map((job) => job.returnvalue as string);

/** Every count below zero relayed so far has had its incident job run to the end. */
async function incidentJobsDone(): Promise<boolean> {
  const [routed] = await sql<{ n: number }>(t, "select count(*)::int as n from outbox where job_name = 'oversold-incident'");
  return (await incidentJobResults()).length === routed!.n;
}

/**
 * The race for the last unit: the online checkout reserves it and Square takes its time charging;
 * the stall sells the same unit meanwhile; the charge pays the checkout's Square order, which takes
 * the unit Square no longer has: Square counts −1. Returns the online order.
 */
async function raceForTheLastUnit(p: { id: number; variation: string; priceCents: number }) {
  await atTheStall(square, p.variation, { count: 1 });
  await until(async () => (await onHand(p.id)) === 1);
  const cart = await cartWith(t, { [p.id]: 1 });
  t.square.faults.next('CreatePayment', { kind: 'slow', delayMs: 800 });
  const paying = payForCart(t, cart.id, p.priceCents).then((r) => r);
  await until(async () => (await sql(t, 'select 1 from product_variants where product_id = ? and reserved_quantity = 1', [p.id])).length === 1);
  await atTheStall(square, p.variation, { sell: 1 });
  await until(async () => (await onHand(p.id)) === 0);
  const paid = await paying;
  expect(paid.status).toBe(200);
  expect(paid.body.success).toBe(true);
  await relayUntil(t, async () => (await squareCount(square, p.variation)) === -1);
  return orderOf(cart.id);
}

beforeAll(async () => {
  t = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0' }, { squareWebhooks: {} });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
  await t.app.get(CatalogSync).run(systemContext());
  // Its pictures are copied in the background: done before the test counts what it records.
  await picturesCopied(t);
  const rows = await sql<{ id: number; square_variation_id: string; price_cents: number }>(
    t,
    `select p.id, v.square_variation_id, v.price_cents from products p join product_variants v on v.product_id = p.id
      where v.square_variation_id is not null and (select count(*) from product_variants w where w.product_id = p.id) = 1 order by p.id limit 3`,
  );
  linked = rows.map((r) => ({ id: r.id, variation: r.square_variation_id, priceCents: r.price_cents }));
  admin = await AdminClient.signIn(t.baseUrl);
  checkoutQueue = observeQueue(t, 'checkout');
});
afterAll(async () => {
  await checkoutQueue?.close();
  await t?.close();
});

describe('a web sale and a stall sale of the same last unit', () => {
  it('is an incident naming the order and the variant, emailed to the admins once, open through a restock until the studio resolves it', async () => {
    const p = linked[0]!;
    const order = await raceForTheLastUnit(p);

    // The incident names the online order by its number, and the variant.
    await relayUntil(t, async () => (await incidentsOf(p.id)).length > 0);
    const [incident] = await incidentsOf(p.id);
    expect(incident).toMatchObject({
      kind: 'oversold',
      productId: p.id,
      variantId: `${p.id}-1`,
      orders: [order.order_number],
      orderIds: [order.id],
      squareCount: -1,
      resolvedAt: null,
      note: null,
    });
    expect(order.order_number).toMatch(/^DC-\d+$/);
    expect(Date.parse(incident!.openedAt)).not.toBeNaN();

    // The admins are told at once, in one email naming the order and linking to its page.
    await relayUntil(t, async () => (await sentMail(t.dataDir)).some((m) => m.subject.startsWith('Sold twice')));
    const told = (await sentMail(t.dataDir)).filter((m) => m.subject.startsWith('Sold twice'));
    expect(told).toHaveLength(1);
    expect(told[0]!.to).toBe('owner@darkcircle.test');
    expect(told[0]!.subject).toContain(order.order_number);
    expect(told[0]!.raw).toContain(`/admin/orders/${order.id}`);
    await relayUntil(t, async () => (await incidentsOf(p.id))[0]!.emailedAt !== null);
    // The email job run again (a retry, a second relay) sends nothing more.
    expect(await t.app.get(IncidentEmailJob).send(incident!.id, systemContext())).toBe('already-sent');
    expect((await sentMail(t.dataDir)).filter((m) => m.subject.startsWith('Sold twice'))).toHaveLength(1);

    // New units at the stall clear the dashboard's stock alert, not the incident.
    await atTheStall(square, p.variation, { count: 2 });
    await until(async () => (await onHand(p.id)) === 2);
    expect(((await admin.get('/api/admin/stock-alerts')).body.alerts as { productId: number }[]).some((a) => a.productId === p.id)).toBe(false);
    await relayUntil(t, async () => true);
    expect(await incidentsOf(p.id)).toEqual([expect.objectContaining({ id: incident!.id, resolvedAt: null })]);

    // Resolving: a note is needed, an unknown incident is 404, the right one closes once.
    const before = (await sql<{ n: number }>(t, 'select count(*)::int as n from events'))[0]!.n;
    const noNote = await admin.post(`/api/admin/incidents/${incident!.id}/resolve`, { note: '  ' });
    expect({ status: noNote.status, code: noNote.body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect((await admin.post(`/api/admin/incidents/${incident!.id}/resolve`, {})).status).toBe(400);
    expect((await admin.post(`/api/admin/incidents/${incident!.id}/resolve`, { note: 'x', extra: 1 })).status).toBe(400);
    expect((await admin.post('/api/admin/incidents/not-a-uuid/resolve', { note: 'x' })).status).toBe(400);
    const unknown = await admin.post(`/api/admin/incidents/${randomUUID()}/resolve`, { note: 'Refunded' });
    expect({ status: unknown.status, code: unknown.body.code }).toEqual({ status: 404, code: 'INCIDENT_NOT_FOUND' });
    expect((await sql<{ n: number }>(t, 'select count(*)::int as n from events'))[0]!.n).toBe(before);

    const resolved = await admin.post(`/api/admin/incidents/${incident!.id}/resolve`, { note: `Refunded ${order.order_number}; the stall's buyer kept the piece.` });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ id: incident!.id, note: `Refunded ${order.order_number}; the stall's buyer kept the piece.` });
    expect(Date.parse(resolved.body.resolvedAt)).toBeGreaterThanOrEqual(Date.parse(incident!.openedAt));
    const again = await admin.post(`/api/admin/incidents/${incident!.id}/resolve`, { note: 'Again' });
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 'INCIDENT_RESOLVED' });
    expect(await incidentsOf(p.id)).toEqual([expect.objectContaining({ id: incident!.id, resolvedAt: resolved.body.resolvedAt })]);
  });

  it('folds a second count below zero of the same variant into the open incident; after it is resolved, the next double sale opens a new one', async () => {
    const p = linked[1]!;
    const first = await raceForTheLastUnit(p);
    await relayUntil(t, async () => (await incidentsOf(p.id)).length > 0);
    // The count below zero and the sale recorded around it are one incident.
    await relayUntil(t, incidentJobsDone);
    const [incident] = await incidentsOf(p.id);
    expect(await incidentsOf(p.id)).toHaveLength(1);

    // The stall sells on below zero: Square counts −2, and the same incident stays the only one.
    const runsBefore = (await incidentJobResults()).length;
    await atTheStall(square, p.variation, { sell: 1 });
    await until(async () => (await sql(t, 'select 1 from product_variants where product_id = ? and square_count = -2', [p.id])).length === 1);
    await relayUntil(t, incidentJobsDone);
    expect((await incidentJobResults()).slice(runsBefore)).toEqual(['folded']);
    expect(await incidentsOf(p.id)).toEqual([expect.objectContaining({ id: incident!.id, orders: [first.order_number], resolvedAt: null })]);

    // Settled; the stall recounts; the same race again is a new double sale, naming only its own order.
    expect((await admin.post(`/api/admin/incidents/${incident!.id}/resolve`, { note: 'Made another for the online buyer.' })).status).toBe(200);
    const second = await raceForTheLastUnit(p);
    await relayUntil(t, async () => (await incidentsOf(p.id)).length === 2);
    const [newest, older] = await incidentsOf(p.id);
    expect(newest).toMatchObject({ orders: [second.order_number], resolvedAt: null });
    expect(older).toMatchObject({ id: incident!.id, orders: [first.order_number] });
    expect(newest!.id).not.toBe(incident!.id);
  });

  it('opens none for a count below zero with no online sale involved (the stall alone sold more than Square counted)', async () => {
    const p = linked[2]!;
    await atTheStall(square, p.variation, { count: 0 });
    await until(async () => (await sql(t, 'select 1 from product_variants where product_id = ? and square_count = 0', [p.id])).length === 1);
    await relayUntil(t, incidentJobsDone);
    const runsBefore = (await incidentJobResults()).length;
    await atTheStall(square, p.variation, { sell: 1 });
    await until(async () => (await sql(t, 'select 1 from product_variants where product_id = ? and square_count = -1', [p.id])).length === 1);
    await relayUntil(t, incidentJobsDone);
    expect((await incidentJobResults()).slice(runsBefore)).toEqual(['no-online-order']);
    expect(await incidentsOf(p.id)).toEqual([]);
  });
});
