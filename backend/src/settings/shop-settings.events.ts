import type { DomainEvent } from '../platform/event-store/recorded-event';
import { streamKind, stringId } from '../platform/event-store/stream';

/** Google's words for who an apparel piece is for (its feed's `g:gender`, `g:age_group`). */
export const APPAREL_GENDERS = ['unisex', 'female', 'male'] as const;
export const APPAREL_AGE_GROUPS = ['adult', 'kids', 'toddler', 'infant', 'newborn'] as const;

/** What the studio says about the shop as a whole, which the product feed and listings carry. */
export interface ShopSettings {
  /** The brand shown with every product (`g:brand`). */
  brand: string;
  /** Who the clothing is for, for every apparel product. */
  apparelGender: (typeof APPAREL_GENDERS)[number];
  apparelAgeGroup: (typeof APPAREL_AGE_GROUPS)[number];
  /** The colour of an apparel product that has no Color option ('' for none: such a product then has no `g:color`). */
  defaultColor: string;
}

/** What a shop that never changed its settings has. */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = { brand: 'The Dark Circle', apparelGender: 'unisex', apparelAgeGroup: 'adult', defaultColor: 'Black' };

/** The studio changed some of its settings: `changes` the fields that moved, `settings` all of them after. */
export type ShopSettingsChanged = DomainEvent<'ShopSettingsChanged', { changes: Partial<ShopSettings>; settings: ShopSettings }>;

export type ShopSettingsEvent = ShopSettingsChanged;

export const SHOP_SETTINGS_STREAM_TYPE = 'ShopSettings';
/** One stream for the one shop: `shop-settings-shop`. */
export const shopSettingsStream = streamKind(SHOP_SETTINGS_STREAM_TYPE, 'shop-settings-', stringId);
export const SHOP_SETTINGS_ID = 'shop';
