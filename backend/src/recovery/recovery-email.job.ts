import { Injectable, Logger } from '@nestjs/common';
import { cartIdOf, Carts } from '../cart';
import type { RecoveryEmailRequested, RecoveryWithheldReason } from '../cart';
import { emailImageUrls, Products } from '../catalog';
import { Mail } from '../mail';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { RecoveryLinks } from './recovery-links';
import { RecoveryAddresses } from './recovery-address';
import { recoveryEmail } from './recovery.email';

/** On `RecoveryEmailRequested` (a step of the sequence, or the studio's button), the worker emails the shopper, once. */
@Injectable()
export class RecoveryEmailJob {
  private readonly logger = new Logger('RecoveryEmail');

  constructor(
    private readonly carts: Carts,
    private readonly products: Products,
    private readonly mail: Mail,
    private readonly links: RecoveryLinks,
    private readonly addresses: RecoveryAddresses,
  ) {}

  @OnEvent<RecoveryEmailRequested>('RecoveryEmailRequested', { queue: 'email', job: 'cart-recovery' })
  onRequested(event: RecordedEvent<RecoveryEmailRequested>, caller: RequestContext) {
    return this.send(cartIdOf(event.streamId), event.data.requestId, caller);
  }

  /**
   * Checks the cart stream first: a repeated job, a bought or emptied cart, sends nothing. Then the
   * address's own stream, for every email (the studio's button too): an address that opted out, had
   * a recovery email less than RECOVERY_EMAIL_GAP ago, or is written to by another cart's sequence
   * gets nothing, and the cart records the email withheld.
   */
  async send(cartId: string, requestId: string, caller: RequestContext): Promise<'sent' | 'nothing-to-send' | RecoveryWithheldReason> {
    const { state } = await this.carts.load(cartId);
    if (!state.exists || state.pendingRecoveryEmail !== requestId || !state.contact || state.lines.length === 0) return 'nothing-to-send';
    const to = state.contact.email;
    const refusal = await this.addresses.reserve(to, cartId, requestId, caller);
    if (refusal) {
      await this.carts.run(cartId, { kind: 'WithholdRecoveryEmail', requestId, reason: refusal }, caller);
      this.logger.log(`Cart ${cartId}: recovery email withheld (${refusal})`);
      return refusal;
    }
    const step = state.pendingRecoveryStep ?? 1;
    const shop = this.mail.shop;
    const lineImages = await emailImageUrls(
      this.products,
      shop.publicUrl,
      state.lines.map((l) => l.productId),
    );
    const { messageId } = await this.mail.send(
      await recoveryEmail({
        messageKey: `${cartId}-${requestId}`,
        step,
        to,
        name: state.contact.name,
        lines: state.lines,
        lineImages,
        shop,
        restoreUrl: this.links.restoreUrl(cartId),
        unsubscribeUrl: this.links.unsubscribeUrl(cartId, to),
      }),
    );
    await this.carts.run(cartId, { kind: 'RecordRecoveryEmailSent', requestId, messageId, to }, caller);
    this.logger.log(`Cart ${cartId}: recovery email ${step} sent`);
    return 'sent';
  }
}
