import { Migration } from '@mikro-orm/migrations';

/** What each order has had refunded, and how many refunds still wait on Square's answer (the reconciliation job finishes them). */
export class Migration20261124300000_order_refunds extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table orders add column refunded_cents integer not null default 0');
    this.addSql('alter table orders add column refund_status text');
    this.addSql('alter table orders add column refunds_pending integer not null default 0');
    this.addSql('create index orders_refunds_pending_idx on orders (updated_at) where refunds_pending > 0');
  }

  override async down(): Promise<void> {
    this.addSql('drop index orders_refunds_pending_idx');
    this.addSql('alter table orders drop column refunds_pending');
    this.addSql('alter table orders drop column refund_status');
    this.addSql('alter table orders drop column refunded_cents');
  }
}
