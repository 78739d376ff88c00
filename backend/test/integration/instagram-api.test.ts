import { InstagramFeed } from '../../src/social';
import { InstagramGraphStub, startInstagramGraphStub, STUB_POSTS } from '../support/instagram-graph-stub';
import { startTestApp, TestApp } from '../support/test-app';

let stub: InstagramGraphStub;
let t: TestApp;
let unconfigured: TestApp;
beforeAll(async () => {
  stub = await startInstagramGraphStub();
  t = await startTestApp({
    INSTAGRAM_ACCESS_TOKEN: 'IGQV-test-token',
    INSTAGRAM_GRAPH_URL: stub.url,
    CONTACT_EMAIL: 'studio@example.com',
    INSTAGRAM_URL: 'https://www.instagram.com/thedarkcircle',
    EVENTS_VIDEO_URL: 'https://cdn.example/events.mp4',
  });
  unconfigured = await startTestApp({});
});
afterAll(async () => {
  await Promise.all([t.close(), unconfigured.close()]);
  await stub.close();
});

const MINUTE = 60_000;

describe('GET /api/instagram/posts and /profile', () => {
  it('serves the feed from one upstream call per 15 minutes, however many visitors ask', async () => {
    const feed = t.app.get(InstagramFeed);
    const start = Date.now();
    feed.now = () => start;

    const first = await Promise.all(Array.from({ length: 10 }, () => t.http.get('/api/instagram/posts').expect(200)));
    expect(first[0].body).toHaveLength(STUB_POSTS.length);
    expect(first[0].body[1]).toEqual({
      id: 'p2',
      media_type: 'VIDEO',
      media_url: 'https://video.example/p2.mp4',
      thumbnail_url: '/images/products/skull.svg',
      permalink: 'https://www.instagram.com/reel/p2/',
      caption: 'Stitching',
      timestamp: null,
    });
    expect((await t.http.get('/api/instagram/profile').expect(200)).body).toEqual({ username: 'thedarkcircle', media_count: 42 });
    expect(stub.tokens.every((token) => token === 'IGQV-test-token')).toBe(true);

    for (const minute of [1, 7, 14, 14.99]) {
      feed.now = () => start + minute * MINUTE;
      await t.http.get('/api/instagram/posts').expect(200);
      await t.http.get('/api/instagram/profile').expect(200);
    }
    expect(stub.calls).toEqual({ '/me/media': 1, '/me': 1 });

    feed.now = () => start + 15 * MINUTE + 1;
    await t.http.get('/api/instagram/posts').expect(200);
    await t.http.get('/api/instagram/profile').expect(200);
    expect(stub.calls).toEqual({ '/me/media': 2, '/me': 2 });
  });

  it('keeps showing the last good feed while upstream fails', async () => {
    const feed = t.app.get(InstagramFeed);
    const later = Date.now() + 60 * MINUTE;
    feed.now = () => later;
    stub.failWith = 500;
    const calls = stub.calls['/me/media'];
    try {
      expect((await t.http.get('/api/instagram/posts').expect(200)).body).toHaveLength(STUB_POSTS.length);
      expect(stub.calls['/me/media']).toBe(calls + 1);
    } finally {
      stub.failWith = undefined;
    }
  });
});

describe('when Instagram fails with nothing cached', () => {
  let failing: TestApp;
  beforeAll(async () => {
    failing = await startTestApp({ INSTAGRAM_ACCESS_TOKEN: 'IGQV-test-token', INSTAGRAM_GRAPH_URL: stub.url });
  });
  afterAll(() => failing.close());

  it('answers 502 with the texts the storefront shows', async () => {
    stub.failWith = 500;
    try {
      const posts = await failing.http.get('/api/instagram/posts').expect(502);
      expect(posts.body).toMatchObject({ statusCode: 502, code: 'INSTAGRAM_UNAVAILABLE', message: 'Failed to fetch Instagram posts', correlationId: expect.any(String) });
      const profile = await failing.http.get('/api/instagram/profile').expect(502);
      expect(profile.body).toMatchObject({ statusCode: 502, message: 'Failed to fetch Instagram profile' });
    } finally {
      stub.failWith = undefined;
    }
  });
});

describe('with no INSTAGRAM_ACCESS_TOKEN', () => {
  it('has no feed: posts is an empty list and profile is 404', async () => {
    expect((await unconfigured.http.get('/api/instagram/posts').expect(200)).body).toEqual([]);
    const profile = await unconfigured.http.get('/api/instagram/profile').expect(404);
    expect(profile.body).toMatchObject({ statusCode: 404, message: 'No Instagram account is connected.' });
  });
});

describe('GET /api/site', () => {
  it('gives the footer links and the events film from configuration, leaving out what is unset', async () => {
    expect((await unconfigured.http.get('/api/site').expect(200)).body).toEqual({
      contact: { email: null, phone: null, area: null },
      social: [],
      eventsVideo: { url: null, posterUrl: null },
    });
    expect((await t.http.get('/api/site').expect(200)).body).toEqual({
      contact: { email: 'studio@example.com', phone: null, area: null },
      social: [{ label: 'Instagram', href: 'https://www.instagram.com/thedarkcircle' }],
      eventsVideo: { url: 'https://cdn.example/events.mp4', posterUrl: null },
    });
  });
});
