import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface InstagramGraphStub {
  url: string;
  /** Calls received per path (`/me/media`, `/me`). */
  calls: Record<string, number>;
  /** Access tokens the calls carried. */
  tokens: string[];
  /** While set, every call is answered with this status and an error body, as the Graph API does. */
  failWith: number | undefined;
  close(): Promise<void>;
}

/** Seven posts of every media type: the storefront shows the first five. */
export const STUB_POSTS = [
  { id: 'p1', media_type: 'IMAGE', media_url: '/images/products/raven.svg', permalink: 'https://www.instagram.com/p/p1/', caption: 'Raven hoodie' },
  {
    id: 'p2',
    media_type: 'VIDEO',
    media_url: 'https://video.example/p2.mp4',
    thumbnail_url: '/images/products/skull.svg',
    permalink: 'https://www.instagram.com/reel/p2/',
    caption: 'Stitching',
  },
  { id: 'p3', media_type: 'CAROUSEL_ALBUM', media_url: '/images/products/rose.svg', permalink: 'https://www.instagram.com/p/p3/', caption: 'Market night' },
  { id: 'p4', media_type: 'IMAGE', media_url: '/images/products/moth.svg', permalink: 'https://www.instagram.com/p/p4/', caption: 'Moth' },
  { id: 'p5', media_type: 'IMAGE', media_url: '/images/products/bat.svg', permalink: 'https://www.instagram.com/p/p5/', caption: 'Bat' },
  { id: 'p6', media_type: 'IMAGE', media_url: '/images/products/raven.svg', permalink: 'https://www.instagram.com/p/p6/', caption: 'Six' },
  { id: 'p7', media_type: 'IMAGE', media_url: '/images/products/raven.svg', permalink: 'https://www.instagram.com/p/p7/', caption: 'Seven' },
];

/** A local stand-in for graph.instagram.com's `/me` and `/me/media`, for tests (INSTAGRAM_GRAPH_URL). */
export async function startInstagramGraphStub(): Promise<InstagramGraphStub> {
  const stub: InstagramGraphStub = { url: '', calls: {}, tokens: [], failWith: undefined, close: async () => {} };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    stub.calls[url.pathname] = (stub.calls[url.pathname] ?? 0) + 1;
    stub.tokens.push(url.searchParams.get('access_token') ?? '');
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (stub.failWith) return send(stub.failWith, { error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1 } });
    if (url.pathname === '/me/media') return send(200, { data: STUB_POSTS, paging: {} });
    if (url.pathname === '/me') return send(200, { id: '1789', username: 'thedarkcircle', media_count: 42 });
    send(404, { error: { message: 'Unknown path', code: 100 } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}
