import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { SquareClient, type Square } from 'square';
import {
  evolveProduct,
  liveVariants,
  productIdOf,
  Products,
  productStream,
  type ExistingProduct,
  type ProductState,
  type ProductAdded,
  type ProductDetailsChanged,
  type ProductEvent,
  type ProductOptionsChanged,
  type ProductPublished,
  type VariantAdded,
  type VariantChanged,
  type VariantRemoved,
} from '../../catalog';
import type { RequestContext } from '../../platform/context/request-context';
import { EventStore } from '../../platform/event-store/event-store';
import type { EventMetadata, RecordedEvent } from '../../platform/event-store/recorded-event';
import { OnEvent } from '../../platform/jobs/event-jobs';
import { QueueRegistry } from '../../platform/outbox/queue.registry';
import { CatalogSyncState, type WrittenObject } from '../catalog-sync/catalog-sync-state';
import { SquareCatalogueTurns } from '../square-catalogue-turns';
import { SQUARE_SETTINGS, type SquareSettings } from '../square-settings';
import { NEW_ITEM_ID, squareItemWrite, type ProductToWrite, type SquareSide } from './square-item-objects';

type StudioEdit = ProductAdded | ProductPublished | ProductDetailsChanged | ProductOptionsChanged | VariantAdded | VariantChanged | VariantRemoved;
export type WriteBackOutcome = 'created' | 'updated' | 'up-to-date' | 'not-a-studio-edit' | 'from-square' | 'not-in-square' | 'no-product' | 'draft';

/**
 * A change the studio made in the admin, and only that. The admin's requests append their events
 * straight from the HTTP request: the actor is the admin (`admin:<email>`) and there is no cause.
 * Everything else carries a cause: a sync (even one an admin asked for, which runs as a job acting
 * for them), a webhook, this job's own link: all are recorded by jobs, whose events name the job or
 * the event they came from as `causationId`. So a sync's changes, which came from Square, never go
 * back to it, and neither do the seed's (actor `system`).
 */
export const isStudioEdit = (event: { metadata: EventMetadata }) => event.metadata.actor.startsWith('admin:') && !event.metadata.causationId;

/** Bounded by Square's 128 characters: the event id and a digest of the request. */
const keyFor = (eventId: string, body: unknown) =>
  `${eventId}:${createHash('sha256')
    .update(JSON.stringify(body, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
    .digest('hex')
    .slice(0, 32)}`;

/**
 * Writes the studio's products to Square from the worker, so the stall sells what the shop sells.
 * A product added in the admin becomes a Square item with a variation per variant (and its item
 * options), then the product is linked (`LinkToSquare`), and each variation Square never counted
 * gets the variant's units on hand at that moment, pushed as a stock change, so each variant
 * follows its variation's count from the start. Later edits (details, price, options, variants) upsert the item again at
 * the versions Square gave. Products that came from Square are Square's to edit, not the shop's.
 * A draft is not written at all: its publication writes it as it is then (created as a new product
 * is, or updated when it was in Square before it went back to draft).
 */
@Injectable()
export class SquareWriteBackJob {
  private readonly logger = new Logger('SquareWriteBack');

  constructor(
    private readonly products: Products,
    private readonly store: EventStore,
    private readonly queues: QueueRegistry,
    private readonly turns: SquareCatalogueTurns,
    private readonly square: SquareClient,
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
    private readonly syncState: CatalogSyncState,
  ) {}

