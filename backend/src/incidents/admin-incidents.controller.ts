import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { AdminOnly } from '../auth';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { notFound } from '../platform/errors/domain-error';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { Incidents } from './incidents';
import { IncidentsReader } from './incidents.reader';
import { incidentSchema, type IncidentDto } from './incidents.responses';
import { incidentIdParam, resolveIncidentBody } from './incidents.schemas';

/** The incidents the studio must settle (web and stall sales of the same units): the dashboard's list and its Resolve. */
@Controller('api/admin/incidents')
@AdminOnly()
export class AdminIncidentsController {
  constructor(
    private readonly incidents: Incidents,
    private readonly reader: IncidentsReader,
  ) {}

  /** Open incidents first, then resolved ones, each newest first. */
  @Get()
  @ApiAnswers({ 200: z.array(incidentSchema) })
  list(): Promise<IncidentDto[]> {
    return this.reader.list();
  }

  /** Closes an open incident with the studio's note: 404 INCIDENT_NOT_FOUND, 409 INCIDENT_RESOLVED when it was closed already. */
  @Post(':id/resolve')
  @HttpCode(200)
  @ApiAnswers({ 200: incidentSchema })
  async resolve(
    @Param('id', new ZodPipe(incidentIdParam)) id: string,
    @Body(new ZodPipe(resolveIncidentBody)) body: z.infer<typeof resolveIncidentBody>,
    @Caller() caller: RequestContext,
  ): Promise<IncidentDto> {
    await this.incidents.run(id, { kind: 'Resolve', note: body.note }, caller);
    const incident = await this.reader.one(id);
    if (!incident) throw notFound('There is no such incident.', 'INCIDENT_NOT_FOUND');
    return incident;
  }
}
