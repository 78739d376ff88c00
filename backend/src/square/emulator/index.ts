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

/** Placeholder until the emulator lands: the shop starts, and every call to Square fails to connect. */
export async function startSquareEmulator(_options: SquareEmulatorOptions): Promise<SquareEmulator> {
  return { url: 'http://127.0.0.1:9', close: async () => {} };
}
