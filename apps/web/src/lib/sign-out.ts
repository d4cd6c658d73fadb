import { useQueryClient } from '@tanstack/react-query';
import { LOGOUT_PATH } from '@wenyan/contracts/light';
import { useCallback } from 'react';
import { offlineResults } from './answers/offlineResults.ts';
import { call } from './client.ts';
import { currentUserQuery } from './current-user.ts';
import { clearPersonalCaches } from './service-worker.ts';
import { clearSession } from './session.ts';
import { notify } from './toast.ts';

/** Spec part 2 §9: the browser goes to the logout endpoint 500 ms after the toast. */
export const LOGOUT_DELAY_MS = 500;

/**
 * Forgets on this device what was the learner's own (issue 40: another learner may use the same phone):
 * the local session record, the service worker's personal caches (who is signed in, their question sets,
 * their error book and reviews) and the list of their offline verdicts. The texts stay cached. Answers
 * still waiting to be sent stay too: they are the learner's work, sent when they next sign in.
 */
export async function forgetLearnerOnDevice(userId: string | null | undefined): Promise<void> {
  clearSession();
  if (userId) offlineResults.clear(userId);
  await clearPersonalCaches();
}

/**
 * Sign-out as spec part 2 §4 describes it: a 'logging out...' toast, the cache and the local session
 * cleared, the session ended with POST /api/auth/logout (the same-origin check every browser's fetch
 * passes), and after 500 ms the browser navigates to /api/logout, which signs out only a navigation
 * that shows it came from this site (the page sends no Referer).
 */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    notify({ title: '正在登出...', description: '正在處理您的登出請求' });
    const forgotten = forgetLearnerOnDevice(queryClient.getQueryData(currentUserQuery.queryKey)?.id);
    const ended = call('logout').catch(() => null);
    window.setTimeout(() => {
      queryClient.clear();
      // Once more after the session ended: a read still in flight at sign-out may have refilled a cache.
      void Promise.all([ended, forgotten.catch(() => undefined)])
        .then(() => clearPersonalCaches().catch(() => undefined))
        .then(() => window.location.assign(LOGOUT_PATH));
    }, LOGOUT_DELAY_MS);
  }, [queryClient]);
}
