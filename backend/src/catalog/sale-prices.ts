import { Injectable } from '@nestjs/common';

/** What a sale looks at to price a product. */
export interface SaleProduct {
  productId: number;
  category: string;
}

/** The automatic sales on now, as the module that keeps them answers. */
export interface SaleBook {
  /** The price during the sales (the price itself when none applies). */
  priceOf(product: SaleProduct, priceCents: number): number;
  /** When these prices may change by themselves (a sale starts or ends), in ms since the epoch; Infinity: not by themselves. */
  validUntil: number;
}

/** Who keeps the sales: their book, and the stream type whose commits change it. */
export interface SaleSource {
  book(): Promise<SaleBook>;
  streamType: string;
}

const NO_SALES: SaleBook = { priceOf: (_product, priceCents) => priceCents, validUntil: Infinity };

/**
 * The sale prices the storefront shows and carts are priced at. The discounts module, which
 * imports the catalogue, hands its book in at start (`provide`); without one, prices are as set.
 */
@Injectable()
export class SalePrices {
  private source: SaleSource | undefined;

  provide(source: SaleSource): void {
    this.source = source;
  }

  book(): Promise<SaleBook> {
    return this.source ? this.source.book() : Promise.resolve(NO_SALES);
  }

  /** A commit of this stream type may move prices. */
  movedBy(streamType: string): boolean {
    return this.source?.streamType === streamType;
  }
}
