import { write } from '../platform/projections/sql-write';
import { streamProjection } from '../platform/projections/stream-projection';
import { shopSettingsStream, type ShopSettingsEvent } from './shop-settings.events';

/** The one row of `shop_settings`: every setting after the last change. */
export const shopSettingsProjection = streamProjection<ShopSettingsEvent>({ name: 'shop-settings', tables: ['shop_settings'], stream: shopSettingsStream }, (event, id, stamp) => {
  const { brand, apparelGender, apparelAgeGroup, defaultColor } = event.data.settings;
  return [
    write(
      `insert into shop_settings (id, brand, apparel_gender, apparel_age_group, default_color, version, updated_at) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set brand = excluded.brand, apparel_gender = excluded.apparel_gender, apparel_age_group = excluded.apparel_age_group,
         default_color = excluded.default_color, version = excluded.version, updated_at = excluded.updated_at`,
      id,
      brand,
      apparelGender,
      apparelAgeGroup,
      defaultColor,
      stamp.version,
      stamp.updated_at,
    ),
  ];
});
