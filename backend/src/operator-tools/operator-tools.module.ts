import { Module } from '@nestjs/common';
import { HistoryController } from './history.controller';
import { OutboxController } from './outbox.controller';
import { QueueDashboard } from './queue-dashboard';

/** The studio's operator tools, admins only: a stream's event history, the outbox's held rows, and the queues' dashboard (Bull Board). */
@Module({
  controllers: [HistoryController, OutboxController],
  providers: [QueueDashboard],
})
export class OperatorToolsModule {}
