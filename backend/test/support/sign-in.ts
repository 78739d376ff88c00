/**
 * A browser's cookie jar over fetch, enough for the sign-in round trip: it follows redirects by
 * hand (across the shop and the local provider), keeps cookies by name and path, and drops the
 * ones a response expires.
 */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  header(url: string): string {
    const path = new URL(url).pathname;
    return [...this.cookies]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string, path = '/'): void {
    this.cookies.set(name, { value, path });
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      if (attributes.some((a) => a.toLowerCase() === 'max-age=0')) this.cookies.delete(name);
      else this.cookies.set(name, { value: pair.slice(eq + 1), path });
    }
  }

  /** One request with the jar's cookies; redirects are returned, not followed. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.take(response);
    return response;
  }

  /** Follows a chain of redirects from `url`; returns every address visited and the last response. */
  async follow(url: string, maxHops = 8): Promise<{ visited: string[]; response: Response }> {
    const visited = [url];
    let response = await this.fetch(url);
    while (response.status >= 300 && response.status < 400 && visited.length <= maxHops) {
      const next = new URL(response.headers.get('location')!, visited.at(-1)).href;
      visited.push(next);
      response = await this.fetch(next);
    }
    return { visited, response };
  }
}

/** Signs `email` in through the shop's sign-in flow (the local provider); returns the jar holding the session. */
export async function signInAs(baseUrl: string, email: string, jar = new CookieJar()): Promise<CookieJar> {
  const { visited } = await jar.follow(`${baseUrl}/api/auth/google?login_hint=${encodeURIComponent(email)}`);
  if (visited.at(-1) !== `${baseUrl}/admin` || !jar.get('dc_session')) throw new Error(`Sign-in as ${email} ended at ${visited.at(-1)} without a session`);
  return jar;
}
