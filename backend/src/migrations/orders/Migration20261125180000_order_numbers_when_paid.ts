import { Migration } from '@mikro-orm/migrations';

/**
 * Order numbers are given when the payment is captured, not when the checkout opens, so a declined
 * attempt takes none. A sequence cannot give numbers without gaps (a value it handed out is never
 * given back), so numbers come from a counter row, claimed once per order: `order_number_claims`.
 * The counter goes on from the last number the sequence gave; orders still unpaid keep the number
 * they were opened with. A checkout that is never paid has no number in `orders`.
 */
export class Migration20261125180000_order_numbers_when_paid extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table order_number_counter (id boolean primary key default true check (id), last_number integer not null)`);
    this.addSql(`insert into order_number_counter (last_number) select case when is_called then last_value else last_value - 1 end from order_numbers`);
    this.addSql(`create table order_number_claims (order_id uuid primary key, number integer not null unique, claimed_at timestamptz not null default now())`);
    this.addSql(`drop sequence order_numbers`);
    this.addSql(`alter table orders alter column order_number drop not null`);
  }

  override async down(): Promise<void> {
    // Orders opened since have no number until paid, so `order_number` stays nullable.
    this.addSql(`create sequence order_numbers minvalue 1 start 1001`);
    this.addSql(`select setval('order_numbers', (select last_number from order_number_counter))`);
    this.addSql(`drop table order_number_claims`);
    this.addSql(`drop table order_number_counter`);
  }
}
