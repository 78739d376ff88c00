import { useQuery } from '@tanstack/react-query';
import { getJson, httpStatusOf } from '../api/http';
import type { User } from '../api/schema';

/** The signed-in user, or null when signed out (a 401 is an answer here, not an error). */
export function useUser() {
  return useQuery({
    queryKey: ['/api/auth/user'],
    queryFn: async () => {
      try {
        return await getJson<User>('/api/auth/user');
      } catch (error) {
        if (httpStatusOf(error) === 401) return null;
        throw error;
      }
    },
  });
}
