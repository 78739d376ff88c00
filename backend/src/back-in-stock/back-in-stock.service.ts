import { Injectable } from '@nestjs/common';
import { Products, variantOf } from '../catalog';
import type { RequestContext } from '../platform/context/request-context';
import { conflict, notFound } from '../platform/errors/domain-error';
import { CommandRunner } from '../platform/event-store/command-runner';
import { fold } from '../platform/event-store/decider';
import { EventStore } from '../platform/event-store/event-store';
import { requestDecider, type RequestCommand, type RequestState } from './request.decider';
import { requestStream, type BackInStockEvent } from './request.events';
import { normalizeEmail, requestIdOf } from './request-identity';
import { buyable, waitedName } from './waited-variant';

/** Asking, confirming and leaving: check the variant with the catalogue, then load the request's stream, decide, append. */
@Injectable()
export class BackInStockService {
  constructor(
    private readonly runner: CommandRunner,
    private readonly store: EventStore,
    private readonly products: Products,
  ) {}

  /**
   * Only for a variant on sale that cannot be bought now (409 IN_STOCK otherwise). Asking again
   * before confirming sends the confirmation again at most every few minutes; after confirming,
   * nothing is sent and the answer says the address is on the list.
   */
  async ask(productId: number, variantId: string, email: string, caller: RequestContext): Promise<'confirmation-sent' | 'already-on-list'> {
    const product = await this.products.load(productId);
    // A draft is not in the shop yet: shoppers cannot wait for what they cannot see.
    if (!product.exists || product.draft) throw notFound(`Product ${productId} was not found.`);
    const variant = variantOf(product, variantId);
    if (!variant || variant.removed) throw notFound(`That size or option of ${product.name} is not sold here.`, 'VARIANT_NOT_FOUND', { productId, variantId });
    const now = await this.products.snapshot(productId, variantId);
    if (buyable(now)) throw conflict(`${waitedName(now)} is in stock now: add it to your cart.`, 'IN_STOCK', { productId, variantId, available: now.stockQuantity });
    const normalized = normalizeEmail(email);
    const requestId = requestIdOf(normalized, variantId);
    const { state } = await this.run(requestId, { kind: 'Ask', requestId, productId, variantId, email: normalized, now: Date.now() }, caller);
    return state.exists && state.status === 'confirmed' ? 'already-on-list' : 'confirmation-sent';
  }

  confirm(requestId: string, caller: RequestContext) {
    return this.run(requestId, { kind: 'Confirm' }, caller);
  }

  leave(requestId: string, caller: RequestContext) {
    return this.run(requestId, { kind: 'Leave' }, caller);
  }

  async load(requestId: string): Promise<RequestState> {
    const { events } = await this.store.readStream<BackInStockEvent>(requestStream(requestId).id);
    return fold(requestDecider, events);
  }

  run(requestId: string, command: RequestCommand, caller: RequestContext) {
    return this.runner.run(requestDecider, requestStream(requestId), command, caller);
  }
}
