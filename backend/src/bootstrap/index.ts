export { createHttpApp, seedDemoCatalog } from './create-app';
export { runTask, withAppContext } from './app-context';
export { closeGracefully, closeOnSignal } from './shutdown';
