import { CookieJar, signInAs } from './sign-in';

/** A signed-in browser calling the API as the shop's own pages do (cookie, same Origin, JSON). */
export class AdminClient {
  private constructor(
    readonly baseUrl: string,
    readonly jar: CookieJar,
  ) {}

  static async signIn(baseUrl: string, email = 'owner@darkcircle.test'): Promise<AdminClient> {
    return new AdminClient(baseUrl, await signInAs(baseUrl, email));
  }

  static anonymous(baseUrl: string): AdminClient {
    return new AdminClient(baseUrl, new CookieJar());
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
    const init: RequestInit = { method, headers: { origin: this.baseUrl, ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await this.jar.fetch(`${this.baseUrl}${path}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed };
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body?: unknown) => this.call('POST', path, body);
  put = (path: string, body?: unknown) => this.call('PUT', path, body);
  patch = (path: string, body?: unknown) => this.call('PATCH', path, body);
}
