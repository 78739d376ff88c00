import { deciderSpec } from '../../test/support/decider-spec';
import { incidentDecider } from './incident.decider';
import type { IncidentEvent } from './incident.events';

const spec = deciderSpec(incidentDecider);
const id = '4f1c2a9e-0b7d-5e3a-9c41-2d8e6f0a1b3c';
const order = (n: number) => ({ orderId: `order-${n}`, orderNumber: `DC-${1000 + n}` });
const report = (orders = [order(1)], squareCount = -1, variantId = '7-2') =>
  ({ kind: 'ReportOversell', incidentId: id, productId: 7, variantId, name: 'Raven Hoodie, M', orders, squareCount }) as const;
const opened: IncidentEvent = {
  type: 'IncidentOpened',
  data: { incidentId: id, kind: 'oversold', productId: 7, variantId: '7-2', name: 'Raven Hoodie, M', orders: [order(1)], squareCount: -1 },
};
const resolved: IncidentEvent = { type: 'IncidentResolved', data: { note: 'Refunded DC-1001' } };

describe('an incident opens on a double sale', () => {
  it('opens naming the variant, its online orders (each once) and the count', () => {
    spec
      .given()
      .when(report([order(1), order(2), order(1)], -2))
      .then([
        {
          type: 'IncidentOpened',
          data: { incidentId: id, kind: 'oversold', productId: 7, variantId: '7-2', name: 'Raven Hoodie, M', orders: [order(1), order(2)], squareCount: -2 },
        },
      ]);
  });

  it('does not open without an online order', () => {
    spec
      .given()
      .when(report([]))
      .thenThrows('INVALID', /at least one online order/);
  });
});

describe('while it is open, further counts below zero fold into it', () => {
  it('adds only the orders it does not name yet, with the latest count', () => {
    spec
      .given(opened)
      .when(report([order(1), order(2), order(3), order(2)], -3))
      .then([{ type: 'IncidentOrdersAdded', data: { orders: [order(2), order(3)], squareCount: -3 } }]);
  });

  it('records nothing for a count that names no new order (a repeat, a second count of the same sale)', () => {
    spec
      .given(opened)
      .when(report([order(1)], -1))
      .thenNothing();
    spec.given(opened).when(report([], -2)).thenNothing();
  });

  it('knows the orders added later: naming them again adds nothing', () => {
    spec
      .given(opened, { type: 'IncidentOrdersAdded', data: { orders: [order(2)], squareCount: -2 } })
      .when(report([order(2), order(1)], -2))
      .thenNothing();
  });

  it('is about one variant only', () => {
    spec
      .given(opened)
      .when(report([order(2)], -1, '7-3'))
      .thenThrows('CONFLICT', /about 7-2, not 7-3/);
  });

  it('refuses a count once the studio resolved it (the next incident takes it)', () => {
    spec
      .given(opened, resolved)
      .when(report([order(2)]))
      .thenThrows('INCIDENT_RESOLVED', undefined, { incidentId: id });
  });
});

describe('the studio resolves it', () => {
  it('resolves an open incident with the note, trimmed', () => {
    spec
      .given(opened)
      .when({ kind: 'Resolve', note: '  Refunded DC-1001  ' })
      .then([{ type: 'IncidentResolved', data: { note: 'Refunded DC-1001' } }]);
  });

  it('needs a note that says something', () => {
    spec
      .given(opened)
      .when({ kind: 'Resolve', note: '   ' })
      .thenThrows('VALIDATION_FAILED', /note must not be empty/);
  });

  it('resolves it once: again is 409, an unknown incident 404', () => {
    spec
      .given(opened, resolved)
      .when({ kind: 'Resolve', note: 'again' })
      .thenThrows('INCIDENT_RESOLVED', /resolved already/, { incidentId: id });
    spec
      .given()
      .when({ kind: 'Resolve', note: 'x' })
      .thenThrows('INCIDENT_NOT_FOUND', /no such incident/);
  });

  it('stays resolved whatever is recorded after (a late email)', () => {
    spec
      .given(opened, resolved, { type: 'IncidentEmailSent', data: { messageId: 'm1' } })
      .when({ kind: 'Resolve', note: 'again' })
      .thenThrows('INCIDENT_RESOLVED');
  });
});

describe('the studio is emailed once', () => {
  it('records the email the first time, then nothing', () => {
    spec
      .given(opened)
      .when({ kind: 'RecordEmailSent', messageId: 'm1' })
      .then([{ type: 'IncidentEmailSent', data: { messageId: 'm1' } }]);
    spec
      .given(opened, { type: 'IncidentEmailSent', data: { messageId: 'm1' } })
      .when({ kind: 'RecordEmailSent', messageId: 'm2' })
      .thenNothing();
  });

  it('records an email sent after the incident was resolved, and none for an unknown incident', () => {
    spec
      .given(opened, resolved)
      .when({ kind: 'RecordEmailSent', messageId: 'm1' })
      .then([{ type: 'IncidentEmailSent', data: { messageId: 'm1' } }]);
    spec
      .given()
      .when({ kind: 'RecordEmailSent', messageId: 'm1' })
      .thenThrows('INCIDENT_NOT_FOUND', /no such incident/);
  });
});

describe('the state an incident folds to', () => {
  it('keeps what it opened with, the orders added, the latest count, the resolution and the email', () => {
    const events: IncidentEvent[] = [
      opened,
      { type: 'IncidentOrdersAdded', data: { orders: [order(2)], squareCount: -2 } },
      { type: 'IncidentEmailSent', data: { messageId: 'm1' } },
      resolved,
    ];
    expect(events.reduce(incidentDecider.evolve, incidentDecider.initialState)).toEqual({
      status: 'resolved',
      incidentId: id,
      kind: 'oversold',
      productId: 7,
      variantId: '7-2',
      name: 'Raven Hoodie, M',
      orders: [order(1), order(2)],
      squareCount: -2,
      emailed: true,
    });
  });

  it('is open once opened', () => {
    expect(incidentDecider.evolve(incidentDecider.initialState, opened)).toMatchObject({ status: 'open', emailed: false, orders: [order(1)] });
  });

  it('ignores events of an incident that never opened', () => {
    for (const event of [
      resolved,
      { type: 'IncidentEmailSent', data: { messageId: 'm' } },
      { type: 'IncidentOrdersAdded', data: { orders: [order(1)], squareCount: -1 } },
    ] as IncidentEvent[]) {
      expect(incidentDecider.evolve({ status: 'none' }, event)).toEqual({ status: 'none' });
    }
  });
});
