import { Migration20261122000000_platform_and_catalog } from './platform/Migration20261122000000_platform_and_catalog';
import { Migration20261122010000_carts } from './cart/Migration20261122010000_carts';
import { Migration20261123000000_checkout } from './checkout/Migration20261123000000_checkout';
import { Migration20261123100000_newsletter } from './newsletter/Migration20261123100000_newsletter';
import { Migration20261123110000_discount_redemptions } from './checkout/Migration20261123110000_discount_redemptions';
import { Migration20261123120000_outbox_dead_letters } from './platform/Migration20261123120000_outbox_dead_letters';
import { Migration20261123130000_admin } from './auth/Migration20261123130000_admin';
import { Migration20261124000000_append_function } from './platform/Migration20261124000000_append_function';
import { Migration20261124100000_card_fingerprint } from './checkout/Migration20261124100000_card_fingerprint';
import { Migration20261124200000_square_stock } from './square/Migration20261124200000_square_stock';
import { Migration20261124300000_order_refunds } from './orders/Migration20261124300000_order_refunds';
import { Migration20261125000000_order_fulfilment_steps } from './orders/Migration20261125000000_order_fulfilment_steps';
import { Migration20261125180000_order_numbers_when_paid } from './orders/Migration20261125180000_order_numbers_when_paid';
import { Migration20261125200000_local_events } from './local-events/Migration20261125200000_local_events';

/** Every migration in order; listed here so the built app needs no file globbing. */
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
];
