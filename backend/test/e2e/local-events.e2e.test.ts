import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser';

const suite = browserSuite({ SHOP_TIME_ZONE: 'America/New_York' });

const signIn = (page: Page, returnTo: string) => page.goto(`${suite.app().baseUrl}/api/auth/google?login_hint=owner%40darkcircle.test&returnTo=${encodeURIComponent(returnTo)}`);

/** A `datetime-local` value `days` from now at `hour`:00 in the browser's zone (the test's browser runs in UTC). */
const localInput = (days: number, hour: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${at.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
};

describe('local events', () => {
  it('the home page says when to check back while nothing is on the calendar', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.baseUrl}/#about`);
    await page.getByText('No dates on the calendar right now.').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('local-event').count()).toBe(0);
  });

  it('an event the studio adds in the admin shows on the home page, with its map and a calendar file that opens', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await signIn(page, '/admin/events');
    await page.getByRole('heading', { name: 'Events', exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Add Event' }).click();
    const form = page.getByRole('form', { name: 'Add Event' });
    await form.getByLabel('Title').fill('Night Market');
    await form.getByLabel('Starts').fill(localInput(6, 18));
    await form.getByLabel('Ends (optional)').fill(localInput(6, 23));
    await form.getByLabel('Place').fill('The Old Mill');
    await form.getByLabel('Address').fill('12 Mill Lane, Salem, MA 01970');
    await form.getByLabel('Note (optional)').fill('Bring cash for the raffle.');
    await form.getByRole('button', { name: 'Add Event' }).click();
    await page.getByText('Night Market is on the home page.').waitFor({ timeout: 30_000 });
    await page.getByTestId('admin-event').filter({ hasText: 'Night Market' }).waitFor();

    // The shopper, on a phone.
    const shopper = await page
      .context()
      .browser()!
      .newPage({ viewport: { width: 390, height: 844 } });
    try {
      await shopper.goto(`${t.baseUrl}/#about`);
      const card = shopper.getByTestId('local-event').filter({ hasText: 'Night Market' });
      await card.waitFor({ timeout: 30_000 });
      await card.getByText('The Old Mill').waitFor();
      await card.getByText('Bring cash for the raffle.').waitFor();
      // 18:00 UTC in the browser is 1 PM in the studio's New York.
      await card.getByText(/1:00\s?PM\s–\s6:00\s?PM/).waitFor();
      expect(await card.getByRole('link', { name: /Map of The Old Mill/ }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=The%20Old%20Mill/);

      const [download] = await Promise.all([shopper.waitForEvent('download'), card.getByRole('link', { name: 'Add Night Market to your calendar' }).click()]);
      expect(download.suggestedFilename()).toBe('night-market.ics');
      const ics = await new Promise<string>((resolve, reject) => {
        void download.createReadStream().then((stream) => {
          let text = '';
          stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          stream.on('end', () => resolve(text));
          stream.on('error', reject);
        }, reject);
      });
      expect(ics).toMatch(/^BEGIN:VCALENDAR/);
      expect(ics).toContain('SUMMARY:Night Market · The Dark Circle');
      expect(ics).toContain(`DTSTART:${localInput(6, 18).replace(/[-:]/g, '')}00Z`);
    } finally {
      await shopper.close();
    }

    // Removed in the admin (after confirming), it leaves the home page.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Remove Night Market' }).click();
    await page.getByText('Night Market is off the calendar.').waitFor({ timeout: 30_000 });
    expect((await t.http.get('/api/local-events').expect(200)).body).toEqual([]);
  });
});
