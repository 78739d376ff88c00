import type { Decider } from '../../platform/event-store/decider';
import type { SquarePictureEvent } from './square-picture.events';

export interface SquarePictureState {
  /** The file the shop last asked for (Square may replace an image's file: a new URL is a new copy). */
  url?: string;
  /** The items waiting for that file's copy. */
  waiting: string[];
  /** The catalogue's address of the copy of `url`, once kept. */
  picture?: string;
  /** The last try at `url` failed for good. */
  failed: boolean;
}

export type SquarePictureCommand =
  { kind: 'Want'; squareImageId: string; url: string; squareItemId: string } | { kind: 'RecordCopy'; url: string; picture: string } | { kind: 'RecordFailure'; url: string; reason: string };

/**
 * One Square picture and the shop's copy of it. A picture is copied once per file (its URL),
 * whichever items and syncs ask for it, and each item is asked for once; a copy of a file Square
 * has since replaced is no answer for the new one; a copy that failed is asked for again by the
 * next sync that reads it.
 */
export const squarePictureDecider: Decider<SquarePictureState, SquarePictureCommand, SquarePictureEvent> = {
  initialState: { waiting: [], failed: false },

  evolve(state, event) {
    switch (event.type) {
      case 'SquarePictureWanted': {
        const { url, squareItemId } = event.data;
        if (url !== state.url) return { url, waiting: [squareItemId], failed: false };
        return { ...state, waiting: state.waiting.includes(squareItemId) ? state.waiting : [...state.waiting, squareItemId], failed: false };
      }
      case 'SquarePictureCopied':
        return { ...state, picture: event.data.picture, failed: false };
      case 'SquarePictureNotCopied':
        return { ...state, failed: true };
    }
  },

  decide(command, state) {
    switch (command.kind) {
      case 'Want': {
        // An item already waiting is told when the copy is kept (or was, while its sync read). One
        // that asks for a file copied already read before the copy was recorded: asked, it is told at once.
        const { squareImageId, url, squareItemId } = command;
        const waiting = url === state.url && !state.failed && state.waiting.includes(squareItemId);
        return waiting ? [] : [{ type: 'SquarePictureWanted', data: { squareImageId, url, squareItemId } }];
      }
      case 'RecordCopy':
        // A copy of a file no longer wanted (Square replaced it meanwhile) is not this picture's.
        if (command.url !== state.url || command.picture === state.picture) return [];
        return [{ type: 'SquarePictureCopied', data: { url: command.url, picture: command.picture } }];
      case 'RecordFailure':
        if (command.url !== state.url || state.picture !== undefined || state.failed) return [];
        return [{ type: 'SquarePictureNotCopied', data: { url: command.url, reason: command.reason } }];
    }
  },
};
