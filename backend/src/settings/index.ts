export { SettingsModule } from './settings.module';
export { ShopSettingsReader } from './shop-settings.reader';
export type { CurrentShopSettings } from './shop-settings.reader';
export { SHOP_SETTINGS_STREAM_TYPE } from './shop-settings.events';
export type { ShopSettings } from './shop-settings.events';
