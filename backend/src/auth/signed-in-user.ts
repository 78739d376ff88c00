/** Who a session belongs to, as `GET /api/auth/user` shows them. */
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

/** The account a provider vouched for; whether it is an admin is decided on every request, from the settings. */
export type Account = Omit<SignedInUser, 'isAdmin'>;
