import { useId, useState, type FormEvent } from 'react';
import { ok, type AdminOrderDetail, type RequestBody } from '@dark-circle/api-client';
import { api } from '../api/client';
import { type FulfilmentStep, stepAction } from './order-labels';
import { errorText, useOrderAction } from './useOrderAction';

const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'] as const;
const OTHER = 'Other';

type StepBody = RequestBody<'/api/admin/orders/{id}/fulfilment', 'post'>;

const toastOf = (orderNumber: string) => (body: StepBody) => ({
  title: body.step === 'shipped' ? 'Order shipped' : body.step === 'picked-up' ? 'Order picked up' : 'Ready for pickup',
  description: `Order ${orderNumber}: ${stepAction[body.step].replace('Mark ', 'marked ')}.`,
});

/**
 * The steps open now (`nextSteps`). Ready for pickup asks for the note the customer gets; shipped asks
 * for the carrier and the tracking number. While a step's form is open, its button is the form's
 * submit (one button of that name on the page at a time).
 */
export function FulfilmentActions({ order }: { order: AdminOrderDetail }) {
  const [open, setOpen] = useState<FulfilmentStep | null>(null);
  const action = useOrderAction((body: StepBody) => ok(api.POST('/api/admin/orders/{id}/fulfilment', { params: { path: { id: order.id } }, body })), toastOf(order.orderNumber));
  const take = (body: StepBody) => action.mutate(body, { onSuccess: () => setOpen(null) });

  if (order.nextSteps.length === 0) return null;
  return (
    <div className="step-actions">
      {order.nextSteps.map((step) =>
        open === step ? (
          step === 'shipped' ? (
            <ShippedForm key={step} busy={action.isPending} onSubmit={take} onCancel={() => setOpen(null)} />
          ) : (
            <PickupNoteForm key={step} busy={action.isPending} onSubmit={take} onCancel={() => setOpen(null)} />
          )
        ) : (
          <button
            key={step}
            type="button"
            className="button"
            disabled={action.isPending}
            // Picked up needs nothing more; the other steps open their form.
            onClick={() => (step === 'picked-up' ? take({ step }) : setOpen(step))}
          >
            {stepAction[step]}
          </button>
        ),
      )}
      {action.isError && (
        <p className="error-text" role="alert">
          {errorText(action.error)}
        </p>
      )}
    </div>
  );
}

interface FormProps {
  busy: boolean;
  onSubmit: (body: StepBody) => void;
  onCancel: () => void;
}

function ShippedForm({ busy, onSubmit, onCancel }: FormProps) {
  const [carrier, setCarrier] = useState<string>(CARRIERS[0]);
  const [otherCarrier, setOtherCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const carrierId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = carrier === OTHER ? otherCarrier.trim() : carrier;
    onSubmit({ step: 'shipped', carrier: name || undefined, trackingNumber: trackingNumber.trim() || undefined });
  };
  return (
    <form className="step-form" aria-label="Mark shipped" onSubmit={submit}>
      {/* Labelled by `for`, not by wrapping: the select's name is "Carrier" alone, not "Carrier USPS". */}
      <div className="field">
        <label htmlFor={carrierId}>Carrier</label>
        <select id={carrierId} value={carrier} onChange={(e) => setCarrier(e.target.value)}>
          {[...CARRIERS, OTHER].map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      {carrier === OTHER && (
        <label>
          Carrier name
          <input value={otherCarrier} maxLength={40} required onChange={(e) => setOtherCarrier(e.target.value)} />
        </label>
      )}
      <label>
        Tracking number
        <input value={trackingNumber} maxLength={60} autoComplete="off" onChange={(e) => setTrackingNumber(e.target.value)} />
      </label>
      <FormActions step="shipped" busy={busy} onCancel={onCancel} />
    </form>
  );
}

function PickupNoteForm({ busy, onSubmit, onCancel }: FormProps) {
  const [note, setNote] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ step: 'ready-for-pickup', note: note.trim() || undefined });
  };
  return (
    <form className="step-form" aria-label="Mark ready for pickup" onSubmit={submit}>
      <label>
        Pickup note
        <textarea value={note} rows={3} maxLength={500} placeholder="When and where to collect it (sent to the customer)" onChange={(e) => setNote(e.target.value)} />
      </label>
      <FormActions step="ready-for-pickup" busy={busy} onCancel={onCancel} />
    </form>
  );
}

/** A step form's buttons: the step's own name submits it (the button it replaced), Cancel closes it. */
function FormActions({ step, busy, onCancel }: { step: FulfilmentStep; busy: boolean; onCancel: () => void }) {
  return (
    <div className="actions">
      <button type="submit" className="button" disabled={busy}>
        {stepAction[step]}
      </button>
      <button type="button" className="link-button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
