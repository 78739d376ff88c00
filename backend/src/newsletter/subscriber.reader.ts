import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SubscriberView } from './subscriber.view';
import { normalizeEmail } from './subscriber-identity';

/** Reads of the subscribers projection, for other modules (checkout asks whether an email ever joined). */
@Injectable()
export class SubscriberReader {
  constructor(private readonly orm: MikroORM) {}

  byEmail(email: string): Promise<SubscriberView | null> {
    return (this.orm.em.fork() as EntityManager).findOne(SubscriberView, { email: normalizeEmail(email) });
  }
}
