import { Injectable, Logger } from '@nestjs/common';
import { ProductImages } from '../../catalog';
import type { RequestContext } from '../../platform/context/request-context';
import { DomainError } from '../../platform/errors/domain-error';
import type { RecordedEvent } from '../../platform/event-store/recorded-event';
import { OnEvent, OnJob } from '../../platform/jobs/event-jobs';
import { requestedBy, type RequestedJob } from '../../platform/jobs/job-caller';
import { QueueRegistry, withTimeout } from '../../platform/outbox/queue.registry';
import { RETRIED } from '../../platform/outbox/queue-names';
import { CatalogSync } from '../catalog-sync/catalog-sync';
import { SquarePictures } from './square-pictures';
import { squarePictureStream, type SquarePictureWanted } from './square-picture.events';

export const PICTURE_APPLY_JOB = 'square-picture-apply';

/** The apply job's data: whose copy is kept, and who asked. */
type ApplyJob = RequestedJob & { squareImageId: string };

/** Square serves pictures of up to 15 MB; a file larger than this is not one. */
const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 30_000;

/** A download that will not succeed by trying again: the file is gone, refused, or not a picture. */
class NotAPicture extends Error {}

export type PictureCopyOutcome = 'copied' | 'had-it' | 'superseded' | 'not-copied';

/**
 * Copies a Square picture into the shop's storage, off the request path and the sync's, on a queue
 * of its own (`pictures`): the worker downloads the file, keeps its renditions (`ProductImages`, as
 * an upload's) and records the copy; then a job on the `square` queue (in turn with the sync and the
 * write-back) brings over again the items that waited for it, so their products show it from the
 * shop's origin. A failed download is retried with the job (network, Square's 5xx); a file that is
 * gone or not a picture is recorded as not copied, and the next sync that reads it asks again. Until
 * then the products keep the pictures they had.
 */
@Injectable()
export class SquarePictureCopyJob {
  private readonly logger = new Logger('SquarePictures');

  constructor(
    private readonly pictures: SquarePictures,
    private readonly images: ProductImages,
    private readonly sync: CatalogSync,
    private readonly queues: QueueRegistry,
  ) {}

  @OnEvent<SquarePictureWanted>('SquarePictureWanted', { queue: 'pictures', job: 'square-picture-copy' })
  async onWanted(event: RecordedEvent<SquarePictureWanted>, caller: RequestContext): Promise<PictureCopyOutcome> {
    const squareImageId = squarePictureStream.idOf(event.streamId);
    const { url } = event.data;
    const state = await this.pictures.load(squareImageId);
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
      await this.pictures.run(squareImageId, { kind: 'RecordCopy', url, picture }, caller);
      this.logger.log(`Square picture ${squareImageId} copied as ${picture}`);
    }
    // Added before this job ends, so a retry adds it again if Redis failed (its id keeps it once).
    const data: ApplyJob = { ...requestedBy(caller), squareImageId };
    await withTimeout(this.queues.get('square').add(PICTURE_APPLY_JOB, data, { ...RETRIED, jobId: `${PICTURE_APPLY_JOB}-${event.eventId}`, removeOnComplete: 100, removeOnFail: 100 }), 3000);
    return had ? 'had-it' : 'copied';
  }

  /** The items that waited for the picture (and, it may be, for others still) brought over again. */
  @OnJob<ApplyJob>({ queue: 'square', job: PICTURE_APPLY_JOB })
  async apply(data: ApplyJob, caller: RequestContext): Promise<{ products: number; changes: number }> {
    const { waiting } = await this.pictures.load(data.squareImageId);
    const { products, changes } = await this.sync.run(caller, undefined, { kind: 'items', squareItemIds: waiting });
    return { products, changes };
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
