import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AdminGuard } from '../auth';
import { errorReply } from '../platform/errors/error-body';
import { QUEUE_NAMES } from '../platform/outbox/queue-names';
import { QueueRegistry } from '../platform/outbox/queue.registry';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** Bull Board's page asks Google for its typeface, which the shop's Content-Security-Policy refuses: it uses the system's. */
const GOOGLE_FONTS_LINK = /<link href="https:\/\/fonts\.googleapis\.com\/[^"]*" rel="stylesheet">/;

/**
 * Bull Board at /admin/queues: every queue's jobs by state, failed ones with their error, retried
 * from there. Its routes are Fastify's, not a Nest controller's, so the admin guard runs in their
 * `onRequest` hook: the same `AdminGuard` (401 signed out, 403 without admin rights or from a
 * foreign Origin), its refusals in the one error body. Served by every process with HTTP.
 */
@Injectable()
export class QueueDashboard implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly guard: AdminGuard,
    private readonly queues: QueueRegistry,
  ) {}

  onModuleInit(): void {
    const http = this.adapterHost.httpAdapter;
    if (!http) return;
    const board = new FastifyAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: QUEUE_NAMES.map((name) => new BullMQAdapter(this.queues.get(name))),
      serverAdapter: board,
      // Bull Board is a page of its own, outside the admin app: its header links back there.
      options: { uiConfig: { boardTitle: 'Dark Circle jobs', miscLinks: [{ text: 'Back to the admin', url: '/admin/jobs' }] } },
    });
    void http.getInstance<FastifyInstance>().register(
      async (scope) => {
        scope.addHook('onRequest', (req, reply) => this.admit(req, reply));
        scope.addHook('onSend', async (_req, reply, payload) =>
          typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html') ? payload.replace(GOOGLE_FONTS_LINK, '') : payload,
        );
        await scope.register(board.registerPlugin());
      },
      { prefix: QUEUE_DASHBOARD_PATH },
    );
  }

  private async admit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      await this.guard.canActivate(new ExecutionContextHost([req, reply]));
    } catch (error) {
      const { status, body } = errorReply(error, req.id, req.raw);
      return reply.status(status).send(body);
    }
  }
}
