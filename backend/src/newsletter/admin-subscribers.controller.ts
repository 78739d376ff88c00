import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AdminOnly } from '../auth';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { subscribersExportQuery, subscribersQuery } from './newsletter.schemas';
import { SubscriberPageDto, subscriberPageSchema } from './newsletter.responses';
import { subscribersCsv, subscribersCsvName } from './subscribers-csv';
import { SubscriberReader } from './subscriber.reader';

/** The studio's view of the newsletter list: searched and paged, and exported as a CSV file. */
@Controller('api/admin')
@AdminOnly()
export class AdminSubscribersController {
  constructor(private readonly subscribers: SubscriberReader) {}

  @Get('subscribers')
  @ApiAnswers({ 200: subscriberPageSchema })
  list(@Query(new ZodPipe(subscribersQuery)) query: z.infer<typeof subscribersQuery>): Promise<SubscriberPageDto> {
    return this.subscribers.page(query.search, query.page, query.pageSize);
  }

  /** Who is subscribed now (the search, if any, narrows it), as a download. */
  @Get('subscribers.csv')
  @ApiAnswers({ 200: 'csv' })
  async export(@Query(new ZodPipe(subscribersExportQuery)) query: z.infer<typeof subscribersExportQuery>, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const csv = subscribersCsv(await this.subscribers.subscribed(query.search));
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${subscribersCsvName(new Date())}"`)
      .header('cache-control', 'no-store');
    return csv;
  }
}
