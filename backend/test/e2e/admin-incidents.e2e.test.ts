import type { Page } from 'playwright-core';
import { incidentIdFor, Incidents } from '../../src/incidents/incidents';
import { systemContext } from '../../src/platform/context/request-context';
import { browserSuite } from '../support/browser';
import { placeOrder } from '../support/placed-order';
import { until } from '../support/recovery-fixtures';

const suite = browserSuite();

const signIn = (page: Page, returnTo: string) => page.goto(`${suite.app().baseUrl}/api/auth/google?login_hint=owner%40darkcircle.test&returnTo=${encodeURIComponent(returnTo)}`);

/** An incident as the worker opens one for a count below zero (the job itself is the integration tests'). */
async function openIncident(variantId: string, name: string, orders: { orderId: string; orderNumber: string }[]): Promise<string> {
  const incidentId = incidentIdFor(variantId, 1);
  await suite
    .app()
    .app.get(Incidents)
    .run(incidentId, { kind: 'ReportOversell', incidentId, productId: Number(variantId.split('-')[0]), variantId, name, orders, squareCount: -orders.length }, systemContext());
  return incidentId;
}

describe('incidents on the admin dashboard', () => {
  it('shows the open incidents with their orders linked to the order pages, and resolves one with a note', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const first = await placeOrder(t);
    const second = await placeOrder(t, 'pickup');
    const hoodie = await openIncident('1-1', 'Sandworm Patch', [first, second]);
    await openIncident('2-1', 'Raven Hoodie, M', [second]);

    await signIn(page, '/admin');
    const section = page.getByRole('alert', { name: 'Incidents to settle (2)' });
    await section.waitFor({ timeout: 30_000 });
    const incident = section.getByTestId('incident').filter({ hasText: 'Sandworm Patch' });
    expect(await incident.getByRole('link', { name: first.orderNumber }).getAttribute('href')).toBe(`/admin/orders/${first.orderId}`);
    expect(await incident.getByRole('link', { name: second.orderNumber }).getAttribute('href')).toBe(`/admin/orders/${second.orderId}`);
    await incident.getByText('Square counts -2').waitFor();

    // The order number opens the order's page.
    await incident.getByRole('link', { name: first.orderNumber }).click();
    await page.getByRole('heading', { name: `Order ${first.orderNumber}` }).waitFor({ timeout: 30_000 });
    await page.goBack();

    // Resolving asks how it was settled.
    await incident.getByRole('button', { name: 'Resolve' }).click();
    await incident.getByRole('button', { name: 'Mark resolved' }).click();
    await incident.getByRole('alert').getByText('Say how it was settled').waitFor();
    await incident.getByLabel('How was it settled?').fill(`Refunded ${first.orderNumber}; made another for ${second.orderNumber}.`);
    await incident.getByRole('button', { name: 'Mark resolved' }).click();
    await page.getByText('Incident resolved').waitFor({ timeout: 30_000 });
    await page.getByRole('alert', { name: 'Incidents to settle (1)' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('incident').count()).toBe(1);
    await until(async () => {
      const listed = (await t.http.get('/api/admin/incidents').set('cookie', (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; '))).body as {
        id: string;
        resolvedAt: string | null;
        note: string | null;
      }[];
      return listed.some((i) => i.id === hoodie && i.resolvedAt !== null && i.note === `Refunded ${first.orderNumber}; made another for ${second.orderNumber}.`);
    }, 'the incident resolved with its note');

    // The resolved one is kept below, with its note.
    await page.getByText('Recently resolved').click();
    await page.getByTestId('resolved-incident').getByText(`Refunded ${first.orderNumber}`).waitFor();
  });
});
