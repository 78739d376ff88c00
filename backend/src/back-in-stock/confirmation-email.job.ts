import { Injectable, Logger } from '@nestjs/common';
import { Products } from '../catalog';
import { Mail } from '../mail';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { BackInStockService } from './back-in-stock.service';
import { confirmationEmail } from './confirmation.email';
import { requestStream, type BackInStockAsked, type BackInStockConfirmationResent } from './request.events';
import { RequestLinks } from './request-links';
import { waitedName } from './waited-variant';

/** On an ask (or an ask again before confirming), the worker emails the confirmation link. */
@Injectable()
export class ConfirmationEmailJob {
  private readonly logger = new Logger('BackInStockConfirmation');

  constructor(
    private readonly backInStock: BackInStockService,
    private readonly products: Products,
    private readonly links: RequestLinks,
    private readonly mail: Mail,
  ) {}

  @OnEvent<BackInStockAsked | BackInStockConfirmationResent>(['BackInStockAsked', 'BackInStockConfirmationResent'], { queue: 'email', job: 'back-in-stock-confirmation' })
  onAsked(event: RecordedEvent<BackInStockAsked | BackInStockConfirmationResent>) {
    return this.send(requestStream.idOf(event.streamId), event.data.round);
  }

  /** Only while that request still waits for its confirmation: a late job after the click sends nothing. */
  async send(requestId: string, round: number): Promise<'sent' | 'not-pending'> {
    const request = await this.backInStock.load(requestId);
    if (!request.exists || request.status !== 'pending' || request.round !== round) return 'not-pending';
    const variant = await this.products.snapshot(request.productId, request.variantId);
    const name = variant ? waitedName(variant) : 'this piece';
    await this.mail.send(await confirmationEmail(request, name, this.links.confirmUrl(requestId), this.mail.shop));
    this.logger.log(`Back-in-stock confirmation emailed for request ${requestId}`);
    return 'sent';
  }
}
