import { z } from 'zod';
import { text } from '../platform/validation/text';
import { APPAREL_AGE_GROUPS, APPAREL_GENDERS } from './shop-settings.events';

const fields = {
  brand: text('brand', { min: 1, max: 70 }),
  apparelGender: z.enum(APPAREL_GENDERS, { error: `apparelGender must be one of ${APPAREL_GENDERS.join(', ')}.` }),
  apparelAgeGroup: z.enum(APPAREL_AGE_GROUPS, { error: `apparelAgeGroup must be one of ${APPAREL_AGE_GROUPS.join(', ')}.` }),
  defaultColor: text('defaultColor', { max: 40 }),
};

/** `GET /api/admin/settings`, and the answer to a change. */
export const shopSettingsSchema = z.object(fields).meta({ id: 'ShopSettings' });

/** `PATCH /api/admin/settings`: the settings to change. */
export const shopSettingsChangesBody = z
  .object({
    brand: fields.brand.optional(),
    apparelGender: fields.apparelGender.optional(),
    apparelAgeGroup: fields.apparelAgeGroup.optional(),
    defaultColor: fields.defaultColor.optional(),
  })
  .strict()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), 'Give at least one setting to change.');
