import { Migration } from '@mikro-orm/migrations';

/**
 * The client address each checkout came from, as the rate limits count it: the units one address's
 * unfinished checkouts hold are bounded (`HOLD_UNITS_PER_CLIENT`). Orders opened before have none and
 * count for nobody.
 */
export class Migration20261201120000_checkout_holds extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table orders add column client_address text');
    this.addSql(`create index orders_held_by_client_idx on orders (client_address) where status in ('opened', 'charging', 'failed')`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index orders_held_by_client_idx');
    this.addSql('alter table orders drop column client_address');
  }
}
