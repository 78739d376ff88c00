import { Injectable } from '@nestjs/common';

type Exists = (match: RegExpExecArray) => Promise<boolean>;

/**
 * Storefront pages whose path names something that may not exist, such as an order's status link.
 * The module that owns the thing registers the path and says whether it exists, so a tampered or
 * unknown link gets the storefront's page with a 404 status, as any unknown path does.
 */
@Injectable()
export class StorefrontPages {
  private readonly pages: { path: RegExp; exists: Exists }[] = [];

  register(path: RegExp, exists: Exists): void {
    this.pages.push({ path, exists });
  }

  /** Whether the path's page has something to show; undefined for a path no module registered. */
  async exists(path: string): Promise<boolean | undefined> {
    for (const page of this.pages) {
      const match = page.path.exec(path);
      if (match) return page.exists(match);
    }
    return undefined;
  }
}
