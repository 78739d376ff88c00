import { Migration20261122000000_platform_and_catalog } from './platform/Migration20261122000000_platform_and_catalog';
import { Migration20261122010000_carts } from './cart/Migration20261122010000_carts';
import { Migration20261123000000_checkout } from './checkout/Migration20261123000000_checkout';
import { Migration20261123100000_newsletter } from './newsletter/Migration20261123100000_newsletter';
import { Migration20261123110000_discount_redemptions } from './checkout/Migration20261123110000_discount_redemptions';
import { Migration20261123120000_outbox_dead_letters } from './platform/Migration20261123120000_outbox_dead_letters';
import { Migration20261123130000_admin } from './auth/Migration20261123130000_admin';
import { Migration20261124000000_append_function } from './platform/Migration20261124000000_append_function';
import { Migration20261124100000_card_fingerprint } from './checkout/Migration20261124100000_card_fingerprint';
import { Migration20261201120000_checkout_holds } from './checkout/Migration20261201120000_checkout_holds';
import { Migration20261201120100_zero_price } from './catalog/Migration20261201120100_zero_price';
import { Migration20261202030000_size_guide } from './catalog/Migration20261202030000_size_guide';
import { Migration20261203104500_order_square_order } from './orders/Migration20261203104500_order_square_order';
import { Migration20261203120000_square_fulfillment } from './orders/Migration20261203120000_square_fulfillment';
import { Migration20261203000000_discount_codes } from './discounts/Migration20261203000000_discount_codes';
import { Migration20261124200000_square_stock } from './square/Migration20261124200000_square_stock';
import { Migration20261124300000_order_refunds } from './orders/Migration20261124300000_order_refunds';
import { Migration20261125000000_order_fulfilment_steps } from './orders/Migration20261125000000_order_fulfilment_steps';
import { Migration20261125180000_order_numbers_when_paid } from './orders/Migration20261125180000_order_numbers_when_paid';
import { Migration20261125200000_local_events } from './local-events/Migration20261125200000_local_events';
import { Migration20261126000000_product_variants } from './catalog/Migration20261126000000_product_variants';
import { Migration20261201000000_stock_push_redrive } from './catalog/Migration20261201000000_stock_push_redrive';
import { Migration20261126000100_cart_item_variants } from './cart/Migration20261126000100_cart_item_variants';
import { Migration20261126000200_back_in_stock } from './back-in-stock/Migration20261126000200_back_in_stock';
import { Migration20261126000300_append_all_or_none } from './platform/Migration20261126000300_append_all_or_none';
import { Migration20261201224200_incidents } from './incidents/Migration20261201224200_incidents';
import { Migration20261201000000_change_notice_origin } from './platform/Migration20261201000000_change_notice_origin';
import { Migration20261201210000_product_withdrawn_in_square } from './catalog/Migration20261201210000_product_withdrawn_in_square';
import { Migration20261202010000_product_status } from './catalog/Migration20261202010000_product_status';
import { Migration20261203000000_product_search } from './catalog/Migration20261203000000_product_search';
import { Migration20261203000100_shop_settings } from './settings/Migration20261203000100_shop_settings';
import { Migration20261203100000_square_pictures_and_changes } from './square/Migration20261203100000_square_pictures_and_changes';

/**
 * Every migration in the order it is applied; listed here so the built app needs no file globbing.
 * Each sits in the folder of the module that owns what it changes. `name` is what the database
 * recorded in `mikro_orm_migrations` when it ran: never rename one, never reorder them (a renamed or
 * moved-up migration would run again on a shop that has it). A new one goes last, in its module's folder.
 *
 * A table's history, by table:
 * - `events`, `outbox`: platform/ (…_platform_and_catalog, …_outbox_dead_letters, …_append_function, …_append_all_or_none, …_change_notice_origin)
 * - `products`: platform/…_platform_and_catalog (created with the event store), checkout/…_checkout
 *   (reserved stock), auth/…_admin (Square item), square/…_square_stock (Square variation and count),
 *   catalog/…_product_variants (gallery, options; stock and Square links move to `product_variants`),
 *   catalog/…_product_withdrawn_in_square (its Square item archived or deleted), catalog/…_product_status (draft or active)
 * - `product_variants`: catalog/…_product_variants
 * - `product_search`, `product_search_words` (and the pg_trgm extension): catalog/…_product_search
 * - `stock_unpushed`, `stock_alert_notices`: catalog/…_stock_push_redrive
 * - `carts`, `cart_items`: cart/…_carts, checkout/…_checkout (the checkout lock), cart/…_cart_item_variants
 * - `orders`: checkout/ (…_checkout creates it, …_discount_redemptions, …_card_fingerprint, …_checkout_holds), auth/…_admin
 *   (fulfilled as/at), orders/ (…_order_refunds, …_order_fulfilment_steps, …_order_numbers_when_paid, …_order_square_order, …_square_fulfillment)
 * - `discount_redemptions`: checkout/; `order_number_counter`, `order_number_claims`: orders/
 * - `sessions`: auth/; `subscribers`: newsletter/; `square_webhook_deliveries`: square/; `local_events`: local-events/
 * - `square_pictures`, `square_catalog_sync`, `square_own_catalog_writes`: square/…_square_pictures_and_changes
 * - `back_in_stock_requests`: back-in-stock/; `incidents`: incidents/; `shop_settings`: settings/
 * - `discount_codes`, `discount_uses`: discounts/
 */
