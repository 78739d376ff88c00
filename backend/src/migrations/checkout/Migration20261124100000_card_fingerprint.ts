import { Migration } from '@mikro-orm/migrations';

/** The paying card's fingerprint on each order: the first-order code is refused to a card that has paid before. */
export class Migration20261124100000_card_fingerprint extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table orders add column card_fingerprint text');
    this.addSql('create index orders_card_fingerprint_idx on orders (card_fingerprint) where card_fingerprint is not null');
    this.addSql('create index if not exists orders_customer_email_idx on orders (customer_email)');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists orders_customer_email_idx');
    this.addSql('drop index orders_card_fingerprint_idx');
    this.addSql('alter table orders drop column card_fingerprint');
  }
}
