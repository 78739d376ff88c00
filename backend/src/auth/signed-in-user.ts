import { z } from 'zod';

/** Who a session belongs to, as `GET /api/auth/user` shows them. */
export const signedInUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), isAdmin: z.boolean() }).meta({ id: 'User' });

export type SignedInUser = z.infer<typeof signedInUserSchema>;

/** The account a provider vouched for; whether it is an admin is decided on every request, from the settings. */
export type Account = Omit<SignedInUser, 'isAdmin'>;
