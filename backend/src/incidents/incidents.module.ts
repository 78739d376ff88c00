import { Module, OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { CatalogModule } from '../catalog';
import { OrdersModule } from '../orders';
import { ProjectionRegistry } from '../platform/projections/projection.registry';
import { AdminIncidentsController } from './admin-incidents.controller';
import { IncidentEmailJob } from './incident-email.job';
import { incidentProjection } from './incident.projection';
import { IncidentViewSchema } from './incident.view';
import { Incidents } from './incidents';
import { IncidentsReader } from './incidents.reader';
import { OversoldIncidentJob } from './oversold-incident.job';

/** Incidents the studio is told of and settles: a web sale and a stall sale of the same units (docs/incidents.md). */
@Module({
  imports: [MikroOrmModule.forFeature([IncidentViewSchema]), CatalogModule, OrdersModule],
  controllers: [AdminIncidentsController],
  providers: [Incidents, IncidentsReader, OversoldIncidentJob, IncidentEmailJob],
})
export class IncidentsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(incidentProjection);
  }
}
