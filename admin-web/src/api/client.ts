import { createApiClient } from '@dark-circle/api-client';

/** The admin app's calls to the shop: same origin, always with the session cookie. */
export const api = createApiClient({ credentials: 'include' });