  @OnEvent<StudioEdit>(['ProductAdded', 'ProductPublished', 'ProductDetailsChanged', 'ProductOptionsChanged', 'VariantAdded', 'VariantChanged', 'VariantRemoved'], {
    queue: 'square',
    job: 'catalog-write-back',
    // Only the studio's edits become jobs: a sync's and the seed's changes make no outbox row.
    when: isStudioEdit,
  })
  async onStudioEdit(event: RecordedEvent<StudioEdit>, caller: RequestContext): Promise<WriteBackOutcome> {
    if (!isStudioEdit(event)) return 'not-a-studio-edit';
    const productId = productIdOf(event.streamId);
    const { events } = await this.store.readStream<ProductEvent>(productStream(productId).id);
    const [first] = events;
    if (first?.type === 'ProductImportedFromSquare') return 'from-square';
    const state = await this.products.load(productId);
    if (!state.exists) return 'no-product';
    // A draft's edits wait for its publication, which writes it as it is then.
    if (state.draft) return 'draft';
    if (state.squareItemId) return this.write(event, currentProduct(state), state.squareItemId, caller);
    // Not in Square yet. A product the seed or a script added is the sync's to link (by name). One
    // the studio added is created by its ProductAdded job (or, added as a draft, by its first
    // publication's); an edit made meanwhile waits for that job (retried with backoff), and once it
    // is gone (a product from before the write-back) creates it.
    if (first?.type !== 'ProductAdded' || !isStudioEdit(first)) return 'not-in-square';
    const creator = creatingEvent(events);
    if (!creator) return 'draft';
    if (event.eventId === creator.eventId) return this.write(event, creator.product, undefined, caller);
    const creating = await this.queues.get('square').getJob(creator.eventId);
    if (creating && !(await creating.isCompleted()) && !(await creating.isFailed())) {
      throw new Error(`Product ${productId} is not in Square yet: its edit is written once the item exists`);
    }
    return this.write(event, currentProduct(state), undefined, caller);
  }

  /**
   * One upsert (none when Square holds the product already), the counts of the variations Square
   * never counted, then the link; in turn with the sync. The idempotency keys are the event's id with
   * a digest of the request: a retry that sends the same gets Square's first answer (the same ids;
   * nothing created twice), one that sends something else (the product changed since) is a new
   * write. A new item is written as the ProductAdded event says, so its retries send the same.
   * `squareItemId` names the item to update; none: the item is created.
   */
  private write(event: RecordedEvent<StudioEdit>, toWrite: ProductToWrite, squareItemId: string | undefined, caller: RequestContext): Promise<WriteBackOutcome> {
    return this.turns.inTurn(() => this.writeInTurn(event, toWrite, squareItemId, caller));
  }

  private async writeInTurn(event: RecordedEvent<StudioEdit>, toWrite: ProductToWrite, squareItemId: string | undefined, caller: RequestContext): Promise<WriteBackOutcome> {
    const productId = productIdOf(event.streamId);
    // An item deleted in Square since is made again, and the product linked to the new one.
    const side = await this.readSquare(squareItemId);
    if (squareItemId && !side.item) this.logger.warn(`Product ${productId}'s item ${squareItemId} is gone from Square: written as a new item`);
    const write = squareItemWrite(toWrite, side);
    let itemId = side.item?.id;
    const links = [...write.adopted].map(([variantId, squareVariationId]) => ({ variantId, squareVariationId }));
    if (!write.upToDate) {
      const upsert = { batches: [{ objects: write.objects }] };
      const answer = await this.square.catalog.batchUpsert({ idempotencyKey: keyFor(event.eventId, upsert), ...upsert });
      // Before the turn ends: the catalog.version.updated this write causes, and a sync after it, know it for the shop's own.
      if (answer.updatedAt) await this.syncState.recordOwnWrite(answer.updatedAt, writtenObjects(answer.objects ?? []));
      const realId = new Map((answer.idMappings ?? []).map((m) => [m.clientObjectId!, m.objectId!]));
      itemId ??= realId.get(NEW_ITEM_ID)!;
      links.push(...[...write.created].map(([variantId, ref]) => ({ variantId, squareVariationId: realId.get(ref)! })));
    }
    const followed = [...toWrite.variants.flatMap((v) => (v.squareVariationId ? [{ variantId: v.variantId, squareVariationId: v.squareVariationId }] : [])), ...links];
    const uncounted = await this.uncountedOf(followed);
    if (write.upToDate && !uncounted.length) return 'up-to-date';
    await this.products.run(productId, { kind: 'LinkToSquare', squareItemId: itemId!, variations: links, uncounted }, caller);
    this.logger.log(`Product ${productId} written to Square as item ${itemId}: ${write.created.size} variations created, ${uncounted.length} to be counted`);
    return side.item ? 'updated' : 'created';
  }

