import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CartCommand, CartReader, Carts } from '../cart';
import { Products, ProductsCache, type ProductDto } from '../catalog';
import type { RequestContext } from '../platform/context/request-context';
import { conflict } from '../platform/errors/domain-error';

/** The dashboard's demo tool: a cart with sample items and contact, marked abandoned, to try recovery on. */
@Injectable()
export class TestCartMaker {
  constructor(
    private readonly carts: Carts,
    private readonly products: Products,
    private readonly catalogue: ProductsCache,
    private readonly reader: CartReader,
  ) {}

  async make(caller: RequestContext) {
    const catalogue = JSON.parse((await this.catalogue.list()).body.plain.toString('utf8')) as ProductDto[];
    const picks = catalogue.filter((p) => p.inStock && p.stockQuantity > 0).slice(0, 2);
    if (picks.length === 0) throw conflict('Add a product in stock first: a test cart needs something to hold.');
    const cartId = randomUUID();
    const sessionId = `test-${Date.now()}-${randomUUID().slice(0, 8)}`;
    const run = (command: CartCommand) => this.carts.run(cartId, command, caller);
    await run({ kind: 'CreateCart', cartId, sessionId });
    for (const pick of picks) {
      const product = await this.products.snapshot(pick.id, pick.variants.find((v) => v.inStock)?.id);
      if (product) await run({ kind: 'AddItem', newItemId: randomUUID(), quantity: 1, product });
    }
    // As a shopper's at checkout: the demo shows what a real abandoned cart gets.
    await run({ kind: 'GiveContactDetails', name: 'Test Shopper', email: 'test.shopper@darkcircle.test', atCheckout: true });
    await run({ kind: 'AbandonCart' });
    return (await this.reader.response(cartId))!;
  }
}
