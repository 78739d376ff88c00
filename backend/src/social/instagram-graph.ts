import type { InstagramPost, InstagramProfile } from './social.responses';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';

/** A post as the storefront reads it (the Graph API's own field names). */
export type { InstagramPost, InstagramProfile };

const POST_FIELDS = 'id,caption,media_type,media_url,thumbnail_url,permalink,timestamp';
const TIMEOUT_MS = 5000;
const POSTS_FETCHED = 12;

/** The two calls the shop makes to the Instagram Graph API (INSTAGRAM_GRAPH_URL points tests at a local stub). */
@Injectable()
export class InstagramGraph {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.INSTAGRAM_ACCESS_TOKEN);
  }

  async posts(): Promise<InstagramPost[]> {
    const body = await this.get<{ data?: Partial<InstagramPost>[] }>('/me/media', { fields: POST_FIELDS, limit: String(POSTS_FETCHED) });
    return (body.data ?? [])
      .filter((p): p is Partial<InstagramPost> & { id: string; permalink: string } => typeof p.id === 'string' && typeof p.permalink === 'string')
      .map((p) => ({
        id: p.id,
        media_type: p.media_type ?? 'IMAGE',
        media_url: p.media_url ?? null,
        thumbnail_url: p.thumbnail_url ?? null,
        permalink: p.permalink,
        caption: p.caption ?? null,
        timestamp: p.timestamp ?? null,
      }));
  }

  async profile(): Promise<InstagramProfile> {
    const body = await this.get<Partial<InstagramProfile>>('/me', { fields: 'username,media_count' });
    if (typeof body.username !== 'string') throw new Error('Instagram answered without a username');
    return { username: body.username, media_count: Number(body.media_count ?? 0) };
  }

  private async get<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${this.config.INSTAGRAM_GRAPH_URL.replace(/\/+$/, '')}${path}`);
    for (const [k, v] of Object.entries({ ...params, access_token: this.config.INSTAGRAM_ACCESS_TOKEN ?? '' })) url.searchParams.set(k, v);
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new Error(`Instagram answered ${res.status}`);
    return (await res.json()) as T;
  }
}
