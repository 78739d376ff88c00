import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CartReader, RunCartCommand } from '../cart';
import { GetProductQuery, ProductsCache, type ProductDto } from '../catalog';
import type { RequestContext } from '../platform/context/request-context';
import { conflict } from '../platform/errors/domain-error';

/** The dashboard's demo tool: a cart with sample items and contact, marked abandoned, to try recovery on. */
@Injectable()
export class TestCartMaker {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly products: ProductsCache,
    private readonly carts: CartReader,
  ) {}

  async make(caller: RequestContext) {
    const catalogue = JSON.parse((await this.products.list()).body.plain.toString('utf8')) as ProductDto[];
    const picks = catalogue.filter((p) => p.inStock && p.stockQuantity > 0).slice(0, 2);
    if (picks.length === 0) throw conflict('Add a product in stock first: a test cart needs something to hold.');
    const cartId = randomUUID();
    const sessionId = `test-${Date.now()}-${randomUUID().slice(0, 8)}`;
    const run = (command: ConstructorParameters<typeof RunCartCommand>[1]) => this.commands.execute(new RunCartCommand(cartId, command, caller));
    await run({ kind: 'CreateCart', cartId, sessionId });
    for (const pick of picks) {
      const product = await this.queries.execute(new GetProductQuery(pick.id));
      if (product) await run({ kind: 'AddItem', newItemId: randomUUID(), quantity: 1, product });
    }
    // As a shopper's at checkout: the demo shows what a real abandoned cart gets.
    await run({ kind: 'GiveContactDetails', name: 'Test Shopper', email: 'test.shopper@darkcircle.test', atCheckout: true });
    await run({ kind: 'AbandonCart' });
    return (await this.carts.response(cartId))!;
  }
}
