import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { OutboxRelay } from './outbox-relay';

/** The worker's side of the outbox: the relay tick that feeds BullMQ. */
@Module({
  imports: [ScheduleModule.forRoot()],
  providers: [OutboxRelay],
  exports: [OutboxRelay],
})
export class OutboxRelayModule {}
