import { Injectable } from '@nestjs/common';
import type { DiscountTerms } from './discount.events';

/** A paid order that used a built-in code before codes had streams. */
export interface PastUse {
  orderId: string;
  email: string;
  cardFingerprint: string | null;
  totalCents: number;
  discountCents: number;
}

/** A code the shop itself offers: its terms, and the uses it had before it had a stream. */
export interface BuiltInCode {
  terms: DiscountTerms;
  pastUses(): Promise<PastUse[]>;
}

/**
 * The codes the shop offers of itself (DARKCIRCLE10, handed in by checkout at start). One is on the
 * studio's list from the start, made on its stream by its first write (a checkout's reservation, the
 * studio's change or delete), with its past uses, so a shop that upgrades writes nothing at start.
 */
@Injectable()
export class BuiltInCodes {
  private readonly codes = new Map<string, BuiltInCode>();

  provide(code: string, builtIn: BuiltInCode): void {
    this.codes.set(code, builtIn);
  }

  get(code: string): BuiltInCode | undefined {
    return this.codes.get(code);
  }

  all(): [string, BuiltInCode][] {
    return [...this.codes];
  }
}
