import { useQuery } from '@tanstack/react-query';
import { ok, type InstagramPost, type InstagramProfile } from '@dark-circle/api-client';
import { api } from '../api/client';

/** A post as `GET /api/instagram/posts` gives it (the Graph API's field names). */
export type { InstagramPost, InstagramProfile };

/** Social queries stay fresh for 15 minutes and are retried once. */
const SOCIAL_QUERY = { staleTime: 15 * 60_000, retry: 1 } as const;

export function useInstagramPosts() {
  return useQuery({
    queryKey: ['/api/instagram/posts'],
    queryFn: async ({ signal }) => {
      try {
        return await ok(api().GET('/api/instagram/posts', { signal }));
      } catch (error) {
        throw new Error('Failed to fetch Instagram posts', { cause: error });
      }
    },
    ...SOCIAL_QUERY,
  });
}

/** Asked only once there are posts: with no account connected the profile is a 404. */
export function useInstagramProfile(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/instagram/profile'],
    queryFn: async ({ signal }) => {
      try {
        return await ok(api().GET('/api/instagram/profile', { signal }));
      } catch (error) {
        throw new Error('Failed to fetch Instagram profile', { cause: error });
      }
    },
    enabled,
    ...SOCIAL_QUERY,
  });
}
