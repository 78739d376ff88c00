import { deciderSpec } from '../../test/support/decider-spec';
import { shopSettingsDecider } from './shop-settings.decider';
import { DEFAULT_SHOP_SETTINGS, type ShopSettingsEvent } from './shop-settings.events';

const spec = deciderSpec(shopSettingsDecider);
const kids: ShopSettingsEvent = { type: 'ShopSettingsChanged', data: { changes: { apparelAgeGroup: 'kids' }, settings: { ...DEFAULT_SHOP_SETTINGS, apparelAgeGroup: 'kids' } } };

describe('the shop settings', () => {
  it('start from the defaults: a change records the field that moved and all the settings after it', () =>
    spec
      .given()
      .when({ kind: 'ChangeSettings', changes: { apparelAgeGroup: 'kids' } })
      .then([kids]));

  it('record only the fields that differ from what they are now', () =>
    spec
      .given(kids)
      .when({ kind: 'ChangeSettings', changes: { apparelAgeGroup: 'kids', brand: 'Dark Circle Studio', defaultColor: undefined } })
      .then([
        {
          type: 'ShopSettingsChanged',
          data: { changes: { brand: 'Dark Circle Studio' }, settings: { ...DEFAULT_SHOP_SETTINGS, apparelAgeGroup: 'kids', brand: 'Dark Circle Studio' } },
        },
      ]));

  it('record nothing for a save that changes nothing, the defaults included', () => {
    spec.given().when({ kind: 'ChangeSettings', changes: DEFAULT_SHOP_SETTINGS }).thenNothing();
    spec.given(kids).when({ kind: 'ChangeSettings', changes: {} }).thenNothing();
  });

  it('may clear the default colour', () =>
    spec
      .given()
      .when({ kind: 'ChangeSettings', changes: { defaultColor: '' } })
      .then([{ type: 'ShopSettingsChanged', data: { changes: { defaultColor: '' }, settings: { ...DEFAULT_SHOP_SETTINGS, defaultColor: '' } } }]));

  it('fold to the settings of the last change', () =>
    spec
      .given(kids)
      .when({ kind: 'ChangeSettings', changes: { apparelAgeGroup: 'adult' } })
      .then([{ type: 'ShopSettingsChanged', data: { changes: { apparelAgeGroup: 'adult' }, settings: DEFAULT_SHOP_SETTINGS } }]));
});
