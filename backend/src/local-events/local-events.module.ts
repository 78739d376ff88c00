import { Module, OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ProjectionRegistry } from '../platform/projections/projection.registry';
import { AdminLocalEventsController } from './admin-local-events.controller';
import { localEventProjection } from './local-event.projection';
import { LocalEventViewSchema } from './local-event.view';
import { LocalEvents } from './local-events';
import { LocalEventsController } from './local-events.controller';
import { LocalEventsReader } from './local-events.reader';

/** The studio's calendar: markets, fairs and open-studio nights on the home page, in the welcome email, as .ics files. */
@Module({
  imports: [MikroOrmModule.forFeature([LocalEventViewSchema])],
  controllers: [LocalEventsController, AdminLocalEventsController],
  providers: [LocalEvents, LocalEventsReader],
  exports: [LocalEventsReader],
})
export class LocalEventsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(localEventProjection);
  }
}
