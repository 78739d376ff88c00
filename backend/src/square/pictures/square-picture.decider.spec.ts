import { fold } from '../../platform/event-store/decider';
import { deciderSpec } from '../../../test/support/decider-spec';
import { squarePictureDecider } from './square-picture.decider';
import type { SquarePictureEvent } from './square-picture.events';

const spec = deciderSpec(squarePictureDecider);
const url = 'https://items-images.example/files/moth.jpeg';
const newer = 'https://items-images.example/files/moth-2.jpeg';
const picture = '/uploads/0123456789abcdef01234567-800.webp';
const want = (squareItemId = 'ITEM-1', at = url) => ({ kind: 'Want', squareImageId: 'IMG-1', url: at, squareItemId }) as const;
const wanted = (squareItemId = 'ITEM-1', at = url): SquarePictureEvent => ({ type: 'SquarePictureWanted', data: { squareImageId: 'IMG-1', url: at, squareItemId } });
const copied = (at = url, copy = picture): SquarePictureEvent => ({ type: 'SquarePictureCopied', data: { url: at, picture: copy } });
const failed: SquarePictureEvent = { type: 'SquarePictureNotCopied', data: { url, reason: 'not a picture' } };

describe('a Square picture is asked for', () => {
  it('once per file for an item: the first ask is recorded, a repeat is not', () => {
    spec.given().when(want()).then([wanted()]);
    spec.given(wanted()).when(want()).thenNothing();
  });

  it('again for another item waiting on the same file (one copy, both told)', () => {
    spec
      .given(wanted())
      .when(want('ITEM-2'))
      .then([wanted('ITEM-2')]);
    spec.given(wanted(), wanted('ITEM-2')).when(want('ITEM-2')).thenNothing();
  });

  it('not again by an item that waits for the copy; by another once it is copied (its sync read before the copy was kept), so it is told', () => {
    spec.given(wanted(), copied()).when(want()).thenNothing();
    spec
      .given(wanted(), copied())
      .when(want('ITEM-2'))
      .then([wanted('ITEM-2')]);
    spec.given(wanted(), copied(), wanted('ITEM-2')).when(want('ITEM-2')).thenNothing();
  });

  it('again when Square replaced the file: the copy of the old one does not answer for it', () => {
    spec
      .given(wanted(), copied())
      .when(want('ITEM-1', newer))
      .then([wanted('ITEM-1', newer)]);
    spec
      .given(wanted(), copied(), wanted('ITEM-1', newer))
      .when(want('ITEM-2', newer))
      .then([wanted('ITEM-2', newer)]);
  });

  it('again by the next sync after a copy failed, and only once', () => {
    spec.given(wanted(), failed).when(want()).then([wanted()]);
    spec.given(wanted(), failed, wanted()).when(want()).thenNothing();
  });
});

describe('a copy is recorded', () => {
  it('for the file wanted, once', () => {
    spec.given(wanted()).when({ kind: 'RecordCopy', url, picture }).then([copied()]);
    spec.given(wanted(), copied()).when({ kind: 'RecordCopy', url, picture }).thenNothing();
  });

  it('not for a file no longer wanted (Square replaced it meanwhile)', () => {
    spec.given(wanted(), wanted('ITEM-1', newer)).when({ kind: 'RecordCopy', url, picture }).thenNothing();
    spec.given().when({ kind: 'RecordCopy', url, picture }).thenNothing();
  });

  it('anew when the same file comes out as other renditions', () => {
    const other = '/uploads/fedcba9876543210fedcba98-800.webp';
    spec
      .given(wanted(), copied())
      .when({ kind: 'RecordCopy', url, picture: other })
      .then([copied(url, other)]);
  });
});

describe('a failed copy is recorded', () => {
  it('once, for the file wanted and not copied', () => {
    spec.given(wanted()).when({ kind: 'RecordFailure', url, reason: 'not a picture' }).then([failed]);
    spec.given(wanted(), failed).when({ kind: 'RecordFailure', url, reason: 'not a picture' }).thenNothing();
    spec.given(wanted(), copied()).when({ kind: 'RecordFailure', url, reason: 'not a picture' }).thenNothing();
    spec.given(wanted('ITEM-1', newer)).when({ kind: 'RecordFailure', url, reason: 'not a picture' }).thenNothing();
  });

  it('and a later copy of the file still counts', () => {
    spec.given(wanted(), failed).when({ kind: 'RecordCopy', url, picture }).then([copied()]);
    spec.given(wanted(), failed, copied()).when(want()).thenNothing();
  });
});

describe('the state the copy job reads', () => {
  it('is no file, no item waiting and no failure before anything was asked', () => {
    expect(fold(squarePictureDecider, [])).toEqual({ waiting: [], failed: false });
  });

  it('names each waiting item once, and only those of the file wanted now', () => {
    expect(fold(squarePictureDecider, [wanted(), wanted('ITEM-2'), wanted()]).waiting).toEqual(['ITEM-1', 'ITEM-2']);
    expect(fold(squarePictureDecider, [wanted(), wanted('ITEM-2'), wanted('ITEM-3', newer)])).toEqual({ url: newer, waiting: ['ITEM-3'], failed: false });
    expect(fold(squarePictureDecider, [wanted(), copied(), wanted('ITEM-2')])).toEqual({ url, waiting: ['ITEM-1', 'ITEM-2'], picture, failed: false });
    expect(fold(squarePictureDecider, [wanted(), failed])).toEqual({ url, waiting: ['ITEM-1'], failed: true });
    expect(fold(squarePictureDecider, [wanted(), failed, wanted('ITEM-2')])).toEqual({ url, waiting: ['ITEM-1', 'ITEM-2'], failed: false });
    expect(fold(squarePictureDecider, [wanted(), failed, copied()])).toEqual({ url, waiting: ['ITEM-1'], picture, failed: false });
  });
});
