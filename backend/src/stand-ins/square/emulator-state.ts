import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { serialization } from 'square';

export type PaymentRaw = serialization.Payment.Raw;
export type CustomerRaw = serialization.Customer.Raw;
export type CatalogObjectRaw = serialization.CatalogObject.Raw;
export type InventoryChangeRaw = serialization.InventoryChange.Raw;

/** What the card form stand-in minted: the outcome its payment will have, and the card behind it. */
export interface MintedToken {
  outcome: CardOutcome;
  card: { brand: string; last4: string; expMonth: number; expYear: number; bin: string };
  postalCode: string;
  usedAt?: string;
  createdAt: string;
}

export type CardOutcome = 'ok' | 'declined' | 'rejected-cvv' | 'rejected-postalcode' | 'rejected-expiration';

/** The first answer to an idempotency key, sent again for a retry with the same body. */
export interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface InventoryCountRecord {
  catalog_object_id: string;
  catalog_object_type: string;
  location_id: string;
  state: string;
  quantity: string;
  calculated_at: string;
}

/** Everything the emulator remembers, as one JSON document. */
export interface EmulatorState {
  /** Payments by id, in the order they were made. */
  payments: Record<string, PaymentRaw>;
  /** Refunds by id, in the order they were made. */
  refunds: Record<string, serialization.PaymentRefund.Raw>;
  /** First answers by `<operation>:<idempotency key>`. */
  idempotency: Record<string, StoredAnswer>;
  cardTokens: Record<string, MintedToken>;
  customers: Record<string, CustomerRaw>;
  /** Catalogue objects by id, flat: an item's variations are stored beside it and nested on the way out. */
  catalog: Record<string, CatalogObjectRaw>;
  /** Counts by `<catalog object id>|<location id>|<state>`. */
  inventory: Record<string, InventoryCountRecord>;
  inventoryChanges: InventoryChangeRaw[];
  /** Orders by id, in the order they were made. */
  orders: Record<string, serialization.Order.Raw>;
  /** The last catalogue version handed out; versions only grow. */
  catalogVersion: number;
  seeded: boolean;
}

export function emptyState(): EmulatorState {
  return { payments: {}, refunds: {}, idempotency: {}, cardTokens: {}, customers: {}, catalog: {}, inventory: {}, inventoryChanges: [], orders: {}, catalogVersion: 0, seeded: false };
}

/**
 * Keeps the state in memory and, with a folder, in `state.json` there: each save writes a temporary
 * file, syncs it and renames it over the old one, so a crash leaves the previous or the new state,
 * never half of one. Saves that arrive while one is being written share the next write.
 */
export class StateStore {
  private writing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  private writes = 0;

  private constructor(
    readonly state: EmulatorState,
    private readonly dataDir: string | undefined,
  ) {}

  static async open(dataDir: string | undefined): Promise<StateStore> {
    if (!dataDir) return new StateStore(emptyState(), undefined);
    await mkdir(dataDir, { recursive: true });
    let state = emptyState();
    try {
      state = { ...state, ...(JSON.parse(await readFile(join(dataDir, 'state.json'), 'utf8')) as Partial<EmulatorState>) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`The Square emulator's state in ${dataDir} cannot be read: ${(error as Error).message}`, { cause: error });
    }
    return new StateStore(state, dataDir);
  }

  save(): Promise<void> {
    if (!this.dataDir) return Promise.resolve();
    if (this.queued) return this.queued;
    const next = this.writing.then(() => {
      this.queued = undefined;
      return this.write();
    });
    this.queued = next;
    this.writing = next.catch(() => undefined);
    return next;
  }

  /** Resolves once every save asked for so far is on disk. */
  flush(): Promise<void> {
    return this.writing;
  }

  private async write(): Promise<void> {
    const dir = this.dataDir as string;
    const temp = join(dir, `state.json.${process.pid}.${++this.writes}.tmp`);
    const file = await open(temp, 'w');
    try {
      await file.writeFile(JSON.stringify(this.state));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, join(dir, 'state.json'));
  }
}
