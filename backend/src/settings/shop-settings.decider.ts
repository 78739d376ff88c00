import type { Decider } from '../platform/event-store/decider';
import { DEFAULT_SHOP_SETTINGS, type ShopSettings, type ShopSettingsEvent } from './shop-settings.events';

export type ShopSettingsCommand = { kind: 'ChangeSettings'; changes: Partial<ShopSettings> };

/** The shop's settings: the defaults until the studio changes them; a save changing nothing records nothing. */
export const shopSettingsDecider: Decider<ShopSettings, ShopSettingsCommand, ShopSettingsEvent> = {
  initialState: DEFAULT_SHOP_SETTINGS,

  evolve(_state, event) {
    return event.data.settings;
  },

  decide(command, state) {
    const entries = Object.entries(command.changes).filter(([field, value]) => value !== undefined && state[field as keyof ShopSettings] !== value);
    if (entries.length === 0) return [];
    const changes = Object.fromEntries(entries) as Partial<ShopSettings>;
    return [{ type: 'ShopSettingsChanged', data: { changes, settings: { ...state, ...changes } } }];
  },
};
