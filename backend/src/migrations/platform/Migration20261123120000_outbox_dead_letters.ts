import { Migration } from '@mikro-orm/migrations';

/**
 * Outbox rows that fail for a reason other than Redis being away are retried with backoff
 * (`next_attempt_at`) and, after too many attempts, parked (`dead_at`) so the rows behind them flow.
 */
export class Migration20261123120000_outbox_dead_letters extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table outbox add column next_attempt_at timestamptz, add column dead_at timestamptz');
    // Until now every claim counted as an attempt, Redis outages included; only row failures count from here.
    this.addSql('update outbox set attempts = 0 where sent_at is null');
    this.addSql('drop index outbox_unsent_idx');
    this.addSql('create index outbox_waiting_idx on outbox (position) where sent_at is null and dead_at is null');
    this.addSql('create index outbox_dead_idx on outbox (dead_at) where dead_at is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index outbox_dead_idx');
    this.addSql('drop index outbox_waiting_idx');
    this.addSql('create index outbox_unsent_idx on outbox (position) where sent_at is null');
    this.addSql('alter table outbox drop column dead_at, drop column next_attempt_at');
  }
}
