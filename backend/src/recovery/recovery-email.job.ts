import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { LoadCartQuery, RunCartCommand } from '../cart';
import { Mail } from '../mail';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { JobHandlers } from '../platform/jobs/job-handlers';
import { OutboxRoutes } from '../platform/outbox/outbox-routes';
import { recoveryEmail } from './recovery.email';

export const RECOVERY_EMAIL_JOB = 'cart-recovery';

/** On `RecoveryEmailRequested`, the worker emails the shopper a link back to their cart, once. */
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
  ) {}

  onModuleInit(): void {
    this.routes.route('RecoveryEmailRequested', { queue: 'email', jobName: RECOVERY_EMAIL_JOB });
    this.handlers.handle('email', RECOVERY_EMAIL_JOB, (event, _job, caller) => {
      const e = event as RecordedEvent<{ type: 'RecoveryEmailRequested'; data: { requestId: string } }>;
      return this.send(e.streamId.slice('cart-'.length), e.data.requestId, caller);
    });
  }

  /** Checks the cart stream first: a repeated job, a bought or emptied cart, sends nothing. */
  async send(cartId: string, requestId: string, caller: RequestContext): Promise<'sent' | 'nothing-to-send'> {
    const { state } = await this.queries.execute(new LoadCartQuery(cartId));
    if (!state.exists || state.pendingRecoveryEmail !== requestId || !state.contact || state.lines.length === 0) return 'nothing-to-send';
    const base = (this.config.PUBLIC_URL ?? `http://localhost:${this.config.PORT}`).replace(/\/+$/, '');
    const cartUrl = `${base}/cart?cart=${encodeURIComponent(state.sessionId)}`;
    const to = state.contact.email;
    const { messageId } = await this.mail.send(recoveryEmail({ requestId, to, name: state.contact.name, lines: state.lines, cartUrl }));
    await this.commands.execute(new RunCartCommand(cartId, { kind: 'RecordRecoveryEmailSent', requestId, messageId, to }, caller));
    this.logger.log(`Cart ${cartId}: recovery email sent`);
    return 'sent';
  }
}
