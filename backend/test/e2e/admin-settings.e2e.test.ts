import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser';
import { shoot } from '../support/page-shots';

const suite = browserSuite();

const signIn = (page: Page, returnTo: string) => page.goto(`${suite.app().baseUrl}/api/auth/google?login_hint=owner%40darkcircle.test&returnTo=${encodeURIComponent(returnTo)}`);

describe('the admin settings page', () => {
  it('edits what the Google Merchant feed says of every piece, and the feed says it at once', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await signIn(page, '/admin');
    await page.getByRole('link', { name: 'Settings' }).click({ timeout: 30_000 });
    const form = page.getByRole('form', { name: 'Shop settings' });
    await form.waitFor();
    await shoot(page, 'admin-settings');
    await form.getByLabel('Brand').fill('Dark Circle Studio');
    await form.getByLabel('Age group').selectOption({ label: 'Kids' });
    await form.getByLabel('Colour of clothing without a Color option').fill('Oxblood');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved').waitFor();

    const feed = (await t.http.get('/feeds/google-merchant.xml').expect(200)).text;
    expect(feed).toContain('<g:brand>Dark Circle Studio</g:brand>');
    expect(feed).toContain('<g:age_group>kids</g:age_group>');
    expect(feed).toContain('<g:color>Oxblood</g:color>');

    await page.reload();
    await expect(page.getByRole('form', { name: 'Shop settings' }).getByLabel('Brand').inputValue()).resolves.toBe('Dark Circle Studio');
  });
});
