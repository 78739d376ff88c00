import { Injectable, Logger } from '@nestjs/common';
import { ProductImages } from '../../catalog';
import type { RequestContext } from '../../platform/context/request-context';
import { DomainError } from '../../platform/errors/domain-error';
import type { RecordedEvent } from '../../platform/event-store/recorded-event';
import { OnEvent } from '../../platform/jobs/event-jobs';
import { CatalogSync } from '../catalog-sync/catalog-sync';
import { SquarePictures } from './square-pictures';
import { squarePictureStream, type SquarePictureWanted } from './square-picture.events';

/** Square serves pictures of up to 15 MB; a file larger than this is not one. */
const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 30_000;

/** A download that will not succeed by trying again: the file is gone, refused, or not a picture. */
class NotAPicture extends Error {}

export type PictureCopyOutcome = 'copied' | 'had-it' | 'superseded' | 'not-copied';

/**
 * Copies a Square picture into the shop's storage, off the request path and the sync's: the worker
 * downloads the file, keeps its renditions (`ProductImages`, as an upload's), records the copy,
 * then brings over again the items that waited for it, so their products show it from the shop's
 * origin. A failed download is retried with the job (network, Square's 5xx); a file that is gone or
 * not a picture is recorded as not copied, and the next sync that reads it asks again. Until then
 * the products keep the pictures they had.
 */
@Injectable()
export class SquarePictureCopyJob {
  private readonly logger = new Logger('SquarePictures');

  constructor(
    private readonly pictures: SquarePictures,
    private readonly images: ProductImages,
    private readonly sync: CatalogSync,
  ) {}

  @OnEvent<SquarePictureWanted>('SquarePictureWanted', { queue: 'square', job: 'square-picture-copy' })
  async onWanted(event: RecordedEvent<SquarePictureWanted>, caller: RequestContext): Promise<PictureCopyOutcome> {
    const squareImageId = squarePictureStream.idOf(event.streamId);
    const { url } = event.data;
    let state = await this.pictures.load(squareImageId);
    // Square replaced the file since: the job of the newer ask copies that one.
    if (state.url !== url) return 'superseded';
    const had = state.picture !== undefined;
    if (!had) {
      let picture: string;
      try {
        picture = (await this.images.store(await download(url), 'square')).imageUrl;
      } catch (error) {
        if (!(error instanceof NotAPicture || error instanceof DomainError)) throw error;
        this.logger.warn(`Square picture ${squareImageId} (${url}) not copied: ${error.message}`);
        await this.pictures.run(squareImageId, { kind: 'RecordFailure', url, reason: error.message }, caller);
        return 'not-copied';
      }
      state = (await this.pictures.run(squareImageId, { kind: 'RecordCopy', url, picture }, caller)).state;
      this.logger.log(`Square picture ${squareImageId} copied as ${picture}`);
    }
    // The items that waited (also on other pictures, which they then wait for still) show it now.
    await this.sync.run(caller, undefined, { kind: 'items', squareItemIds: state.waiting });
    return had ? 'had-it' : 'copied';
  }
}

async function download(url: string): Promise<Buffer> {
  if (!/^https?:\/\//i.test(url)) throw new NotAPicture(`${url} is not a web address`);
  const res = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
  // A 4xx will not change by asking again (408 and 429 aside); anything else may.
  if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new NotAPicture(`Square's picture host answered ${res.status}`);
  if (!res.ok) throw new Error(`Square's picture host answered ${res.status}`);
  if (Number(res.headers.get('content-length') ?? 0) > MAX_PICTURE_BYTES) throw new NotAPicture('the file is larger than 20 MB');
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > MAX_PICTURE_BYTES) throw new NotAPicture('the file is larger than 20 MB');
  return bytes;
}
