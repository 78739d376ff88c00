import { invalid } from '../platform/errors/domain-error';
import type { OrderEvent } from './order.events';

/** The longest note the studio may write on an order. */
export const STAFF_NOTE_MAX = 1000;

/** The studio's own notes on an order (a wish the shopper phoned in, a parcel re-sent): who wrote each and when. */
export type NoteCommand = { kind: 'AddStaffNote'; text: string; by: string; at: string };

/**
 * A note is kept on any order the studio can open, placed or not (a failed checkout the shopper
 * called about); never edited once written, like the events it is. Blank or overlong notes are refused.
 */
export function decideNotes(command: NoteCommand): OrderEvent[] {
  const text = command.text.trim();
  if (text === '' || text.length > STAFF_NOTE_MAX) throw invalid(`A note must be 1 to ${STAFF_NOTE_MAX} characters.`);
  return [{ type: 'StaffNoteAdded', data: { text, by: command.by, at: command.at } }];
}
