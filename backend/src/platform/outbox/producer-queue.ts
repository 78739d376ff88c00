import { Queue } from 'bullmq';
import { withTimeout } from './queue.registry';

/**
 * The BullMQ queue @nestjs/bullmq builds for each registered queue (set as `BullModule.queueClass`),
 * with a close that never holds up a shutdown: @nestjs/bullmq closes each queue with `close()`,
 * whose QUIT fails at once while Redis is away (the connection has no offline queue) and waits
 * forever while it hangs. Then the queue disconnects instead, itself bounded.
 */
export class ProducerQueue extends Queue {
  private closingBounded: Promise<void> | undefined;

  override close(): Promise<void> {
    this.closingBounded ??= withTimeout(super.close(), 2000).catch(() => withTimeout(this.disconnect(), 1000).catch(() => undefined));
    return this.closingBounded;
  }
}
