import { Injectable } from '@nestjs/common';

/**
 * How many addresses wait for each variant to come back, as the inventory shows it. The catalogue
 * does not own the back-in-stock requests: the module that does hands its count in (`provide`), so
 * the catalogue imports nothing of it. Until one does, nobody waits.
 */
@Injectable()
export class BackInStockWaiting {
  private source: () => Promise<ReadonlyMap<string, number>> = async () => new Map();

  provide(source: () => Promise<ReadonlyMap<string, number>>): void {
    this.source = source;
  }

  /** Waiting addresses by variant id (variants nobody waits for are absent). */
  byVariant(): Promise<ReadonlyMap<string, number>> {
    return this.source();
  }
}
