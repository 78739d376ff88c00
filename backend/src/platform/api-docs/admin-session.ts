/** The name of the security scheme admin routes carry in the API description: the session cookie the sign-in sets. */
export const ADMIN_SESSION = 'adminSession';
