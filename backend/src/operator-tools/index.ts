export { OperatorToolsModule } from './operator-tools.module';
export { QUEUE_DASHBOARD_PATH } from './queue-dashboard';
export { streamHistorySchema } from './history.responses';
