import { randomUUID } from 'node:crypto';
import { SquareClient } from 'square';
import { systemContext } from '../../src/platform/context/request-context';
import { CatalogSync } from '../../src/square/catalog-sync/catalog-sync';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { cartWith, payForCart, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { squareCount } from '../support/square-stall';
import { until } from '../support/until';

/**
 * An online sale's stock push starts when the sale commits, not on the outbox relay's next tick:
 * the relay's interval is an hour here, so only the commit can have started it. Once with the API
 * and the worker in one process, once with the sale taken by an API process of its own, whose
 * commit the worker hears of through the change feed.
 */
const AN_HOUR = String(60 * 60 * 1000);
let worker: TestApp;
let api: TestApp;
let square: SquareClient;
let linked: { id: number; variation: string; priceCents: number }[];

/** The studio counts the variation at the stall; the shop hears of it by webhook. */
async function countedAtTheStall(product: { id: number; variation: string }, count: number): Promise<void> {
  await square.inventory.batchCreateChanges({
    idempotencyKey: randomUUID(),
    changes: [
      {
        type: 'PHYSICAL_COUNT',
        physicalCount: { catalogObjectId: product.variation, state: 'IN_STOCK', locationId: EMULATOR_LOCATION_ID, quantity: String(count), occurredAt: new Date().toISOString() },
      },
    ],
  });
  await until(async () => (await sql<{ stock_quantity: number }>(worker, 'select stock_quantity from product_variants where product_id = ?', [product.id]))[0]!.stock_quantity === count);
}

beforeAll(async () => {
  worker = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0', OUTBOX_RELAY_INTERVAL_MS: AN_HOUR }, { squareWebhooks: {} });
  // The API process charges into the same Square as the worker pushes to.
  api = await startTestApp({ ...worker.squareEnv, SQUARE_SYNC_EVERY_MS: '0', OUTBOX_RELAY_INTERVAL_MS: AN_HOUR }, { shareDatabaseOf: worker, worker: false });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: worker.square.url, maxRetries: 0 });
  await worker.app.get(CatalogSync).run(systemContext());
  const rows = await sql<{ id: number; square_variation_id: string; price_cents: number }>(
    worker,
    `select p.id, v.square_variation_id, v.price_cents from products p join product_variants v on v.product_id = p.id
      where v.square_variation_id is not null and (select count(*) from product_variants w where w.product_id = p.id) = 1 order by p.id limit 2`,
  );
  linked = rows.map((r) => ({ id: r.id, variation: r.square_variation_id, priceCents: r.price_cents }));
});
afterAll(async () => {
  await api?.close();
  await worker?.close();
});

describe("an online sale's stock push", () => {
  it('reaches Square at once when the process that took the sale runs the relay', async () => {
    const [p] = linked;
    await countedAtTheStall(p!, 5);

    const cart = await cartWith(worker, { [p!.id]: 2 });
    expect((await payForCart(worker, cart.id, 2 * p!.priceCents).expect(200)).body.success).toBe(true);

    await until(async () => (await squareCount(square, p!.variation)) === 3);
  });

  it("reaches Square at once when the sale was taken by another process, through the change feed's notice", async () => {
    const [, p] = linked;
    await countedAtTheStall(p!, 4);

    const cart = await cartWith(api, { [p!.id]: 1 });
    expect((await payForCart(api, cart.id, p!.priceCents).expect(200)).body.success).toBe(true);

    await until(async () => (await squareCount(square, p!.variation)) === 3);
  });
});
