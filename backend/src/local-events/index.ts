export { LocalEventsModule } from './local-events.module';
export { LocalEventsReader } from './local-events.reader';
export type { LocalEventDto } from './local-events.responses';
export { localEventWhen } from './local-event-when';
