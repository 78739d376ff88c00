/**
 * The development stand-ins (never in production, which refuses to start on them): the Square
 * sandbox emulator, the local Google sign-in, and the switch that says which are on and keeps their
 * routes to this machine. The product's modules start them through this file only.
 */
export * from './square';
export * from './google';
export { fromThisMachine, OnlyFromThisMachineWhile, standInsOf, standInsWarning, type StandIns } from './development-stand-ins';
export { standInPort, startOrJoin } from './start-or-join';
