import { Inject, Injectable, Logger } from '@nestjs/common';
import { Mail } from '../mail';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { incidentStream, type IncidentOpened } from './incident.events';
import { oversoldIncidentEmail } from './incident.email';
import { Incidents } from './incidents';

/**
 * Tells the studio (every address of ADMIN_EMAILS, in one email) of an incident as soon as it
 * opens. The send is recorded on the incident's stream: a retried or repeated job finds it sent and
 * sends nothing; a crash between send and record sends again under the same Message-ID.
 */
@Injectable()
export class IncidentEmailJob {
  private readonly logger = new Logger('Incidents');

  constructor(
    private readonly incidents: Incidents,
    private readonly mail: Mail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnEvent<IncidentOpened>('IncidentOpened', { queue: 'email', job: 'incident-email' })
  onOpened(event: RecordedEvent<IncidentOpened>, caller: RequestContext) {
    return this.send(incidentStream.idOf(event.streamId), caller);
  }

  async send(incidentId: string, caller: RequestContext): Promise<'sent' | 'already-sent' | 'no-incident'> {
    const state = await this.incidents.load(incidentId);
    if (state.status === 'none') return 'no-incident';
    if (state.emailed) return 'already-sent';
    // The orders as they stand now: a count folded in before the email went out is in it too.
    const { name, orders, squareCount } = state;
    const mail = await oversoldIncidentEmail(this.config.adminEmails, { incidentId, name, orders, squareCount }, this.mail.shop);
    const { messageId } = await this.mail.send(mail);
    await this.incidents.run(incidentId, { kind: 'RecordEmailSent', messageId }, caller);
    this.logger.log(`Incident ${incidentId}: the studio was told (${this.config.adminEmails.length} addresses)`);
    return 'sent';
  }
}
