import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import { fold } from '../platform/event-store/decider';
import { EventStore } from '../platform/event-store/event-store';
import { subscriberDecider, SubscriberCommand, SubscriberState } from './subscriber.decider';
import { SubscriberEvent, subscriberStream } from './subscriber.events';
import { normalizeEmail, subscriberIdOf } from './subscriber-identity';

/** Subscribing and leaving: load the subscriber's stream, decide, append. */
@Injectable()
export class NewsletterService {
  constructor(
    private readonly runner: CommandRunner,
    private readonly store: EventStore,
  ) {}

  /** A repeat (in any letter case) is a success that records nothing and sends nothing. */
  async subscribe(email: string, name: string | null, caller: RequestContext): Promise<void> {
    const normalized = normalizeEmail(email);
    const subscriberId = subscriberIdOf(normalized);
    await this.run(subscriberId, { kind: 'Join', subscriberId, email: normalized, name }, caller);
  }

  /**
   * An address alone proves nothing about who asks: the subscriber is emailed their signed
   * unsubscribe link (at most once a day), and nothing else changes.
   */
  async requestUnsubscribeLink(email: string, caller: RequestContext): Promise<void> {
    await this.run(subscriberIdOf(email), { kind: 'RequestUnsubscribeLink', requestId: randomUUID(), now: Date.now() }, caller);
  }

  async unsubscribe(subscriberId: string, caller: RequestContext): Promise<void> {
    await this.run(subscriberId, { kind: 'Leave' }, caller);
  }

  async load(subscriberId: string): Promise<SubscriberState> {
    const { events } = await this.store.readStream<SubscriberEvent>(subscriberStream(subscriberId).id);
    return fold(subscriberDecider, events);
  }

  async run(subscriberId: string, command: SubscriberCommand, caller: RequestContext): Promise<void> {
    await this.runner.run(subscriberDecider, subscriberStream(subscriberId), command, caller);
  }
}
