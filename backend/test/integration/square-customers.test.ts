import { SquareClient } from 'square';
import { SquareCustomers } from '../../src/square';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The customers Square holds with this email. */
async function customersWith(email: string): Promise<string[]> {
  const { customers } = await t.app.get(SquareClient).customers.search({ query: { filter: { emailAddress: { exact: email } } } });
  return (customers ?? []).map((c) => c.id!);
}

describe("one Square customer per email address, whoever asks (the newsletter's job, a checkout)", () => {
  it('makes one customer when a subscriber and two checkouts of the same address ask at once, and finds it afterwards', async () => {
    const customers = t.app.get(SquareCustomers);
    const asked = await Promise.all([
      customers.forEmail({ email: 'Raven@Example.com', name: 'Raven', referenceId: 'newsletter-1', note: 'Newsletter subscriber' }),
      customers.forEmail({ email: 'raven@example.com', name: 'Raven Black', referenceId: 'buyer-a', note: 'Online shop buyer' }),
      customers.forEmail({ email: 'raven@example.com', name: 'Raven Black', referenceId: 'buyer-b', note: 'Online shop buyer' }),
    ]);
    expect(new Set(asked).size).toBe(1);
    expect(await customersWith('raven@example.com')).toEqual([asked[0]]);
    expect(await customers.forEmail({ email: 'RAVEN@example.com', name: null, referenceId: 'newsletter-2', note: 'Newsletter subscriber' })).toBe(asked[0]);
  });
});
