import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, TestApp } from '../support/test-app';

describe('GET /api/square/config', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('names the account and the card script of the Square the app was given, never its token', async () => {
    t = await startTestApp();
    const res = await t.http.get('/api/square/config').expect(200);
    expect(res.body).toEqual({
      applicationId: t.squareEnv.SQUARE_APPLICATION_ID,
      locationId: t.squareEnv.SQUARE_LOCATION_ID,
      environment: 'sandbox',
      webSdkUrl: `${t.square.url}/v1/square.js`,
    });
    expect(JSON.stringify(res.body)).not.toContain(t.squareEnv.SQUARE_ACCESS_TOKEN);
  });

  it('starts the bundled emulator, with its state under DATA_DIR, when no Square credentials are set', async () => {
    t = await startTestApp({ SQUARE_ACCESS_TOKEN: '', SQUARE_APPLICATION_ID: '', SQUARE_LOCATION_ID: '', SQUARE_BASE_URL: '', SQUARE_EMULATOR_PORT: '0' });
    const config = (await t.http.get('/api/square/config').expect(200)).body;
    expect(config).toMatchObject({ applicationId: expect.stringMatching(/^sandbox-sq0idb-/), environment: 'sandbox' });
    expect(config.webSdkUrl).not.toBe(`${t.square.url}/v1/square.js`);

    const script = await fetch(config.webSdkUrl);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain('payments');
    expect(existsSync(join(t.dataDir, 'square-emulator'))).toBe(true);
  });
});
