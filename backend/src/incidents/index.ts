export { IncidentsModule } from './incidents.module';
export type { IncidentDto } from './incidents.responses';