  /**
   * The variants whose variations Square holds no count of at the shop's location: the variations
   * just created, and those of a write that failed before its link. The link sends their units on
   * hand then (as a stock change the push job takes to Square), so nothing the studio or a sale
   * changed after this read is lost. Counted ones are Square's: their variants follow them.
   */
  private async uncountedOf(followed: { variantId: string; squareVariationId: string }[]): Promise<string[]> {
    if (!followed.length) return [];
    const counted = new Set<string>();
    for await (const count of await this.square.inventory.batchGetCounts({ catalogObjectIds: followed.map((f) => f.squareVariationId), locationIds: [this.settings.locationId] })) {
      if (count.catalogObjectId) counted.add(count.catalogObjectId);
    }
    return followed.filter((f) => !counted.has(f.squareVariationId)).map((f) => f.variantId);
  }

  /** The catalogue's item options and categories (the seller's Size is reused), and the item as Square has it now. */
  private async readSquare(itemId: string | undefined): Promise<SquareSide> {
    const itemOptions: Square.CatalogObject.ItemOption[] = [];
    const categories: Square.CatalogObject.Category[] = [];
    for await (const object of await this.square.catalog.list({ types: 'ITEM_OPTION,CATEGORY' })) {
      if (object.type === 'ITEM_OPTION') itemOptions.push(object);
      else if (object.type === 'CATEGORY') categories.push(object);
    }
    const item = itemId ? await this.itemOf(itemId) : undefined;
    return { item, itemOptions, categories, currency: 'USD' };
  }

  private async itemOf(itemId: string): Promise<Square.CatalogObject.Item | undefined> {
    try {
      const { object } = await this.square.catalog.object.get({ objectId: itemId });
      return object?.type === 'ITEM' && !object.isDeleted ? object : undefined;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return undefined;
      throw error;
    }
  }
}

/** The objects a write left and their versions: each item with its variations, each option with its values. */
function writtenObjects(objects: Square.CatalogObject[]): WrittenObject[] {
  const nested = (o: Square.CatalogObject): Square.CatalogObject[] => (o.type === 'ITEM' ? (o.itemData?.variations ?? []) : o.type === 'ITEM_OPTION' ? (o.itemOptionData?.values ?? []) : []);
  return objects.flatMap((o) => [o, ...nested(o)]).flatMap((o) => (o.id && o.version !== undefined && o.version !== null ? [{ id: o.id, version: String(o.version) }] : []));
}

/** The product as the ProductAdded event gave it: the same request on every retry. */
function addedProduct(event: RecordedEvent<ProductAdded>): ProductToWrite {
  const { name, description, category, options, variants } = event.data;
  return { name, description, category, options, variants: variants.map(({ variantId, options, sku, priceCents }) => ({ variantId, options, sku, priceCents })), droppedVariationIds: [] };
}

/**
 * The event whose job creates the studio's product in Square, and the product as it was then (the
 * same request on every retry): its ProductAdded, or for a product added as a draft its first
 * publication by the studio. None while a draft was never published.
 */
function creatingEvent(events: RecordedEvent<ProductEvent>[]): { eventId: string; product: ProductToWrite } | undefined {
  const [first] = events;
  if (first.type !== 'ProductAdded') return undefined;
  if (!first.data.draft) return { eventId: first.eventId, product: addedProduct(first as RecordedEvent<ProductAdded>) };
  const at = events.findIndex((e) => e.type === 'ProductPublished' && isStudioEdit(e));
  if (at < 0) return undefined;
  const then = events.slice(0, at + 1).reduce<ProductState>(evolveProduct, { exists: false });
  return then.exists ? { eventId: events[at].eventId, product: currentProduct(then) } : undefined;
}

/** The product as it is now: its variants on sale, and the variations of those removed. */
function currentProduct(state: ExistingProduct): ProductToWrite {
  const { name, description, category, options } = state;
  return {
    name,
    description,
    category,
    options,
    variants: liveVariants(state).map(({ variantId, options, sku, priceCents, squareVariationId }) => ({ variantId, options, sku, priceCents, squareVariationId })),
    droppedVariationIds: state.variants.flatMap((v) => (v.removed && v.squareVariationId ? [v.squareVariationId] : [])),
  };
}