export const migrations = [
  { name: 'Migration20261122000000_platform_and_catalog', class: Migration20261122000000_platform_and_catalog },
  { name: 'Migration20261122010000_carts', class: Migration20261122010000_carts },
  { name: 'Migration20261123000000_checkout', class: Migration20261123000000_checkout },
  { name: 'Migration20261123100000_newsletter', class: Migration20261123100000_newsletter },
  { name: 'Migration20261123110000_discount_redemptions', class: Migration20261123110000_discount_redemptions },
  { name: 'Migration20261123120000_outbox_dead_letters', class: Migration20261123120000_outbox_dead_letters },
  { name: 'Migration20261123130000_admin', class: Migration20261123130000_admin },
  { name: 'Migration20261124000000_append_function', class: Migration20261124000000_append_function },
  { name: 'Migration20261124100000_card_fingerprint', class: Migration20261124100000_card_fingerprint },
  { name: 'Migration20261124200000_square_stock', class: Migration20261124200000_square_stock },
  { name: 'Migration20261124300000_order_refunds', class: Migration20261124300000_order_refunds },
  { name: 'Migration20261125000000_order_fulfilment_steps', class: Migration20261125000000_order_fulfilment_steps },
  { name: 'Migration20261125180000_order_numbers_when_paid', class: Migration20261125180000_order_numbers_when_paid },
  { name: 'Migration20261125200000_local_events', class: Migration20261125200000_local_events },
  { name: 'Migration20261126000000_product_variants', class: Migration20261126000000_product_variants },
  { name: 'Migration20261126000100_cart_item_variants', class: Migration20261126000100_cart_item_variants },
  { name: 'Migration20261126000200_back_in_stock', class: Migration20261126000200_back_in_stock },
  { name: 'Migration20261126000300_append_all_or_none', class: Migration20261126000300_append_all_or_none },
  { name: 'Migration20261201000000_stock_push_redrive', class: Migration20261201000000_stock_push_redrive },
  { name: 'Migration20261201120000_checkout_holds', class: Migration20261201120000_checkout_holds },
  { name: 'Migration20261201120100_zero_price', class: Migration20261201120100_zero_price },
  { name: 'Migration20261201224200_incidents', class: Migration20261201224200_incidents },
  { name: 'Migration20261201000000_change_notice_origin', class: Migration20261201000000_change_notice_origin },
  { name: 'Migration20261201210000_product_withdrawn_in_square', class: Migration20261201210000_product_withdrawn_in_square },
  { name: 'Migration20261202010000_product_status', class: Migration20261202010000_product_status },
  { name: 'Migration20261202030000_size_guide', class: Migration20261202030000_size_guide },
  { name: 'Migration20261203000000_discount_codes', class: Migration20261203000000_discount_codes },
  { name: 'Migration20261203000000_product_search', class: Migration20261203000000_product_search },
  { name: 'Migration20261203000100_shop_settings', class: Migration20261203000100_shop_settings },
  { name: 'Migration20261203100000_square_pictures_and_changes', class: Migration20261203100000_square_pictures_and_changes },
  { name: 'Migration20261203104500_order_square_order', class: Migration20261203104500_order_square_order },
  { name: 'Migration20261203120000_square_fulfillment', class: Migration20261203120000_square_fulfillment },
];
