import { Controller, Get, Param } from '@nestjs/common';
import { z } from 'zod';
import { AdminOnly } from '../auth';
import { notFound } from '../platform/errors/domain-error';
import { EventStore } from '../platform/event-store/event-store';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { streamHistorySchema } from './history.responses';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Which streams the admin app may open, and what their ids look like. */
const KINDS = { product: /^\d{1,9}$/, cart: uuid, order: uuid } as const;

const params = z
  .object({ streamType: z.enum(['product', 'cart', 'order'], 'streamType must be product, cart or order.'), id: z.string().toLowerCase() })
  .refine((p) => KINDS[p.streamType].test(p.id), { message: 'That id does not fit the kind of stream asked for.', path: ['id'] });

/** Data the studio has no use for and that should not sit in a browser: the card token and the charge's key. */
const HIDDEN = new Set(['sourceId', 'idempotencyKey']);

/** `GET /api/admin/history/{product|cart|order}/{id}`: every event of one stream, with who caused it and when. */
@Controller('api/admin/history')
@AdminOnly()
export class HistoryController {
  constructor(private readonly store: EventStore) {}

  @Get(':streamType/:id')
  @ApiAnswers({ 200: streamHistorySchema })
  async history(@Param(new ZodPipe(params)) p: z.infer<typeof params>): Promise<z.infer<typeof streamHistorySchema>> {
    const { events } = await this.store.readStream(`${p.streamType}-${p.id}`);
    if (events.length === 0) throw notFound(`No history for ${p.streamType} ${p.id}.`);
    return {
      streamType: p.streamType,
      id: p.id,
      events: events.map((e) => ({
        version: e.version,
        type: e.type,
        data: Object.fromEntries(Object.entries((e.data ?? {}) as Record<string, unknown>).filter(([key]) => !HIDDEN.has(key))),
        actor: e.metadata.actor,
        correlationId: e.metadata.correlationId,
        recordedAt: e.recordedAt.toISOString(),
      })),
    };
  }
}
