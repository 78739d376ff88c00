/**
 * One value fetched at most once per `ttlMs`, however many ask: callers during a fetch share it
 * (no stampede when the cache expires under load). A failed refresh keeps serving the last good
 * value; with none, the failure is remembered for `retryMs` so an outage upstream is not hammered.
 */
export class CachedValue<T> {
  private value: { data: T; until: number } | undefined;
  private failure: { error: unknown; until: number } | undefined;
  private inFlight: Promise<T> | undefined;

  constructor(
    private readonly fetch: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly retryMs: number,
    private readonly now: () => number,
  ) {}

  get(): Promise<T> {
    const now = this.now();
    if (this.value && now < this.value.until) return Promise.resolve(this.value.data);
    if (!this.value && this.failure && now < this.failure.until) return Promise.reject(this.failure.error);
    this.inFlight ??= this.refresh().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async refresh(): Promise<T> {
    try {
      const data = await this.fetch();
      this.value = { data, until: this.now() + this.ttlMs };
      this.failure = undefined;
      return data;
    } catch (error) {
      if (this.value) {
        // Stale but good: shown until upstream answers again, asked again after `retryMs`.
        this.value.until = this.now() + this.retryMs;
        return this.value.data;
      }
      this.failure = { error, until: this.now() + this.retryMs };
      throw error;
    }
  }
}
