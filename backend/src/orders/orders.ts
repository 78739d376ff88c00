import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import { Aggregate } from '../platform/event-store/aggregate';
import { CommandRunner } from '../platform/event-store/command-runner';
import { EventStore } from '../platform/event-store/event-store';
import { orderDecider, OrderCommand } from './order.decider';
import type { OrderState } from './order.state';
import { OrderEvent, orderStream } from './order.events';

/** The one way to command an order and read it from its stream (checkout opens and pays it; this module fulfils and refunds it). */
@Injectable()
export class Orders {
  private readonly orders: Aggregate<string, OrderState, OrderCommand, OrderEvent>;

  constructor(runner: CommandRunner, store: EventStore) {
    this.orders = new Aggregate(runner, store, orderDecider, orderStream);
  }

  run(orderId: string, command: OrderCommand, caller: RequestContext) {
    return this.orders.run(orderId, command, caller);
  }

  /** The order as its stream says. */
  async load(orderId: string): Promise<OrderState> {
    return (await this.orders.load(orderId)).state;
  }
}
