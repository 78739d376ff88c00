import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ProductIds, Products, sameName, SquareLinksReader, StockAlertsReader, variantOf, type ProductEvent, type ProductState } from '../../catalog';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import type { RequestContext } from '../../platform/context/request-context';
import type { RequestedJob } from '../../platform/jobs/job-caller';
import { JobHandlers } from '../../platform/jobs/job-handlers';
import { withCopies } from '../pictures/picture-copies';
import { SquarePictures } from '../pictures/square-pictures';
import { SquareCatalogueTurns } from '../square-catalogue-turns';
import { SQUARE_SETTINGS, type SquareSettings } from '../square-settings';
import { StockPushJob } from '../stock/stock-push.job';
import { CatalogSyncState } from './catalog-sync-state';
import { SquareCatalogueReader, type CatalogueRead } from './square-catalogue.reader';
import { mapSquareItem, type MappedItem, type SquareCatalogue, type SquarePicture } from './square-item-mapping';

export const CATALOG_SYNC_JOB = 'catalog-sync';

/**
 * What a sync reads: everything (on demand, on the schedule), what changed in Square since the last
 * sync (after a `catalog.version.updated`, naming the version it announced), or some items (those
 * waiting for a picture the shop has just copied).
 */
export type SyncRequest = { kind: 'full' } | { kind: 'changes'; catalogUpdatedAt?: string } | { kind: 'items'; squareItemIds: string[] };

/** The sync job's data: who asked, and for a webhook's sync the catalogue version it announced (absent: a full sync). */
export type CatalogSyncJobData = Partial<RequestedJob> & { changes?: { catalogUpdatedAt?: string } };

export interface SyncResult {
  /** What the run did, in a sentence (the admin's Sync with Square shows it). */
  message: string;
  /** Products that match a Square item after the run: every one for a full read, those read for the others. */
  products: number;
  /** Events the run recorded: 0 when Square had nothing new. */
  changes: number;
  /** Square's time after which the run read what changed (a webhook's sync); null for a full read. */
  since: string | null;
  /** Products whose units on hand the run corrected from Square's counts (a webhook that never came). */
  stockCorrections?: { productId: number; variantId: string; stockQuantity: number; squareCount: number }[];
  /** The change the webhook announced was the shop's own write: nothing was read. */
  ownWrite?: true;
}

const requestOf = (data: CatalogSyncJobData | undefined): SyncRequest => (data?.changes ? { kind: 'changes', catalogUpdatedAt: data.changes.catalogUpdatedAt } : { kind: 'full' });

