import { Controller, Get, Header, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { notFound } from '../platform/errors/domain-error';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { calendarFileName, localEventCalendar } from './local-event-calendar';
import { localEventIdParam } from './local-events.schemas';
import { LocalEventDto, localEventSchema } from './local-events.responses';
import { LocalEventsReader } from './local-events.reader';

/** How many coming dates the home page lists. */
export const UPCOMING_SHOWN = 6;

/** The studio's coming markets and open-studio nights, for the home page and the studio's other sites. */
@Controller('api/local-events')
export class LocalEventsController {
  constructor(
    private readonly reader: LocalEventsReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Header('cache-control', 'no-cache')
  @ApiAnswers({ 200: z.array(localEventSchema) })
  upcoming(): Promise<LocalEventDto[]> {
    return this.reader.upcoming(UPCOMING_SHOWN);
  }

  /** "Add to calendar": one event as an .ics file (a past one too: a saved link keeps working). */
  @Get(':id.ics')
  @ApiAnswers({ 200: 'calendar' })
  async calendar(@Param('id', new ZodPipe(localEventIdParam)) id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const row = await this.reader.one(id);
    if (!row) throw notFound('That event is not on the calendar.', 'LOCAL_EVENT_NOT_FOUND');
    const event = this.reader.toDto(row);
    reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${calendarFileName(event.title)}"`)
      .header('cache-control', 'no-cache');
    return localEventCalendar(event, this.config.publicUrl);
  }
}
