import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Settings } from '../platform/config/app-config';

/**
 * The storefront's product images (`/images/products/<name>.svg`), for the Square emulator's demo
 * catalogue: the sources beside the build folder (`widgets/public` beside `widgets/dist`), else the
 * build's copy (an image shipped without the sources); '' when neither is there.
 */
export function storefrontImagesDir(settings: Pick<Settings, 'STOREFRONT_DIR'>): string {
  const dirs = [resolve(settings.STOREFRONT_DIR, '../public'), settings.STOREFRONT_DIR].map((dir) => join(dir, 'images/products'));
  return dirs.find((dir) => existsSync(dir)) ?? '';
}
