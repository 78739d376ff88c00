import { deciderSpec } from '../../test/support/decider-spec';
import { localEventDecider } from './local-event.decider';
import type { LocalEventDetails, LocalEventEvent } from './local-event.events';

const market: LocalEventDetails = {
  title: 'Night Market',
  startsAt: '2026-12-05T23:00:00.000Z',
  endsAt: '2026-12-06T04:00:00.000Z',
  place: 'The Old Mill',
  address: '12 Mill Lane, Salem, MA',
  mapUrl: null,
  note: null,
};
const scheduled: LocalEventEvent = { type: 'LocalEventScheduled', data: { eventId: 'e-1', ...market } };
const spec = deciderSpec(localEventDecider);

describe('a local event', () => {
  describe('scheduled', () => {
    it('goes on the calendar with its details', () => spec.given().when({ kind: 'Schedule', eventId: 'e-1', details: market }).then([scheduled]));

    it('may leave its end open', () =>
      spec
        .given()
        .when({ kind: 'Schedule', eventId: 'e-1', details: { ...market, endsAt: null } })
        .then([{ type: 'LocalEventScheduled', data: { eventId: 'e-1', ...market, endsAt: null } }]));

    it('must end after it starts', () => {
      spec
        .given()
        .when({ kind: 'Schedule', eventId: 'e-1', details: { ...market, endsAt: market.startsAt } })
        .thenThrows('VALIDATION_FAILED', 'The event must end after it starts.');
      spec
        .given()
        .when({ kind: 'Schedule', eventId: 'e-1', details: { ...market, endsAt: '2026-12-05T22:59:59.000Z' } })
        .thenThrows('VALIDATION_FAILED');
    });

    it('only once', () => {
      spec.given(scheduled).when({ kind: 'Schedule', eventId: 'e-1', details: market }).thenThrows('CONFLICT', 'That event is already on the calendar.');
      spec.given(scheduled, { type: 'LocalEventRemoved', data: {} }).when({ kind: 'Schedule', eventId: 'e-1', details: market }).thenThrows('CONFLICT');
    });
  });

  describe('changed', () => {
    it('records only the fields that differ', () =>
      spec
        .given(scheduled)
        .when({ kind: 'Change', changes: { title: 'Night Market', place: 'The New Mill', note: undefined } })
        .then([{ type: 'LocalEventChanged', data: { changes: { place: 'The New Mill' } } }]));

    it('records nothing when nothing differs', () =>
      spec
        .given(scheduled)
        .when({ kind: 'Change', changes: { title: 'Night Market' } })
        .thenNothing());

    it('takes a field left out as unchanged', () =>
      spec
        .given(scheduled)
        .when({ kind: 'Change', changes: { note: undefined, endsAt: undefined } })
        .thenNothing());

    it('may clear an optional field', () =>
      spec
        .given(scheduled)
        .when({ kind: 'Change', changes: { endsAt: null } })
        .then([{ type: 'LocalEventChanged', data: { changes: { endsAt: null } } }]));

    it('keeps the end after the start, with the changes applied to what it was', () => {
      spec
        .given(scheduled)
        .when({ kind: 'Change', changes: { startsAt: '2026-12-06T05:00:00.000Z' } })
        .thenThrows('VALIDATION_FAILED');
      spec
        .given(scheduled)
        .when({ kind: 'Change', changes: { startsAt: '2026-12-06T05:00:00.000Z', endsAt: '2026-12-06T06:00:00.000Z' } })
        .then([{ type: 'LocalEventChanged', data: { changes: { startsAt: '2026-12-06T05:00:00.000Z', endsAt: '2026-12-06T06:00:00.000Z' } } }]);
    });

    it('applies on top of earlier changes', () =>
      spec
        .given(scheduled, { type: 'LocalEventChanged', data: { changes: { endsAt: null } } })
        .when({ kind: 'Change', changes: { startsAt: '2026-12-07T05:00:00.000Z' } })
        .then([{ type: 'LocalEventChanged', data: { changes: { startsAt: '2026-12-07T05:00:00.000Z' } } }]));

    it('compares with the details as earlier changes left them', () =>
      spec
        .given(scheduled, { type: 'LocalEventChanged', data: { changes: { title: 'Winter Market' } } })
        .when({ kind: 'Change', changes: { title: 'Winter Market', place: 'The Old Mill' } })
        .thenNothing());

    it('is refused for an event not on the calendar', () => {
      spec
        .given()
        .when({ kind: 'Change', changes: { title: 'x' } })
        .thenThrows('LOCAL_EVENT_NOT_FOUND', 'That event is not on the calendar.');
      spec
        .given(scheduled, { type: 'LocalEventRemoved', data: {} })
        .when({ kind: 'Change', changes: { title: 'x' } })
        .thenThrows('LOCAL_EVENT_NOT_FOUND');
    });
  });

  describe('removed', () => {
    it('comes off the calendar once', () => {
      spec
        .given(scheduled)
        .when({ kind: 'Remove' })
        .then([{ type: 'LocalEventRemoved', data: {} }]);
      spec.given(scheduled, { type: 'LocalEventRemoved', data: {} }).when({ kind: 'Remove' }).thenNothing();
    });

    it('is refused for an event never scheduled', () => spec.given().when({ kind: 'Remove' }).thenThrows('LOCAL_EVENT_NOT_FOUND', 'That event is not on the calendar.'));
  });
});
