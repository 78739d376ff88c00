import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { CachedValue } from './cached-value';
import { InstagramGraph, InstagramPost, InstagramProfile } from './instagram-graph';

const RETRY_MS = 60_000;

/**
 * The studio's Instagram posts and profile, each fetched from the Graph API at most once per
 * INSTAGRAM_CACHE_SECONDS (15 minutes) in this process, whatever the number of visitors.
 */
@Injectable()
export class InstagramFeed {
  private readonly logger = new Logger('Instagram');
  /** The clock the caches read; a test moves it instead of waiting 15 minutes. */
  now: () => number = Date.now;
  private readonly posts: CachedValue<InstagramPost[]>;
  private readonly profile: CachedValue<InstagramProfile>;

  constructor(
    private readonly graph: InstagramGraph,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const ttl = config.INSTAGRAM_CACHE_SECONDS * 1000;
    const clock = () => this.now();
    this.posts = new CachedValue(() => this.logged('posts', () => graph.posts()), ttl, Math.min(RETRY_MS, ttl), clock);
    this.profile = new CachedValue(() => this.logged('profile', () => graph.profile()), ttl, Math.min(RETRY_MS, ttl), clock);
  }

  get configured(): boolean {
    return this.graph.configured;
  }

  getPosts(): Promise<InstagramPost[]> {
    return this.posts.get();
  }

  getProfile(): Promise<InstagramProfile> {
    return this.profile.get();
  }

  private async logged<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.logger.warn(`Could not fetch the Instagram ${what}: ${error instanceof Error ? error.message : error}`);
      throw error;
    }
  }
}
