import type { FulfillmentStep, OrderEvent } from './order.events';
import { decideFulfillment, nextFulfillmentSteps } from './order-fulfillment.decider';
import type { FulfillmentStatus, OpenOrder } from './order.state';
import type { SquareFulfillmentState } from './square-fulfillment.events';

/**
 * The Square order's fulfillment, kept in step with the shop's: what Square holds now (read by the
 * shop's job after it moved it, or by the webhook after the studio moved it in Square), and Square's
 * refusal to follow a step.
 */
export type SquareFulfillmentCommand =
  /**
   * `squareVersion`: the Square order's version the fulfillment was read at; `deliveredVersion`: the
   * version a webhook delivery named (it may be older than the order read since).
   */
  | {
      kind: 'RecordSquareFulfillment';
      squareVersion: number;
      deliveredVersion?: number;
      type: string;
      state: SquareFulfillmentState;
      carrier?: string | null;
      trackingNumber?: string | null;
    }
  | { kind: 'RecordSquareFulfillmentRefusal'; step: FulfillmentStep; code: string; message: string };

/** How far along each state is: Square moves a fulfillment one step at a time, never back. */
const RANK: Record<SquareFulfillmentState, number> = { PROPOSED: 0, RESERVED: 1, PREPARED: 2, COMPLETED: 3, CANCELED: 3, FAILED: 3 };
const ENDED: ReadonlySet<SquareFulfillmentState> = new Set(['CANCELED', 'FAILED']);

/** Where each of the shop's steps asks Square's fulfillment to be: ready is PREPARED, picked up or shipped COMPLETED. */
const TARGET: Record<FulfillmentStatus, SquareFulfillmentState | undefined> = {
  unfulfilled: undefined,
  'ready-for-pickup': 'PREPARED',
  'picked-up': 'COMPLETED',
  shipped: 'COMPLETED',
};

/** The shop's step a Square fulfillment's state stands for, by its type; none for the states the shop has no step for. */
export function stepOfSquare(type: string, state: SquareFulfillmentState): FulfillmentStep | undefined {
  if (state === 'COMPLETED') return type === 'SHIPMENT' ? 'shipped' : type === 'PICKUP' ? 'picked-up' : undefined;
  return state === 'PREPARED' && type === 'PICKUP' ? 'ready-for-pickup' : undefined;
}

/**
 * The state Square's fulfillment must still be brought to for the shop's step, or undefined when
 * nothing is owed: no Square order (older orders), no step yet, Square there already (or past it),
 * the fulfillment ended in Square (canceled there), or Square refused this step for good.
 */
export function squareFulfillmentOwed(state: OpenOrder): SquareFulfillmentState | undefined {
  const square = state.squareFulfillment;
  const target = TARGET[state.fulfillmentStatus];
  if (!square || !target || ENDED.has(square.state) || square.refused?.step === state.fulfillmentStatus) return undefined;
  return RANK[square.state] < RANK[target] ? target : undefined;
}

/** Whether Square's books follow the shop's fulfillment: `waiting` while the shop's step has not reached Square yet. */
export type SquareFulfillmentSync = 'in-step' | 'waiting' | 'refused' | 'ended';

export function squareFulfillmentSync(state: OpenOrder): SquareFulfillmentSync | undefined {
  const square = state.squareFulfillment;
  if (!square) return undefined;
  if (ENDED.has(square.state)) return 'ended';
  if (square.refused?.step === state.fulfillmentStatus) return 'refused';
  return squareFulfillmentOwed(state) ? 'waiting' : 'in-step';
}

/**
 * What Square holds, recorded once per newer Square order version: a delivery naming an older (or
 * the same) version than the one seen says nothing new. The state the studio moved it to in Square
 * records the shop's step it stands for, when that is the order's next step (a step the shop took
 * already, an echo of its own update, or one behind it records none), with the carrier and
 * tracking number Square holds; the email follows from the step as if the studio took it in the admin.
 */
function decideSeen(command: Extract<SquareFulfillmentCommand, { kind: 'RecordSquareFulfillment' }>, state: OpenOrder): OrderEvent[] {
  const square = state.squareFulfillment;
  if (!square || state.status !== 'placed') return [];
  if ((command.deliveredVersion ?? command.squareVersion) <= square.version) return [];
  const step = stepOfSquare(command.type, command.state);
  const events =
    step && nextFulfillmentSteps(state).includes(step)
      ? decideFulfillment({ kind: 'RecordFulfillmentStep', step, carrier: command.carrier ?? undefined, trackingNumber: command.trackingNumber ?? undefined }, state)
      : [];
  if (events.length === 0 && command.state === square.state) return [];
  return [...events, { type: 'SquareFulfillmentSynced', data: { squareState: command.state, squareVersion: command.squareVersion } }];
}

export function decideSquareFulfillment(command: SquareFulfillmentCommand, state: OpenOrder): OrderEvent[] {
  if (command.kind === 'RecordSquareFulfillment') return decideSeen(command, state);
  const square = state.squareFulfillment;
  if (!square || square.refused?.step === command.step) return [];
  return [{ type: 'SquareFulfillmentRefused', data: { step: command.step, code: command.code, message: command.message } }];
}

export function evolveSquareFulfillment(state: OpenOrder, event: OrderEvent): OpenOrder {
  switch (event.type) {
    case 'SquareOrderOpened':
      // Made with its fulfillment PROPOSED, before any version of it was seen.
      return { ...state, squareFulfillment: { state: 'PROPOSED', version: 0 } };
    case 'SquareFulfillmentSynced':
      // What Square holds now: a refusal before it is news no longer.
      return { ...state, squareFulfillment: { state: event.data.squareState, version: event.data.squareVersion } };
    case 'SquareFulfillmentRefused':
      return state.squareFulfillment ? { ...state, squareFulfillment: { ...state.squareFulfillment, refused: event.data } } : state;
    default:
      return state;
  }
}
