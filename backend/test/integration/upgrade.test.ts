import { readFileSync } from 'node:fs';
import { AdminClient } from '../support/admin-client';
import { startTestApp, TestApp } from '../support/test-app';
import { databaseFromDump, fixturePath, query, type ScratchDatabase, upgradeFixtureNames, UpgradeFixtureFacts } from '../support/upgrade-fixture';

/**
 * A shop already running upgrades to this code: its database, as an older release migrated and
 * filled it (test/fixtures/upgrade, see docs/deploy.md), starts with nothing re-run and nothing lost,
 * and the API reads its order, refund and carts as that release did. Only the public API and SQL are
 * used here, so the code may be laid out however it likes.
 */
interface MigrationRow {
  id: number;
  name: string;
  executed_at: Date;
}

const MIGRATIONS = 'select id, name, executed_at from mikro_orm_migrations order by id';
const EVENTS = 'select global_position::int as position, event_id, stream_id, version, type, data, metadata, recorded_at from events order by global_position';
/** `Migration<yyyymmddhhmmss>_<what>`: the stamp orders migrations, old and new. */
const stampOf = (name: string) => /^Migration(\d{14})_/.exec(name)?.[1] ?? '';

describe.each(upgradeFixtureNames())('a shop whose database %s left', (name) => {
  const facts = JSON.parse(readFileSync(fixturePath(name, 'json'), 'utf8')) as UpgradeFixtureFacts;
  let database: ScratchDatabase;
  let migrationsBefore: MigrationRow[];
  let eventsBefore: unknown[];
  let t: TestApp;

  beforeAll(async () => {
    database = await databaseFromDump(readFileSync(fixturePath(name, 'sql'), 'utf8'));
    migrationsBefore = await query<MigrationRow>(database.url, MIGRATIONS);
    eventsBefore = await query(database.url, EVENTS);
    // Started as every test's app is: it applies whatever migration is pending as it starts.
    t = await startTestApp(facts.env, { database: database.url });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('starts without running a migration again: only migrations newer than the database are added', async () => {
    expect(migrationsBefore.map((m) => m.name)).toEqual(facts.migrations);
    const after = await query<MigrationRow>(t.databaseUrl, MIGRATIONS);
    expect(after.slice(0, migrationsBefore.length)).toEqual(migrationsBefore);
    const newest = stampOf(facts.migrations.at(-1)!);
    for (const added of after.slice(migrationsBefore.length)) expect([added.name, stampOf(added.name) > newest]).toEqual([added.name, true]);
  });

  it('reads the order, its refund and the carts as the older release answered', async () => {
    const admin = await AdminClient.signIn(t.baseUrl);
    const anonymous = AdminClient.anonymous(t.baseUrl);
    const order = await admin.get(`/api/admin/orders/${facts.order.id}`);
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ orderNumber: facts.order.number, paymentId: facts.order.paymentId, refundStatus: 'partly-refunded', refundsPending: 0 });
    expect(order.body.refunds).toMatchObject([{ refundId: facts.refund.id, amount: facts.refund.amount, status: facts.refund.status }]);
    const status = await anonymous.get(`/api/order-status/${facts.order.statusToken}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ orderNumber: facts.order.number, refunded: facts.refund.amount });
    const cart = await anonymous.get(`/api/cart/${facts.cart.sessionId}`);
    expect(cart.status).toBe(200);
    expect(cart.body.cart.id).toBe(facts.cart.id);
    expect(cart.body.items.map((i: { productId: number; quantity: number }) => ({ productId: i.productId, quantity: i.quantity }))).toEqual(facts.cart.lines);

    // Every answer recorded, whole: what the older release said is still said (a field added since may follow it).
    for (const recorded of facts.answers) {
      const answer = await (recorded.admin ? admin : anonymous).get(recorded.path);
      expect({ path: recorded.path, status: answer.status }).toEqual({ path: recorded.path, status: 200 });
      expect(answer.body).toMatchObject(recorded.body as object);
    }
  });

  it('keeps every event as it was and sends nothing again', async () => {
    expect(eventsBefore).toHaveLength(facts.eventCount);
    expect(await query(t.databaseUrl, EVENTS)).toEqual(eventsBefore);
    const [unsent] = await query<{ n: number }>(t.databaseUrl, 'select count(*)::int as n from outbox where sent_at is null');
    expect(unsent!.n).toBe(0);
  });
});
