import { ConfigError, loadSettings } from './app-config';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/shop',
  REDIS_URL: 'redis://cache:6379',
  SQUARE_ACCESS_TOKEN: 'EAAA-token',
  SQUARE_APPLICATION_ID: 'sq0idp-app',
  SQUARE_LOCATION_ID: 'L1',
  PUBLIC_URL: 'https://shop.example',
  LINK_SECRET: 'x'.repeat(32),
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'secret',
  ADMIN_EMAILS: 'studio@example.com',
};

describe('widget settings', () => {
  it('serves the demo page on PORT + 3 in development, and allows its origin', () => {
    expect(loadSettings({ PORT: '4000' })).toMatchObject({ widgetDemoPort: 4003, widgetOrigins: ['http://localhost:4003'] });
    expect(loadSettings({ WIDGET_DEMO_PORT: '5555' })).toMatchObject({ widgetDemoPort: 5555, widgetOrigins: ['http://localhost:5555'] });
  });

  it('reads WIDGET_ORIGINS as a comma-separated list; production has no demo page', () => {
    const s = loadSettings({ ...production, WIDGET_ORIGINS: 'https://studio.example, https://events.example:8443' });
    expect(s).toMatchObject({ widgetDemoPort: null, widgetOrigins: ['https://studio.example', 'https://events.example:8443'] });
    expect(loadSettings(production).widgetOrigins).toEqual([]);
  });

  it('refuses anything but origins', () => {
    for (const bad of ['studio.example', 'https://studio.example/', 'https://studio.example/shop', 'ftp://files.example', '*']) {
      expect(() => loadSettings({ WIDGET_ORIGINS: bad })).toThrow(ConfigError);
      expect(() => loadSettings({ WIDGET_ORIGINS: bad })).toThrow(/WIDGET_ORIGINS: must be comma-separated origins/);
    }
  });
});
