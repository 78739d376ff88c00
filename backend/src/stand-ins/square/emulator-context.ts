import type { EmulatorState } from './emulator-state';
import type { EmulatorNotice } from './webhooks';

/** What a handler is given: the parsed request and the emulator's state. */
export interface HandlerContext {
  state: EmulatorState;
  body: unknown;
  /** The path's `{id}` parts, in order. */
  params: string[];
  query: URLSearchParams;
  /** The emulator's own address, for absolute URLs it hands out (image files). */
  baseUrl: string;
  /** Announces a change as Square's webhooks would (sent once the change is saved). */
  notify(notice: EmulatorNotice): void;
  /** A card refund was made: how it leaves `PENDING` is the emulator's (told once the refund is saved). */
  refundMade(refundId: string): void;
}

export interface Reply {
  status: number;
  body: unknown;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });

export const now = (): string => new Date().toISOString();
