import { conflict } from '../platform/errors/domain-error';
import type { Fulfillment, FulfillmentStep, OrderEvent } from './order.events';
import { isFullyRefunded } from './order-refunds.decider';
import { FulfillmentStatus, OpenOrder, orderName, StepRecord } from './order.state';
import { trackingUrl } from './tracking-links';

export type FulfillmentCommand =
  /** The route from before fulfillment had steps: picks up a pickup order, ships a shipping one (no carrier). */
  | { kind: 'FulfillOrder'; trackingNumber?: string }
  | { kind: 'RecordFulfillmentStep'; step: FulfillmentStep; carrier?: string; trackingNumber?: string; note?: string }
  | { kind: 'RecordFulfillmentEmailSent'; step: FulfillmentStep; messageId: string };

/** Each step of a method and the steps that may come after it: a pickup may be collected before it was made ready (a shopper turned up early). */
const STEPS_AFTER: Record<OpenOrder['opened']['fulfillment'], Partial<Record<FulfillmentStatus, FulfillmentStep[]>>> = {
  pickup: { unfulfilled: ['ready-for-pickup', 'picked-up'], 'ready-for-pickup': ['picked-up'] },
  shipping: { unfulfilled: ['shipped'] },
};

/** The fulfillment steps the studio can take now: none on an order not placed, fully refunded, or fulfilled. */
export function nextFulfillmentSteps(state: OpenOrder): FulfillmentStep[] {
  if (state.status !== 'placed' || isFullyRefunded(state)) return [];
  return STEPS_AFTER[state.opened.fulfillment][state.fulfillmentStatus] ?? [];
}

const STEP_WORDS: Record<FulfillmentStatus, string> = { unfulfilled: 'unfulfilled', 'ready-for-pickup': 'ready for pickup', shipped: 'shipped', 'picked-up': 'picked up' };

/** Records one step; repeating the step the order is at is a no-op (a double click), anything else out of turn a 409 naming why. */
function decideStep(state: OpenOrder, command: Omit<Extract<FulfillmentCommand, { kind: 'RecordFulfillmentStep' }>, 'kind'>): OrderEvent[] {
  const { step } = command;
  const number = orderName(state);
  // The error's code and details are part of the API's answer: they keep their stored spelling.
  const refuse = (why: string) => conflict(`Order ${number} ${why}`, 'FULFILMENT_STEP_REFUSED', { step, fulfilment: state.fulfillmentStatus });
  if (state.status !== 'placed') throw refuse(`is not a paid order, so it cannot be marked ${STEP_WORDS[step]}.`);
  if (state.fulfillmentStatus === step) return [];
  const method = state.opened.fulfillment;
  if (method === 'pickup' && step === 'shipped') throw refuse('is a pickup order: it is made ready for pickup and picked up, never shipped.');
  if (method === 'shipping' && step !== 'shipped') throw refuse(`is a shipping order: it is shipped, never marked ${STEP_WORDS[step]}.`);
  if (isFullyRefunded(state)) throw refuse('is fully refunded: there is nothing left to fulfil.');
  if (!nextFulfillmentSteps(state).includes(step)) throw refuse(`is already ${STEP_WORDS[state.fulfillmentStatus]}; it cannot go back to ${STEP_WORDS[step]}.`);
  const note = command.note?.trim() || null;
  if (step === 'ready-for-pickup') return [{ type: 'OrderReadyForPickup', data: { note } }];
  if (step === 'picked-up') return [{ type: 'OrderPickedUp', data: { note } }];
  const carrier = command.carrier?.trim() || null;
  const trackingNumber = command.trackingNumber?.trim() || null;
  return [{ type: 'OrderShipped', data: { carrier, trackingNumber, trackingUrl: trackingUrl(carrier, trackingNumber), note } }];
}

export function decideFulfillment(command: FulfillmentCommand, state: OpenOrder): OrderEvent[] {
  switch (command.kind) {
    case 'FulfillOrder': {
      if (state.status !== 'placed') throw conflict(`Order ${orderName(state)} is not a paid order to fulfil.`, 'FULFILMENT_STEP_REFUSED');
      // A second click (or a second operator) finds it done already.
      if (state.fulfilled) return [];
      // Pickup orders are picked up, shipping orders shipped: the shopper chose at checkout.
      if (state.opened.fulfillment === 'pickup') return decideStep(state, { step: 'picked-up' });
      return decideStep(state, { step: 'shipped', trackingNumber: command.trackingNumber });
    }
    case 'RecordFulfillmentStep':
      return decideStep(state, command);
    case 'RecordFulfillmentEmailSent': {
      const record = state.steps[command.step];
      return record && !record.emailSent ? [{ type: 'FulfilmentEmailSent', data: { step: command.step, messageId: command.messageId } }] : [];
    }
  }
}

// Whether the step was emailed about is withStep's to say.
const noNews = { note: null, carrier: null, trackingNumber: null, trackingUrl: null };

/** The state after one fulfillment step. */
function withStep(state: OpenOrder, step: FulfillmentStep, record: Omit<StepRecord, 'emailSent'>, emailSent = false): OpenOrder {
  const fulfilled: Fulfillment | undefined = step === 'ready-for-pickup' ? state.fulfilled : step;
  return { ...state, fulfillmentStatus: step, fulfilled, steps: { ...state.steps, [step]: { ...record, emailSent } } };
}

/** The fulfillment events on an open order; any other event leaves it as it is. */
export function evolveFulfillment(state: OpenOrder, event: OrderEvent): OpenOrder {
  switch (event.type) {
    case 'OrderFulfilled':
      // Recorded before the steps, and never emailed about: replays as its step, its email not owed.
      return withStep(state, event.data.as, { ...noNews, trackingNumber: event.data.trackingNumber }, true);
    case 'OrderReadyForPickup':
      return withStep(state, 'ready-for-pickup', { ...noNews, note: event.data.note });
    case 'OrderPickedUp':
      return withStep(state, 'picked-up', { ...noNews, note: event.data.note });
    case 'OrderShipped':
      return withStep(state, 'shipped', event.data);
    case 'FulfilmentEmailSent': {
      const record = state.steps[event.data.step];
      return record ? { ...state, steps: { ...state.steps, [event.data.step]: { ...record, emailSent: true } } } : state;
    }
    default:
      return state;
  }
}
