import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { systemContext } from '../platform/context/request-context';
import { EventStore } from '../platform/event-store/event-store';
import { DEMO_CATALOG } from './demo-catalog';
import { PRODUCT_STREAM_TYPE } from './product.events';
import { ProductIds } from './product-ids';
import { RunProductCommand } from './run-product-command';

/** Fills the demo catalogue through the same commands an operator would use. */
@Injectable()
export class CatalogSeeder {
  private readonly logger = new Logger('CatalogSeeder');

  constructor(
    private readonly orm: MikroORM,
    private readonly commands: CommandBus,
    private readonly ids: ProductIds,
    private readonly store: EventStore,
  ) {}

  /**
   * Seeds only a catalogue that has never had a product, so an emptied shop stays empty. All of it
   * in one transaction under an advisory lock: two processes starting together seed once (the
   * second waits, then finds the products), and a crash part-way seeds nothing.
   */
  async seedIfEmpty(): Promise<number> {
    // Asked first without the lock: every start of a shop that has products ends here.
    if (await this.hasEverHadProducts()) return 0;
    const seeded = await this.store.inOneTransaction('dark-circle:seed-demo-catalog', async () => {
      if (await this.hasEverHadProducts()) return 0;
      const caller = systemContext();
      for (const product of DEMO_CATALOG) {
        await this.commands.execute(new RunProductCommand({ kind: 'AddProduct', productId: await this.ids.next(), ...product }, caller));
      }
      return DEMO_CATALOG.length;
    });
    if (seeded) this.logger.log(`Seeded ${seeded} demo products`);
    return seeded;
  }

  /** Read in the transaction of `inOneTransaction` when asked inside it. */
  private async hasEverHadProducts(): Promise<boolean> {
    const em = this.orm.em.fork({ keepTransactionContext: true }) as EntityManager;
    const [any] = await em.execute('select 1 from events where stream_type = ? limit 1', [PRODUCT_STREAM_TYPE]);
    return Boolean(any);
  }
}
