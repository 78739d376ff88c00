import type { DomainEvent } from '../../platform/event-store/recorded-event';
import { streamKind, stringId } from '../../platform/event-store/stream';

/**
 * A sync read a picture of a Square item (an `IMAGE` object, by its id and its file's URL) that the
 * shop keeps no copy of; the item `squareItemId` waits for it. The first for a URL starts a copy.
 */
export type SquarePictureWanted = DomainEvent<'SquarePictureWanted', { squareImageId: string; url: string; squareItemId: string }>;
/** The shop keeps the picture at `url` in its storage: `picture` is the address the catalogue links (its page rendition). */
export type SquarePictureCopied = DomainEvent<'SquarePictureCopied', { url: string; picture: string }>;
/** The picture at `url` could not be copied (not a picture, or gone): the next sync that reads it asks again. */
export type SquarePictureNotCopied = DomainEvent<'SquarePictureNotCopied', { url: string; reason: string }>;

export type SquarePictureEvent = SquarePictureWanted | SquarePictureCopied | SquarePictureNotCopied;

export const SQUARE_PICTURE_STREAM_TYPE = 'SquarePicture';
/** One stream per Square `IMAGE` object: `square-picture-<image id>`. */
export const squarePictureStream = streamKind(SQUARE_PICTURE_STREAM_TYPE, 'square-picture-', stringId);