/**
 * Brings the Square catalogue over as a BullMQ job (on demand, on a schedule that runs once across
 * workers, and after Square's `catalog.version.updated`). Everything it reads is read first: a
 * Square error on any page stops the run before a single product changed. Then each item goes
 * through the Product decider, which records only what differs. A full read reads everything; a
 * webhook's read asks Square only for what changed since the last sync, and one the shop's own
 * write caused reads nothing. Square's pictures are listed as the shop's copies of them
 * (`pictures/`), which are asked for when missing.
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
    private readonly turns: SquareCatalogueTurns,
    private readonly state: CatalogSyncState,
    private readonly pictures: SquarePictures,
    private readonly stockChanges: StockAlertsReader,
    private readonly pushes: StockPushJob,
  ) {}

  onModuleInit(): void {
    this.handlers.handle('square', CATALOG_SYNC_JOB, (data, job, caller) => this.run(caller, job, requestOf(data as CatalogSyncJobData | undefined)));
    // The emulator's catalogue mirrors the demo seed, and its webhooks keep the stock in step: a timer would add nothing.
    const everyMs = this.config.SQUARE_SYNC_EVERY_MS ?? (this.settings.emulated ? 0 : 3_600_000);
    this.handlers.schedule({ queue: 'square', jobName: CATALOG_SYNC_JOB, everyMs });
  }

  /** In turn with the write-back (SquareCatalogueTurns), which records its writes before its turn ends. */
  run(caller: RequestContext, job?: Pick<Job, 'updateProgress'>, request: SyncRequest = { kind: 'full' }): Promise<SyncResult> {
    return this.turns.inTurn(() => this.runInTurn(caller, job, request));
  }

  private async runInTurn(caller: RequestContext, job: Pick<Job, 'updateProgress'> | undefined, request: SyncRequest): Promise<SyncResult> {
    const progress = (p: object) => job?.updateProgress({ ...p });
    if (request.kind === 'items') return this.bringOver(await this.reader.readItems(request.squareItemIds, progress), null, caller, job);
    if (request.kind === 'changes' && request.catalogUpdatedAt && (await this.state.isOwnWrite(request.catalogUpdatedAt))) {
      this.logger.log(`Square catalogue version ${request.catalogUpdatedAt} is the shop's own write: nothing to sync`);
      return { message: "Nothing to sync: the change was the shop's own write to Square.", products: 0, changes: 0, since: null, ownWrite: true };
    }
    const since = request.kind === 'changes' ? await this.state.since() : undefined;
    const changed = since === undefined ? undefined : await this.reader.readChanges(since, await this.state.ownVersionsAfter(since), progress);
    if (since !== undefined && !changed) this.logger.log(`A change in Square since ${since} reaches items it does not name: the whole catalogue is read`);
    const catalogue = changed ?? (await this.reader.read(progress));
    const result = await this.bringOver(catalogue, changed ? since! : null, caller, job);
    if (catalogue.latestTime) await this.state.leftOffAt(catalogue.latestTime);
    return result;
  }

  /** Each item read through the Product decider, the pictures still to copy asked for, and the withdrawn products found. */
  private async bringOver(catalogue: CatalogueRead, since: string | null, caller: RequestContext, job: Pick<Job, 'updateProgress'> | undefined): Promise<SyncResult> {
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
    // The studio's own products (added in the admin) are the shop's to describe: the write-back
    // writes them to Square, and a sync only follows their counts. Their details as Square has them
    // may be older than an edit still on its way there, and an item of theirs not linked yet is being
    // written (a write that failed after Square took the item): the write-back links it, not the sync.
    const studio = await this.squareLinks.studioProducts();
    const withdrawn = await this.squareLinks.withdrawnInSquare();
    const copies = await this.pictures.copies();
    // Products with stock changes waiting now, after the counts were read: those are sent before their
    // counts apply, so that a count holding a change whose answer is late takes it once. A change
    // recorded after this was pushed after the read, and no count read holds it.
    const waiting = new Set((await this.stockChanges.waitingSince(new Date(), 100_000)).map((w) => w.productId));
    let changes = 0;
    const stockCorrections: NonNullable<SyncResult['stockCorrections']> = [];
    const toCopy: (SquarePicture & { squareItemId: string })[] = [];
    for (const [index, read] of mapped.entries()) {
      const linked = known.get(read.squareItemId);
      const existing = linked ?? adopt(read.details.name);
      if (existing !== undefined && studio.has(existing) && linked === undefined) continue;
      const productId = existing ?? (await this.ids.next());
      const { item, missing } = withCopies(read, copies);
      // Its item is on sale in Square again (un-archived): so is the product.
      if (linked !== undefined && withdrawn.has(linked)) changes += (await this.products.run(linked, { kind: 'RestoreInSquare', squareItemId: item.squareItemId }, caller)).events.length;
      if (waiting.has(productId)) await this.pushes.sendWaiting(productId, caller);
      const { events, state } = studio.has(productId) ? await this.countsOnly(productId, item, caller) : await this.products.run(productId, { kind: 'ImportFromSquare', ...item }, caller);
      if (!studio.has(productId)) toCopy.push(...missing.map((p) => ({ ...p, squareItemId: item.squareItemId })));
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
    changes += await this.withdrawGone(catalogue, new Set(mapped.map((m) => m.squareItemId)), known, withdrawn, caller);
    // Each picture the shop has no copy of is asked for once (per file and item); a job copies it.
    for (const { squareImageId, url, squareItemId } of toCopy) await this.pictures.run(squareImageId, { kind: 'Want', squareImageId, url, squareItemId }, caller);
    const read = since === null ? '' : ` changed since ${since}`;
    this.logger.log(`Square catalogue${read} synced: ${mapped.length} products, ${changes} changes, ${stockCorrections.length} stock counts brought over, ${toCopy.length} pictures to copy`);
    return { message: `Synced ${mapped.length} products${read} from Square (${changes} changes).`, products: mapped.length, changes, since, stockCorrections };
  }

  /**
   * Products whose item Square no longer sells are withdrawn: archived, deleted, or (only when every
   * page was read) not in the catalogue at all, as ListCatalog leaves deleted items out. An item read
   * but not brought over for another reason (no priced variation) is left alone. The studio's own
   * products too: an archive in Square takes the item off the one shelf, the stall's and the shop's.
   */
  private async withdrawGone(catalogue: SquareCatalogue, mapped: Set<string>, known: Map<string, number>, withdrawn: Set<number>, caller: RequestContext): Promise<number> {
    const read = new Map(catalogue.items.map((item) => [item.id, item]));
    // A complete read with no item at all is the wrong account or location, or a catalogue being
    // rebuilt, not the studio taking every piece off sale: nothing is withdrawn as missing then.
    const trustMissing = catalogue.complete && catalogue.items.length > 0;
    if (catalogue.complete && !trustMissing && known.size) this.logger.warn('The Square catalogue read holds no items: no product is withdrawn as missing from it');
    let changes = 0;
    for (const [squareItemId, productId] of known) {
      if (mapped.has(squareItemId) || withdrawn.has(productId)) continue;
      const item = read.get(squareItemId);
      const reason = !item ? (trustMissing ? 'missing' : undefined) : item.isDeleted ? 'deleted' : item.itemData?.isArchived ? 'archived' : undefined;
      if (!reason) continue;
      const { events } = await this.products.run(productId, { kind: 'WithdrawInSquare', squareItemId, reason }, caller);
      if (events.length) this.logger.log(`Product ${productId} withdrawn: its Square item ${squareItemId} is ${reason === 'missing' ? 'no longer in the catalogue' : reason}`);
      changes += events.length;
    }
    return changes;
  }

  /** Each variation's count, applied to the variant that follows it (as a webhook's would be). */
  private async countsOnly(productId: number, item: MappedItem, caller: RequestContext): Promise<{ events: ProductEvent[]; state: ProductState }> {
    const events: ProductEvent[] = [];
    let state: ProductState = { exists: false };
    for (const { count } of item.variations) {
      if (!count) continue;
      const result = await this.products.run(productId, { kind: 'ApplySquareCount', ...count }, caller);
      events.push(...result.events);
      state = result.state;
    }
    return { events, state: state.exists ? state : await this.products.load(productId) };
  }
}
