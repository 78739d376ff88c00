import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { RequestContext } from '../platform/context/request-context';
import { Aggregate } from '../platform/event-store/aggregate';
import { CommandRunner } from '../platform/event-store/command-runner';
import { EventStore } from '../platform/event-store/event-store';
import { productDecider, ProductCommand, ProductState } from './product.decider';
import { ProductEvent, productStream } from './product.events';
import { availableQuantity } from './product.view';

/** What other modules may know of a product: enough to price it and check its stock (units no checkout holds). */
export interface ProductSnapshot {
  productId: number;
  name: string;
  imageUrl: string;
  priceCents: number;
  inStock: boolean;
  stockQuantity: number;
}

type WithoutProductId<C> = C extends unknown ? Omit<C, 'productId'> : never;
/** A product command as another module sends it: the product is named by `run`'s first argument. */
export type ProductCommandBody = WithoutProductId<ProductCommand>;

/** The product id a product stream's id names (for handlers of product events in other modules). */
export const productIdOf = (streamId: string): number => productStream.idOf(streamId);

/** The one way other modules command a product and read it. */
@Injectable()
export class Products {
  private readonly products: Aggregate<number, ProductState, ProductCommand, ProductEvent>;

  constructor(
    runner: CommandRunner,
    store: EventStore,
    private readonly orm: MikroORM,
  ) {
    this.products = new Aggregate(runner, store, productDecider, productStream);
  }

  run(productId: number, command: ProductCommandBody, caller: RequestContext) {
    return this.products.run(productId, { ...command, productId } as ProductCommand, caller);
  }

  /** The product as its stream says (Square links, stock changes not yet pushed). */
  async load(productId: number): Promise<ProductState> {
    return (await this.products.load(productId)).state;
  }

  /**
   * Reads the table rather than the in-memory cache: stock decisions must not act on a stale copy.
   * One plain statement, no entity: it runs inside every cart command.
   */
  async snapshot(productId: number): Promise<ProductSnapshot | undefined> {
    const [row] = await this.orm.em.getConnection().execute<(Omit<ProductSnapshot, 'stockQuantity'> & { onHand: number; reserved: number })[]>(
      `select id as "productId", name, image_url as "imageUrl", price_cents as "priceCents", in_stock as "inStock",
              stock_quantity as "onHand", reserved_quantity as "reserved"
         from products where id = ?`,
      [productId],
    );
    if (!row) return undefined;
    const { onHand, reserved, ...product } = row;
    return { ...product, stockQuantity: availableQuantity({ stockQuantity: onHand, reservedQuantity: reserved }) };
  }
}
