import { z } from 'zod';

/** One market or open-studio night; times are UTC instants, `timeZone` is the studio's (to show them in). */
export const localEventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime().nullable(),
    timeZone: z.string(),
    place: z.string(),
    address: z.string(),
    mapUrl: z.string().describe("The place on a map: the studio's own link, or a map search for the address."),
    calendarUrl: z.string().describe('The event as an .ics file, for "Add to calendar".'),
    note: z.string().nullable(),
  })
  .meta({ id: 'LocalEvent' });

/** The studio's view adds whether the event is over (it no longer shows on the home page). */
export const adminLocalEventSchema = localEventSchema.extend({ past: z.boolean() }).meta({ id: 'AdminLocalEvent' });

export type LocalEventDto = z.infer<typeof localEventSchema>;
export type AdminLocalEventDto = z.infer<typeof adminLocalEventSchema>;
