import { z } from 'zod';

/** One subscriber as the studio sees it; `leftAt` is set once they unsubscribed. */
export const subscriberSchema = z
  .object({
    email: z.string(),
    name: z.string().nullable(),
    subscribed: z.boolean(),
    joinedAt: z.iso.datetime(),
    leftAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Subscriber' });

/** `GET /api/admin/subscribers`: one page of the list, newest first. */
export const subscriberPageSchema = z.object({ subscribers: z.array(subscriberSchema), total: z.int(), page: z.int(), pageSize: z.int() }).meta({ id: 'SubscriberPage' });

export type SubscriberDto = z.infer<typeof subscriberSchema>;
export type SubscriberPageDto = z.infer<typeof subscriberPageSchema>;
