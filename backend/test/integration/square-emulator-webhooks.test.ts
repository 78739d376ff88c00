import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serialization, WebhooksHelper, type Square } from 'square';
import { EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { remoteEmulator, schemaProblems, startTestEmulator } from '../support/square-emulator';

interface Received {
  body: string;
  signature: string | undefined;
}

/** A notification URL that answers each delivery with the next status of `statuses` (then 200). */
async function receiver(statuses: number[]): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: req.headers['x-square-hmacsha256-signature'] as string | undefined });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/square`,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe('Square emulator: inventory webhooks', () => {
  let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
  let variation: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    const items = await emulator.client.catalog.list({ types: 'ITEM' });
    variation = (items.data[0] as Square.CatalogObject.Item).itemData!.variations![0].id!;
  });
  afterAll(async () => {
    await emulator.close();
    await emulator.removeData();
  });

  const sellOne = () =>
    emulator.client.inventory.batchCreateChanges({
      idempotencyKey: randomUUID(),
      changes: [
        {
          type: 'ADJUSTMENT',
          adjustment: { catalogObjectId: variation, fromState: 'IN_STOCK', toState: 'SOLD', fromLocationId: EMULATOR_LOCATION_ID, quantity: '1', occurredAt: new Date().toISOString() },
        },
      ],
    });

  it("sends a signed inventory.count.updated with the current count when a count changes, in Square's shape", async () => {
    const hook = await receiver([]);
    try {
      emulator.webhooks.subscribe({ notificationUrl: hook.url, signatureKey: 'key-1' }, { retryDelaysMs: [20, 40] });
      const answer = await sellOne();
      await emulator.webhooks.settled();
      expect(hook.received).toHaveLength(1);
      const { body, signature } = hook.received[0]!;
      expect(await WebhooksHelper.verifySignature({ requestBody: body, signatureHeader: signature!, signatureKey: 'key-1', notificationUrl: hook.url })).toBe(true);
      expect(await WebhooksHelper.verifySignature({ requestBody: body, signatureHeader: signature!, signatureKey: 'another', notificationUrl: hook.url })).toBe(false);
      const event = JSON.parse(body);
      expect(schemaProblems(serialization.InventoryCountUpdatedEvent, event)).toEqual([]);
      expect(event).toMatchObject({
        type: 'inventory.count.updated',
        data: { type: 'inventory_counts', object: { inventory_counts: [{ catalog_object_id: variation, state: 'IN_STOCK', location_id: EMULATOR_LOCATION_ID }] } },
      });
      expect(event.data.object.inventory_counts[0].quantity).toBe(answer.counts![0]!.quantity);
      expect(event.data.object.inventory_counts[0].calculated_at).toBe(answer.counts![0]!.calculatedAt);

      // A retried request with the same idempotency key changes nothing and announces nothing.
      const before = hook.received.length;
      const key = randomUUID();
      const change = {
        type: 'PHYSICAL_COUNT' as const,
        physicalCount: { catalogObjectId: variation, state: 'IN_STOCK' as const, locationId: EMULATOR_LOCATION_ID, quantity: '7', occurredAt: new Date().toISOString() },
      };
      await emulator.client.inventory.batchCreateChanges({ idempotencyKey: key, changes: [change] });
      await emulator.client.inventory.batchCreateChanges({ idempotencyKey: key, changes: [change] });
      await emulator.webhooks.settled();
      expect(hook.received.length).toBe(before + 1);
    } finally {
      emulator.webhooks.unsubscribe();
      await hook.close();
    }
  });

  it('retries a delivery not answered with 2xx, with the same event_id and body, and gives up after the last retry', async () => {
    const hook = await receiver([500, 503]);
    try {
      emulator.webhooks.subscribe({ notificationUrl: hook.url, signatureKey: 'key-2' }, { retryDelaysMs: [20, 40] });
      await sellOne();
      await emulator.webhooks.settled();
      expect(hook.received).toHaveLength(3);
      expect(new Set(hook.received.map((r) => JSON.parse(r.body).event_id)).size).toBe(1);
      expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);
      const delivery = emulator.webhooks.deliveries().at(-1)!;
      expect(delivery).toMatchObject({ state: 'delivered', attempts: [{ status: 500 }, { status: 503 }, { status: 200 }] });

      const failing = await receiver([500, 500, 500, 500]);
      emulator.webhooks.unsubscribe();
      emulator.webhooks.subscribe({ notificationUrl: failing.url, signatureKey: 'key-2' }, { retryDelaysMs: [10, 10] });
      await sellOne();
      await emulator.webhooks.settled();
      expect(failing.received).toHaveLength(3);
      expect(emulator.webhooks.deliveries().at(-1)).toMatchObject({ state: 'failed' });
      await failing.close();
    } finally {
      emulator.webhooks.unsubscribe();
      await hook.close();
    }
  });

  it('announces a catalogue change as catalog.version.updated', async () => {
    const hook = await receiver([]);
    try {
      emulator.webhooks.subscribe({ notificationUrl: hook.url, signatureKey: 'key-4' }, { retryDelaysMs: [10] });
      const written = await emulator.client.catalog.batchUpsert({
        idempotencyKey: randomUUID(),
        batches: [{ objects: [{ type: 'CATEGORY', id: '#hooks', categoryData: { name: 'Hooks' } }] }],
      });
      await emulator.webhooks.settled();
      expect(hook.received).toHaveLength(1);
      const event = JSON.parse(hook.received[0]!.body);
      expect(schemaProblems(serialization.CatalogVersionUpdatedEvent, event)).toEqual([]);
      // The new version's time is the one the write was answered with (how a shop knows its own write's echo).
      expect(event).toMatchObject({ type: 'catalog.version.updated', data: { type: 'catalog_version', object: { catalog_version: { updated_at: written.updatedAt } } } });
    } finally {
      emulator.webhooks.unsubscribe();
      await hook.close();
    }
  });

  it('takes a subscription over HTTP, for a shop that joined an emulator another process runs', async () => {
    const hook = await receiver([]);
    try {
      const bad = await fetch(`${emulator.url}/emulator/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ notificationUrl: 'ftp://x' }) });
      expect(bad.status).toBe(400);
      await remoteEmulator(emulator.url).subscribeWebhooks({ notificationUrl: hook.url, signatureKey: 'key-3', retryDelaysMs: [10] });
      await sellOne();
      await emulator.webhooks.settled();
      expect(hook.received).toHaveLength(1);
      const listed = await remoteEmulator(emulator.url).webhooks();
      expect(listed.subscriptions).toEqual([{ notificationUrl: hook.url, signatureKey: '…' }]);
      expect(listed.deliveries.at(-1)).toMatchObject({ state: 'delivered', notificationUrl: hook.url });
    } finally {
      emulator.webhooks.unsubscribe();
      await hook.close();
    }
  });
});
