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

/** Who keeps the sales: their book, and a call whenever what it holds changed (a sale made, changed or deleted; anything missed). */
export interface SaleSource {
  book(): Promise<SaleBook>;
  onChange(listener: () => void): void;
}

const NO_SALES: SaleBook = { priceOf: (_product, priceCents) => priceCents, validUntil: Infinity };

/**
 * The sale prices the storefront shows and carts are priced at. The discounts module, which
 * imports the catalogue, hands its book in at start (`provide`); without one, prices are as set.
 */
@Injectable()
export class SalePrices {
  private source: SaleSource | undefined;
  private readonly listeners: (() => void)[] = [];

  provide(source: SaleSource): void {
    this.source = source;
    source.onChange(() => this.listeners.forEach((listen) => listen()));
  }

  /** Called whenever the sales change: prices worked out before are stale. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  book(): Promise<SaleBook> {
    return this.source ? this.source.book() : Promise.resolve(NO_SALES);
  }
}
