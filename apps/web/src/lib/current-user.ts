import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@wenyan/contracts';
import { HttpError } from './api.ts';
import { call } from './client.ts';
import { queryKeys } from './queryKeys.ts';
import { clearPersonalCaches } from './service-worker.ts';
import { clearSession, saveSession } from './session.ts';

const MINUTE = 60_000;

/**
 * The signed-in user; null when signed out (a 401 yields no data instead of failing). Each successful
 * fetch saves the local session record; a 401 clears it. Fresh 5 minutes, cached 30.
 */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: async (): Promise<User | null> => {
    try {
      const user = await call('getCurrentUser');
      saveSession(user);
      return user;
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) {
        clearSession();
        // Signed out (or the session expired): nothing of the last learner stays for offline use.
        void clearPersonalCaches().catch(() => undefined);
        return null;
      }
      throw err;
    }
  },
  staleTime: 5 * MINUTE,
  gcTime: 30 * MINUTE,
});

/** The signed-in user (the shell shows the login page to everyone else). */
export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
