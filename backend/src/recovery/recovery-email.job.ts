import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { LoadCartQuery, RunCartCommand } from '../cart';
import { emailImageUrls } from '../catalog';
import { Mail } from '../mail';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { JobHandlers } from '../platform/jobs/job-handlers';
import { OutboxRoutes } from '../platform/outbox/outbox-routes';
import { RecoveryLinks } from './recovery-links';
import { RecoveryOptOuts } from './recovery-opt-out';
import { recoveryEmail } from './recovery.email';

export const RECOVERY_EMAIL_JOB = 'cart-recovery';

/** On `RecoveryEmailRequested` (a step of the sequence, or the studio's button), the worker emails the shopper, once. */
@Injectable()
export class RecoveryEmailJob implements OnModuleInit {
  private readonly logger = new Logger('RecoveryEmail');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly routes: OutboxRoutes,
    private readonly handlers: JobHandlers,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly mail: Mail,
    private readonly links: RecoveryLinks,
    private readonly optOuts: RecoveryOptOuts,
  ) {}

  onModuleInit(): void {
    this.routes.route('RecoveryEmailRequested', { queue: 'email', jobName: RECOVERY_EMAIL_JOB });
    this.handlers.handle('email', RECOVERY_EMAIL_JOB, (event, _job, caller) => {
      const e = event as RecordedEvent<{ type: 'RecoveryEmailRequested'; data: { requestId: string } }>;
      return this.send(e.streamId.slice('cart-'.length), e.data.requestId, caller);
    });
  }

  /**
   * Checks the cart stream first: a repeated job, a bought or emptied cart, sends nothing. The
   * opt-out is checked again here, as the studio's button does not go through the sequence.
   */
  async send(cartId: string, requestId: string, caller: RequestContext): Promise<'sent' | 'nothing-to-send'> {
    const { state } = await this.queries.execute(new LoadCartQuery(cartId));
    if (!state.exists || state.pendingRecoveryEmail !== requestId || !state.contact || state.lines.length === 0) return 'nothing-to-send';
    const to = state.contact.email;
    if (await this.optOuts.optedOut(to)) return 'nothing-to-send';
    const step = state.pendingRecoveryStep ?? 1;
    const publicUrl = this.config.publicUrl;
    const lineImages = await emailImageUrls(this.queries, publicUrl, state.lines.map((l) => l.productId));
    const { messageId } = await this.mail.send(
      await recoveryEmail({
        messageKey: `${cartId}-${requestId}`,
        step,
        to,
        name: state.contact.name,
        lines: state.lines,
        lineImages,
        shop: { publicUrl, contactEmail: this.config.CONTACT_EMAIL ?? null },
        restoreUrl: this.links.restoreUrl(cartId),
        unsubscribeUrl: this.links.unsubscribeUrl(cartId),
      }),
    );
    await this.commands.execute(new RunCartCommand(cartId, { kind: 'RecordRecoveryEmailSent', requestId, messageId, to }, caller));
    this.logger.log(`Cart ${cartId}: recovery email ${step} sent`);
    return 'sent';
  }
}
