import { deciderSpec } from '../../test/support/decider-spec';
import { opened, placed } from '../../test/support/order-checkout-events';
import { orderDecider } from './order.decider';
import { fold } from '../platform/event-store/decider';

const spec = deciderSpec(orderDecider);
const at = '2026-12-02T10:00:00.000Z';
const by = 'owner@darkcircle.test';

describe("order decider: the studio's notes", () => {
  it('keeps each note as written (trimmed), with who wrote it and when, one event per note', () => {
    spec
      .given(opened, placed)
      .when({ kind: 'AddStaffNote', text: '  She phoned: gift wrap it.\n', by, at })
      .then([{ type: 'StaffNoteAdded', data: { text: 'She phoned: gift wrap it.', by, at } }]);
    spec
      .given(opened)
      .when({ kind: 'AddStaffNote', text: 'x'.repeat(1000), by, at })
      .then([{ type: 'StaffNoteAdded', data: { text: 'x'.repeat(1000), by, at } }]);
  });

  it('refuses a blank note or one past 1000 characters', () => {
    for (const text of ['', '   \n ', 'x'.repeat(1001)])
      spec.given(opened, placed).when({ kind: 'AddStaffNote', text, by, at }).thenThrows('INVALID', 'A note must be 1 to 1000 characters.');
  });

  it('refuses a note on an order that does not exist', () => {
    spec.given().when({ kind: 'AddStaffNote', text: 'Hello', by, at }).thenThrows('NOT_FOUND');
  });

  it('changes nothing else of the order', () => {
    const before = fold(orderDecider, [opened, placed]);
    expect(fold(orderDecider, [opened, placed, { type: 'StaffNoteAdded', data: { text: 'Hi', by, at } }])).toEqual(before);
  });
});
