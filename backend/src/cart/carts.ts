import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import { Aggregate, Loaded } from '../platform/event-store/aggregate';
import { CommandRunner, CommandSource } from '../platform/event-store/command-runner';
import { EventStore } from '../platform/event-store/event-store';
import { cartDecider, CartCommand, CartState } from './cart.decider';
import { CartEvent, cartStream } from './cart.events';

/** The cart id a cart stream's id names (for handlers of cart events in other modules). */
export const cartIdOf = (streamId: string): string => cartStream.idOf(streamId);

/**
 * The one way to command a cart and read it from its stream: the cart's own services and other
 * modules (checkout locks a cart while it is paid for; recovery abandons and restores carts).
 */
@Injectable()
export class Carts {
  private readonly carts: Aggregate<string, CartState, CartCommand, CartEvent>;

  constructor(runner: CommandRunner, store: EventStore) {
    this.carts = new Aggregate(runner, store, cartDecider, cartStream);
  }

  run(cartId: string, command: CommandSource<CartCommand>, caller: RequestContext) {
    return this.carts.run(cartId, command, caller);
  }

  /** The cart as its own stream says, with the version: what checkout prices and names its order by. */
  load(cartId: string): Promise<Loaded<CartState>> {
    return this.carts.load(cartId);
  }
}
