/**
 * The Square sandbox emulator (development and tests only). Being written: this placeholder only
 * fixes the surface the rest of the shop starts it through.
 */
export const EMULATOR_ACCESS_TOKEN = 'EMULATOR-sandbox-access-token';
export const EMULATOR_APPLICATION_ID = 'sandbox-sq0idb-dark-circle-emulator';
export const EMULATOR_LOCATION_ID = 'LDCEMULATOR0001';

export interface SquareEmulatorOptions {
  port: number;
  host?: string;
  /** Where its state is kept across restarts; unset: memory only. */
  dataDir?: string;
}

export interface SquareEmulator {
  url: string;
  close(): Promise<void>;
}

export async function startSquareEmulator(options: SquareEmulatorOptions): Promise<SquareEmulator> {
  throw new Error(`The Square emulator is not built yet (port ${options.port})`);
}
