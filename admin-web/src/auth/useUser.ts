import { useQuery } from '@tanstack/react-query';
import { apiErrorOf, ok } from '@dark-circle/api-client';
import { api } from '../api/client';

/** The signed-in user, or null when signed out (a 401 is an answer here, not an error). */
export function useUser() {
  return useQuery({
    queryKey: ['/api/auth/user'],
    queryFn: async () => {
      try {
        return await ok(api.GET('/api/auth/user'));
      } catch (error) {
        if (apiErrorOf(error)?.status === 401) return null;
        throw error;
      }
    },
  });
}
