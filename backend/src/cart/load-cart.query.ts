import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { fold } from '../platform/event-store/decider';
import { EventStore } from '../platform/event-store/event-store';
import { cartDecider, CartState } from './cart.decider';
import type { CartEvent } from './cart.events';
import { cartStream } from './cart.events';

export interface LoadedCart {
  state: CartState;
  version: number;
}

/** The cart as its own stream says, with the version: what checkout prices and names its order by. */
export class LoadCartQuery extends Query<LoadedCart> {
  constructor(readonly cartId: string) {
    super();
  }
}

@QueryHandler(LoadCartQuery)
export class LoadCartHandler implements IQueryHandler<LoadCartQuery, LoadedCart> {
  constructor(private readonly store: EventStore) {}

  async execute({ cartId }: LoadCartQuery): Promise<LoadedCart> {
    const { events, version } = await this.store.readStream<CartEvent>(cartStream(cartId).id);
    return { state: fold(cartDecider, events), version };
  }
}
