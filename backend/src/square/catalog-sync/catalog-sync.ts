import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ProductIds, Products, sameName, SquareLinksReader, variantOf } from '../../catalog';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import type { RequestContext } from '../../platform/context/request-context';
import { EventStore } from '../../platform/event-store/event-store';
import { JobHandlers } from '../../platform/jobs/job-handlers';
import { SQUARE_CATALOGUE_LOCK } from '../square-catalogue-lock';
import { SQUARE_SETTINGS, type SquareSettings } from '../square-settings';
import { SquareCatalogueReader } from './square-catalogue.reader';
import { mapSquareItem } from './square-item-mapping';

export const CATALOG_SYNC_JOB = 'catalog-sync';

export interface SyncResult {
  /** Products that match a Square item after the run. */
  products: number;
  /** Events the run recorded: 0 when Square had nothing new. */
  changes: number;
  /** Products whose units on hand the run corrected from Square's counts (a webhook that never came). */
  stockCorrections?: { productId: number; variantId: string; stockQuantity: number; squareCount: number }[];
}

/**
 * Brings the Square catalogue over as a BullMQ job (on demand, and on a schedule that runs once
 * across workers). Everything is read first: a Square error on any page stops the run before a
 * single product changed. Then each item goes through the Product decider, which records only what
 * differs.
 */
@Injectable()
export class CatalogSync implements OnModuleInit {
  private readonly logger = new Logger('SquareSync');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
    private readonly handlers: JobHandlers,
    private readonly reader: SquareCatalogueReader,
    private readonly squareLinks: SquareLinksReader,
    private readonly products: Products,
    private readonly ids: ProductIds,
    private readonly store: EventStore,
  ) {}

  onModuleInit(): void {
    this.handlers.handle('square', CATALOG_SYNC_JOB, (_data, job, caller) => this.run(caller, job));
    // The emulator's catalogue mirrors the demo seed, and its webhooks keep the stock in step: a timer would add nothing.
    const everyMs = this.config.SQUARE_SYNC_EVERY_MS ?? (this.settings.emulated ? 0 : 3_600_000);
    this.handlers.schedule({ queue: 'square', jobName: CATALOG_SYNC_JOB, everyMs });
  }

  /** Takes turns with the write-back (see SQUARE_CATALOGUE_LOCK), in any process. */
  run(caller: RequestContext, job?: Pick<Job, 'updateProgress'>): Promise<SyncResult> {
    return this.store.inOneTransaction(SQUARE_CATALOGUE_LOCK, () => this.runInTurn(caller, job));
  }

  private async runInTurn(caller: RequestContext, job?: Pick<Job, 'updateProgress'>): Promise<SyncResult> {
    const catalogue = await this.reader.read((p) => job?.updateProgress({ ...p }));
    const mapped = catalogue.items.flatMap((item) => mapSquareItem(item, catalogue) ?? []);
    const known = await this.squareLinks.productsBySquareItem();
    // A product the shop already sells under the item's name (the demo seed beside the emulator's
    // copy of it, a product added by hand before the shop met Square) is linked, not listed twice;
    // only when exactly one product has that name.
    const unlinked = await this.squareLinks.unlinkedProductsByName();
    const adopted = new Set<number>();
    const adopt = (name: string): number | undefined => {
      const candidates = unlinked.get(sameName(name)) ?? [];
      const only = candidates.length === 1 ? candidates[0] : undefined;
      if (only === undefined || adopted.has(only)) return undefined;
      adopted.add(only);
      return only;
    };
    let changes = 0;
    const stockCorrections: NonNullable<SyncResult['stockCorrections']> = [];
    for (const [index, item] of mapped.entries()) {
      const existing = known.get(item.squareItemId) ?? adopt(item.details.name);
      const productId = existing ?? (await this.ids.next());
      const { events, state } = await this.products.run(productId, { kind: 'ImportFromSquare', ...item }, caller);
      changes += events.length;
      // A followed count newer than the last one applied: a webhook that never came (or has not yet).
      for (const healed of existing !== undefined && state.exists ? events : []) {
        if (healed.type !== 'StockSet' || healed.data.squareCount === undefined) continue;
        const variant = state.exists ? variantOf(state, healed.data.variantId) : undefined;
        stockCorrections.push({ productId, variantId: healed.data.variantId, stockQuantity: healed.data.stockQuantity, squareCount: healed.data.squareCount });
        this.logger.log(`Stock of product ${productId}${variant?.name ? ` (${variant.name})` : ''} set from Square's count ${healed.data.squareCount}: ${healed.data.stockQuantity} on hand`);
      }
      if (index % 50 === 49) await job?.updateProgress({ phase: 'saving', itemsRead: mapped.length, itemsTotal: mapped.length, saved: index + 1 });
    }
    this.logger.log(`Square catalogue synced: ${mapped.length} products, ${changes} changes, ${stockCorrections.length} stock counts brought over`);
    return { products: mapped.length, changes, stockCorrections };
  }
}
