import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Account } from './signed-in-user';

export const SESSION_DAYS = 7;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sign-in sessions in PostgreSQL: they survive a restart and every API process sees them. The
 * browser holds a random token; the table only its hash.
 */
@Injectable()
export class SessionStore {
  constructor(private readonly orm: MikroORM) {}

  /** A new session (a new token every sign-in, so a token planted before it is worth nothing after). */
  async create(account: Account): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const em = this.em();
    await em.execute('delete from sessions where expires_at < now()');
    await em.execute(`insert into sessions (token_hash, user_id, email, name, expires_at) values (?, ?, ?, ?, now() + make_interval(days => ?))`, [
      hash(token),
      account.id,
      account.email,
      account.name,
      SESSION_DAYS,
    ]);
    return token;
  }

  async find(token: string): Promise<Account | undefined> {
    const [row] = await this.em().execute<{ user_id: string; email: string; name: string }[]>('select user_id, email, name from sessions where token_hash = ? and expires_at > now()', [
      hash(token),
    ]);
    return row ? { id: row.user_id, email: row.email, name: row.name } : undefined;
  }

  async delete(token: string): Promise<void> {
    await this.em().execute('delete from sessions where token_hash = ?', [hash(token)]);
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}
