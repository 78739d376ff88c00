export { createHttpApp, migratedSentence, seedDemoCatalog, type Migrated } from './create-app';
export { runTask, withAppContext } from './app-context';
export { closeGracefully, closeOnSignal } from './shutdown';
