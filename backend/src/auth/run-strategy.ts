import type { FastifyRequest } from 'fastify';
import passport from 'passport';
import type { Account } from './signed-in-user';

export type StrategyOutcome = { redirect: string } | { account: Account } | { failed: string };

/**
 * Runs a passport strategy on a Fastify request and hands back what it decided. Passport writes a
 * redirect straight to a Node response; the stand-in response below catches it instead, so the
 * controller sends it through Fastify like any other reply.
 */
export function runStrategy(name: string, req: FastifyRequest, options: Record<string, unknown>): Promise<StrategyOutcome> {
  return new Promise((resolve, reject) => {
    const res = {
      statusCode: 200,
      setHeader(header: string, value: string) {
        if (header.toLowerCase() === 'location') resolve({ redirect: value });
      },
      end() {},
    };
    const done = (error: unknown, account: Account | false, info?: { message?: string }) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else if (account) resolve({ account });
      else resolve({ failed: info?.message ?? 'The sign-in was not completed.' });
    };
    passport.authenticate(name, { session: false, ...options }, done)(req, res, (error: unknown) => reject(error));
  });
}
