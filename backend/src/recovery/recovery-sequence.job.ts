import { Inject, Injectable, Logger } from '@nestjs/common';
import { cartIdOf, Carts, recoveryStepStops, type CartAbandoned } from '../cart';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent, OnJob } from '../platform/jobs/event-jobs';
import { DAY_SECONDS, RETRIED } from '../platform/outbox/queue-names';
import { QueueRegistry, withTimeout } from '../platform/outbox/queue.registry';
import { RecoveryAddresses } from './recovery-address';

export const RECOVERY_STEP_JOB = 'recovery-step';

interface StepJob {
  cartId: string;
  step: number;
  /** The abandonment's event id and metadata: the step's events are caused by it, under its correlation id. */
  eventId: string;
  metadata: RecordedEvent['metadata'];
}

/** One id per cart and step: adding a step again (a retried or repeated planning job) is a no-op in BullMQ. */
export const stepJobId = (cartId: string, step: number) => `recovery-${cartId}-step-${step}`;

const STEP_JOB_OPTIONS = { ...RETRIED, removeOnComplete: { age: 30 * DAY_SECONDS }, removeOnFail: { age: 30 * DAY_SECONDS } } as const;

/**
 * The email sequence. `CartAbandoned` reaches the worker through the outbox (so it is never lost),
 * and its job adds one delayed job per step of RECOVERY_SEQUENCE, each with a stable id and a delay
 * counted from when the abandonment was recorded (a late planning job shortens the delays rather
 * than shifting the sequence). When a step comes due it asks the cart's decider, which requests the
 * email only if the cart still waits for its shopper; the email job sends it.
 */
@Injectable()
export class RecoverySequenceJob {
  private readonly logger = new Logger('RecoverySequence');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: QueueRegistry,
    private readonly carts: Carts,
    private readonly optOuts: RecoveryAddresses,
  ) {}

  @OnEvent<CartAbandoned>('CartAbandoned', { queue: 'recovery', job: 'recovery-sequence' })
  async plan(abandonment: RecordedEvent<CartAbandoned>): Promise<{ steps: number }> {
    const cartId = cartIdOf(abandonment.streamId);
    const abandonedAt = new Date(abandonment.recordedAt).getTime();
    const queue = this.queues.get('recovery');
    for (const [i, offset] of this.config.RECOVERY_SEQUENCE.entries()) {
      const step = i + 1;
      const data: StepJob = { cartId, step, eventId: abandonment.eventId, metadata: abandonment.metadata };
      const delay = Math.max(0, abandonedAt + offset - Date.now());
      await withTimeout(queue.add(RECOVERY_STEP_JOB, data, { jobId: stepJobId(cartId, step), delay, ...STEP_JOB_OPTIONS }), 5000);
    }
    return { steps: this.config.RECOVERY_SEQUENCE.length };
  }

  @OnJob<StepJob>({ queue: 'recovery', job: RECOVERY_STEP_JOB })
  async runStep({ cartId, step }: StepJob, caller: RequestContext): Promise<'requested' | 'nothing-to-send'> {
    const { state } = await this.carts.load(cartId);
    const optedOut = state.exists && state.contact ? await this.optOuts.optedOut(state.contact.email) : false;
    const requestId = `step-${step}`;
    const after = await this.carts.run(cartId, { kind: 'RequestRecoveryStep', requestId, step, optedOut }, caller);
    const requested = after.state.exists && after.state.pendingRecoveryEmail === requestId;
    // Steps that came due together (a worker was down past both) would otherwise drop the later
    // one while the earlier one's email is on its way: it is tried again once that one is sent.
    if (!requested && recoveryStepStops(after.state, step, optedOut) === 'an email is on its way') {
      throw new Error(`Cart ${cartId}: recovery step ${step} waits for the email before it`);
    }
    this.logger.log(`Cart ${cartId}: recovery step ${step} ${requested ? 'requested' : 'not sent'}`);
    return requested ? 'requested' : 'nothing-to-send';
  }
}
