import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_SHOP_SETTINGS, SHOP_SETTINGS_ID, type ShopSettings } from './shop-settings.events';

/** The settings as they are now, with the version of their stream (0: never changed, the defaults). */
export type CurrentShopSettings = ShopSettings & { version: number };

@Injectable()
export class ShopSettingsReader {
  constructor(private readonly orm: MikroORM) {}

  async current(): Promise<CurrentShopSettings> {
    const [row] = await (this.orm.em as EntityManager)
      .getConnection()
      .execute<(ShopSettings & { version: number })[]>(
        'select brand, apparel_gender as "apparelGender", apparel_age_group as "apparelAgeGroup", default_color as "defaultColor", version from shop_settings where id = ?',
        [SHOP_SETTINGS_ID],
      );
    return row ? { ...row, version: Number(row.version) } : { ...DEFAULT_SHOP_SETTINGS, version: 0 };
  }
}
