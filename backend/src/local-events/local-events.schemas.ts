import { z } from 'zod';
import { text, uuid } from '../platform/validation/text';

/** An instant with its offset or `Z` ("2026-12-05T18:00:00-05:00"), kept as UTC ISO text. */
const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time such as 2026-12-05T18:00:00-05:00.` }).transform((value) => new Date(value).toISOString());

/** Empty or missing is none: a form's cleared field and an omitted one mean the same. */
const optional = <T extends z.ZodType<string | null>>(schema: T) => z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());

const mapUrl = z.url({ protocol: /^https$/, error: 'mapUrl must be an https address.' }).max(2048, 'mapUrl is too long.');

const fields = {
  title: text('title', { min: 1, max: 120 }),
  startsAt: instant('startsAt'),
  endsAt: optional(instant('endsAt')),
  place: text('place', { min: 1, max: 120 }),
  address: text('address', { min: 1, max: 300 }),
  mapUrl: optional(mapUrl),
  note: optional(text('note', { max: 500, multiLine: true })),
};

/** `POST /api/admin/local-events`: a new date on the calendar. */
export const newLocalEventBody = z.object(fields);

/** `PATCH /api/admin/local-events/{id}`: the fields to correct; `null` clears an optional one. */
export const localEventChangesBody = z
  .object({
    title: fields.title.optional(),
    startsAt: fields.startsAt.optional(),
    endsAt: fields.endsAt.optional(),
    place: fields.place.optional(),
    address: fields.address.optional(),
    mapUrl: fields.mapUrl.optional(),
    note: fields.note.optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), 'Give at least one field to change.');

export const localEventIdParam = uuid('The event id must be a UUID.');
