import type { HandlerContext, Reply } from './emulator-context';
import type { Operation } from './faults';
import { listLocations, retrieveLocation } from './locations';
import { createPayment, getPayment } from './payments';

export interface Route {
  method: 'GET' | 'POST';
  /** Matched against the path; its groups become `ctx.params`. */
  pattern: RegExp;
  operation: Operation;
  /** Whether the call may change the state (which is then saved before the answer goes out). */
  mutates: boolean;
  handle(ctx: HandlerContext): Reply;
}

/** The part of Square's REST API the emulator speaks, at the paths the `square` SDK calls. */
export const ROUTES: Route[] = [
  { method: 'GET', pattern: /^\/v2\/locations$/, operation: 'ListLocations', mutates: false, handle: listLocations },
  { method: 'GET', pattern: /^\/v2\/locations\/([^/]+)$/, operation: 'RetrieveLocation', mutates: false, handle: retrieveLocation },
  { method: 'POST', pattern: /^\/v2\/payments$/, operation: 'CreatePayment', mutates: true, handle: createPayment },
  { method: 'GET', pattern: /^\/v2\/payments\/([^/]+)$/, operation: 'GetPayment', mutates: false, handle: getPayment },
];
