import { Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { systemContext } from '../platform/context/request-context';
import { EventStore } from '../platform/event-store/event-store';
import { DEMO_CATALOG } from './demo-catalog';
import { productDecider } from './product.decider';
import { PRODUCT_STREAM_TYPE, productStream } from './product.events';
import { ProductIds } from './product-ids';

const SEED_LOCK = 'dark-circle:seed-demo-catalog';
const ANY_PRODUCT_EVENT = `select 1 from events where stream_type = '${PRODUCT_STREAM_TYPE}' limit 1`;

/** Fills the demo catalogue with the events an operator's AddProduct commands would record. */
@Injectable()
export class CatalogSeeder {
  private readonly logger = new Logger('CatalogSeeder');

  constructor(
    private readonly orm: MikroORM,
    private readonly store: EventStore,
    private readonly ids: ProductIds,
  ) {}

  /**
   * Seeds only a catalogue that has never had a product, so an emptied shop stays empty. All of it
   * in one transaction under an advisory lock: two processes starting together seed once (the
   * second waits, then finds the products), and a crash part-way seeds nothing.
   */
  async seedIfEmpty(): Promise<number> {
    // Asked first without the lock: every start of a shop that has products ends here.
    const [any] = await (this.orm.em as EntityManager).getConnection().execute(ANY_PRODUCT_EVENT);
    if (any) return 0;
    const seeded = await this.store.inOneTransaction(SEED_LOCK, async (tx) => {
      if ((await tx.execute(ANY_PRODUCT_EVENT)).length) return 0;
      const caller = systemContext();
      for (const product of DEMO_CATALOG) {
        const productId = await this.ids.next(tx);
        await tx.append(productStream(productId), 0, productDecider.decide({ kind: 'AddProduct', productId, ...product }, productDecider.initialState), caller);
      }
      return DEMO_CATALOG.length;
    });
    if (seeded) this.logger.log(`Seeded ${seeded} demo products`);
    return seeded;
  }
}
