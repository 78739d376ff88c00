/**
 * Faults a test lines up for the next calls of an operation (Square's operation names, such as
 * `CreatePayment`):
 * - `slow`: the call is carried out and recorded, then answered `delayMs` later, as a Square that
 *   charged but whose answer is lost to a client timeout;
 * - `unavailable`: 503 `SERVICE_UNAVAILABLE` and nothing done;
 * - `drop`: the call is carried out and recorded, then the connection is cut without an answer, as
 *   a network that fails on the way back;
 * - `internal-error`: the call is carried out and recorded, then answered 500 `INTERNAL_SERVER_ERROR`,
 *   as a Square whose answer broke after the work was done (a 5xx is no verdict);
 * - `in-flight`: the call is held `delayMs` before it is carried out, and meanwhile a call with the
 *   same idempotency key is answered 409 `CONFLICT`, as Square may answer a duplicate of a request
 *   it is still working on;
 * - `pass`: the call is answered as usual, so that the fault lined up behind it falls on a later
 *   call (the second page of a list, say).
 */
export type Fault = { kind: 'slow'; delayMs: number } | { kind: 'in-flight'; delayMs: number } | { kind: 'unavailable' } | { kind: 'drop' } | { kind: 'pass' } | { kind: 'internal-error' };

export const OPERATIONS = [
  'ListLocations',
  'RetrieveLocation',
  'CreatePayment',
  'GetPayment',
  'CompletePayment',
  'CancelPayment',
  'ListPayments',
  'RefundPayment',
  'GetPaymentRefund',
  'ListPaymentRefunds',
  'CreateCustomer',
  'SearchCustomers',
  'BatchUpsertCatalogObjects',
  'UpsertCatalogObject',
  'RetrieveCatalogObject',
  'DeleteCatalogObject',
  'ListCatalog',
  'SearchCatalogItems',
  'SearchCatalogObjects',
  'BatchRetrieveCatalogObjects',
  'BatchChangeInventory',
  'BatchRetrieveInventoryCounts',
  'CreateOrder',
  'RetrieveOrder',
  'BatchRetrieveOrders',
  'SearchOrders',
  'CalculateOrder',
  'UpdateOrder',
  'PayOrder',
] as const;

export type Operation = (typeof OPERATIONS)[number];

export class Faults {
  private readonly queues = new Map<Operation, Fault[]>();

  /** Lines `fault` up for the next `times` calls of `operation`, after any already lined up. */
  next(operation: Operation, fault: Fault, times = 1): void {
    const queue = this.queues.get(operation) ?? [];
    for (let i = 0; i < times; i++) queue.push(fault);
    this.queues.set(operation, queue);
  }

  /** The fault for this call of `operation`, if one is lined up (it is used up). */
  take(operation: Operation): Fault | undefined {
    return this.queues.get(operation)?.shift();
  }

  /** What is still lined up, by operation. */
  pending(): Partial<Record<Operation, Fault[]>> {
    return Object.fromEntries([...this.queues].filter(([, q]) => q.length).map(([op, q]) => [op, [...q]]));
  }

  clear(): void {
    this.queues.clear();
  }
}

/** Reads a fault from an HTTP body (`{operation, kind, delayMs?, times?}`), or says what is wrong with it. */
export function parseFault(body: unknown): { operation: Operation; fault: Fault; times: number } | string {
  const b = (body ?? {}) as Record<string, unknown>;
  if (!OPERATIONS.includes(b.operation as Operation)) return `operation must be one of ${OPERATIONS.join(', ')}`;
  const times = b.times === undefined ? 1 : Number(b.times);
  if (!Number.isInteger(times) || times < 1 || times > 100) return 'times must be an integer from 1 to 100';
  if (b.kind === 'unavailable' || b.kind === 'drop' || b.kind === 'pass' || b.kind === 'internal-error') return { operation: b.operation as Operation, fault: { kind: b.kind }, times };
  if (b.kind === 'slow' || b.kind === 'in-flight') {
    const delayMs = Number(b.delayMs);
    if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 600_000) return 'delayMs must be an integer from 0 to 600000';
    return { operation: b.operation as Operation, fault: { kind: b.kind, delayMs }, times };
  }
  return "kind must be 'slow', 'in-flight', 'unavailable', 'drop', 'pass' or 'internal-error'";
}
