import { Migration20261122000000_platform_and_catalog } from './Migration20261122000000_platform_and_catalog';
import { Migration20261122010000_carts } from './Migration20261122010000_carts';
import { Migration20261123000000_checkout } from './Migration20261123000000_checkout';
import { Migration20261123120000_outbox_dead_letters } from './Migration20261123120000_outbox_dead_letters';

/** Every migration in order; listed here so the built app needs no file globbing. */
export const migrations = [
  { name: 'Migration20261122000000_platform_and_catalog', class: Migration20261122000000_platform_and_catalog },
  { name: 'Migration20261122010000_carts', class: Migration20261122010000_carts },
  { name: 'Migration20261123000000_checkout', class: Migration20261123000000_checkout },
  { name: 'Migration20261123120000_outbox_dead_letters', class: Migration20261123120000_outbox_dead_letters },
];
