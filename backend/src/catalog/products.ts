import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { RequestContext } from '../platform/context/request-context';
import { Aggregate } from '../platform/event-store/aggregate';
import { CommandRunner } from '../platform/event-store/command-runner';
import { EventStore } from '../platform/event-store/event-store';
import { productDecider, ProductCommand } from './product.decider';
import { ProductState } from './product.state';
import { ProductEvent, productStream } from './product.events';
import { invalid, notFound } from '../platform/errors/domain-error';
import { batchedReads } from '../platform/database/batched-reads';
import { availableQuantity } from './product.view';
import { sellableAt } from './product-variants';
import { SalePrices } from './sale-prices';

/**
 * What other modules may know of one variant of a product: enough to price it, name it and check
 * its stock (units no checkout holds). `name` is the product's, `variantName` the variant's ('' for a
 * product without options); `imageUrl` the variant's own picture, else the product's.
 */
export interface ProductSnapshot {
  productId: number;
  variantId: string;
  name: string;
  variantName: string;
  imageUrl: string;
  /** What it sells for now: during an automatic sale, the sale price. */
  priceCents: number;
  /** The price as set, when an automatic sale prices it lower (absent otherwise). */
  regularPriceCents?: number;
  /** Its category slug (what a discount code may be limited to). */
  category?: string;
  inStock: boolean;
  stockQuantity: number;
  /** The studio has not published it (or took it back to draft): it reads as sold out, and a cart cannot add it. */
  draft?: true;
}

/** A variant as the tables hold it, removed ones too; `withdrawn`: its product's Square item was archived or deleted. */
type VariantRow = Omit<ProductSnapshot, 'stockQuantity' | 'draft' | 'regularPriceCents' | 'category'> & {
  category: string;
  onHand: number;
  reserved: number;
  removed: boolean;
  withdrawn: boolean;
  draft: boolean;
  allowZeroPrice: boolean;
};

const VARIANT_ROWS_SQL = `
  select p.id as "productId", v.id as "variantId", p.name, v.name as "variantName", coalesce(nullif(v.image_url, ''), p.image_url) as "imageUrl", p.category,
         v.price_cents as "priceCents", v.in_stock as "inStock", v.removed, p.withdrawn_in_square is not null as withdrawn, p.status = 'draft' as draft,
         v.stock_quantity as "onHand", v.reserved_quantity as "reserved", p.allow_zero_price as "allowZeroPrice"
    from products p join product_variants v on v.product_id = p.id
   where p.id = any(?::int[])`;

type WithoutProductId<C> = C extends unknown ? Omit<C, 'productId'> : never;
/** A product command as another module sends it: the product is named by `run`'s first argument. */
export type ProductCommandBody = WithoutProductId<ProductCommand>;

/** The one way other modules command a product and read it. */
@Injectable()
export class Products {
  private readonly products: Aggregate<number, ProductState, ProductCommand, ProductEvent>;

  /** Every variant of the products asked for together (see batchedReads): every cart command reads its product's stock. */
  private readonly variantRows = batchedReads<number, VariantRow[]>(async (productIds) => {
    const rows: VariantRow[] = await this.orm.em.getConnection().execute(VARIANT_ROWS_SQL, [`{${productIds.join(',')}}`]);
    return productIds.map((id) => rows.filter((row) => row.productId === id));
  });

  constructor(
    runner: CommandRunner,
    store: EventStore,
    private readonly orm: MikroORM,
    private readonly sales: SalePrices,
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
   * The variant `variantId` names, or the product's only variant on sale when none is named; a
   * product with several needs one (400 VARIANT_REQUIRED), an unknown one is 404 VARIANT_NOT_FOUND,
   * a removed one (or one at $0.00 the studio did not choose to sell so, or any of a draft or of a product withdrawn in Square) reads as sold out. Undefined when there is no such product. Reads the tables rather
   * than the in-memory cache: stock decisions must not act on a stale copy.
   */
  async snapshot(productId: number, variantId?: string): Promise<ProductSnapshot | undefined> {
    const [rows, sales] = await Promise.all([this.variantRows.load(productId), this.sales.book()]);
    const chosen = rows.filter((row) => (variantId === undefined ? !row.removed : row.variantId === variantId));
    if (chosen.length !== 1) {
      if (variantId !== undefined && rows.length > 0) throw notFound(`That size or option of product ${productId} is not sold here.`, 'VARIANT_NOT_FOUND', { productId, variantId });
      if (chosen.length > 1) throw invalid(`${chosen[0].name} comes in ${chosen.map((r) => r.variantName).join(', ')}: choose one.`, 'VARIANT_REQUIRED', { productId });
      return undefined;
    }
    const { onHand, reserved, removed, withdrawn, draft, allowZeroPrice, ...variant } = chosen[0];
    const onSale = !removed && !withdrawn && !draft && sellableAt(variant.priceCents, allowZeroPrice);
    const priceCents = sales.priceOf(variant, variant.priceCents);
    const snapshot = {
      ...variant,
      priceCents,
      ...(priceCents < variant.priceCents ? { regularPriceCents: variant.priceCents } : {}),
      inStock: variant.inStock && onSale,
      stockQuantity: availableQuantity({ stockQuantity: onHand, reservedQuantity: reserved }),
    };
    return draft ? { ...snapshot, draft: true } : snapshot;
  }

  /** The picture of a variant (its own, else the product's first), or of the product when no variant is named; '' when none. */
  async picture(productId: number, variantId?: string): Promise<string | undefined> {
    const [row] = await this.orm.em
      .getConnection()
      .execute<{ picture: string }[]>(
        `select coalesce(nullif((select v.image_url from product_variants v where v.id = ? and v.product_id = p.id), ''), p.image_url) as picture from products p where p.id = ?`,
        [variantId ?? null, productId],
      );
    return row?.picture;
  }
}
