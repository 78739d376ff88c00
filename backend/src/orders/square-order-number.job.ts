import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { orderStream, type OrderPlaced } from './order.events';
import { SquareOrderNumbering, type NumberingOutcome } from './square-order-numbering';

/** The worker's turn: a placed order whose Square order does not carry its number yet gets it; Square not answering fails the job, to be retried. */
@Injectable()
export class SquareOrderNumberJob {
  constructor(private readonly numbering: SquareOrderNumbering) {}

  @OnEvent<OrderPlaced>('OrderPlaced', { queue: 'square', job: 'square-order-number' })
  async onPlaced(event: RecordedEvent<OrderPlaced>, caller: RequestContext): Promise<NumberingOutcome> {
    const outcome = await this.numbering.number(orderStream.idOf(event.streamId), caller);
    if (outcome === 'unknown') throw new Error(`Square did not answer while the Square order of ${event.data.orderNumber} was numbered; retried`);
    return outcome;
  }
}
