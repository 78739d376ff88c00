import { z } from 'zod';

/** A post as the Instagram Graph API gives it (its field names kept). */
export const instagramPostSchema = z
  .object({
    id: z.string(),
    media_type: z.string().meta({ description: 'IMAGE, VIDEO or CAROUSEL_ALBUM' }),
    media_url: z.string().nullable(),
    thumbnail_url: z.string().nullable(),
    permalink: z.string(),
    caption: z.string().nullable(),
    timestamp: z.string().nullable(),
  })
  .meta({ id: 'InstagramPost' });

export const instagramProfileSchema = z.object({ username: z.string(), media_count: z.int() }).meta({ id: 'InstagramProfile' });

/** `GET /api/site`: the footer's contact and social links and the events film; an unset setting is null or left out. */
export const siteSchema = z
  .object({
    contact: z.object({ email: z.string().nullable(), phone: z.string().nullable(), area: z.string().nullable() }),
    social: z.array(z.object({ label: z.string(), href: z.string() })),
    eventsVideo: z.object({ url: z.string().nullable(), posterUrl: z.string().nullable() }),
  })
  .meta({ id: 'Site' });

export type InstagramPost = z.infer<typeof instagramPostSchema>;
export type InstagramProfile = z.infer<typeof instagramProfileSchema>;
export type Site = z.infer<typeof siteSchema>;
