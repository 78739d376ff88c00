import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AdminOnly } from '../auth';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { notFound } from '../platform/errors/domain-error';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { AdminLocalEventDto, adminLocalEventSchema } from './local-events.responses';
import { LocalEvents } from './local-events';
import { LocalEventsReader } from './local-events.reader';
import { localEventChangesBody, localEventIdParam, newLocalEventBody } from './local-events.schemas';

const eventId = new ZodPipe(localEventIdParam);

/** The studio's calendar of markets and open-studio nights: the Events page of the admin app. */
@Controller('api/admin/local-events')
@AdminOnly()
export class AdminLocalEventsController {
  constructor(
    private readonly events: LocalEvents,
    private readonly reader: LocalEventsReader,
  ) {}

  @Get()
  @ApiAnswers({ 200: z.array(adminLocalEventSchema) })
  list(): Promise<AdminLocalEventDto[]> {
    return this.reader.all();
  }

  @Post()
  @ApiAnswers({ 201: adminLocalEventSchema })
  async add(
    @Body(new ZodPipe(newLocalEventBody)) body: z.infer<typeof newLocalEventBody>,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller: RequestContext,
  ): Promise<AdminLocalEventDto> {
    const id = await this.events.schedule(body, caller);
    reply.status(201);
    return this.one(id);
  }

  @Patch(':id')
  @ApiAnswers({ 200: adminLocalEventSchema })
  async change(
    @Param('id', eventId) id: string,
    @Body(new ZodPipe(localEventChangesBody)) body: z.infer<typeof localEventChangesBody>,
    @Caller() caller: RequestContext,
  ): Promise<AdminLocalEventDto> {
    await this.events.run(id, { kind: 'Change', changes: body }, caller);
    return this.one(id);
  }

  /** Off the calendar; a repeat (a double click) is done already. */
  @Delete(':id')
  @HttpCode(204)
  @ApiAnswers({ 204: 'empty' })
  async remove(@Param('id', eventId) id: string, @Caller() caller: RequestContext): Promise<void> {
    await this.events.run(id, { kind: 'Remove' }, caller);
  }

  private async one(id: string): Promise<AdminLocalEventDto> {
    const [event] = (await this.reader.all()).filter((e) => e.id === id);
    if (!event) throw notFound('That event is not on the calendar.', 'LOCAL_EVENT_NOT_FOUND');
    return event;
  }
}
