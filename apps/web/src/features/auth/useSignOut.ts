import { useQueryClient } from '@tanstack/react-query';
import { LOGOUT_PATH } from '@wenyan/contracts/light';
import { useCallback } from 'react';
import { call } from '../../lib/client.ts';
import { clearPersonalCaches } from '../../lib/service-worker.ts';
import { clearSession } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';

/** Spec part 2 §9: the browser goes to the logout endpoint 500 ms after the toast. */
export const LOGOUT_DELAY_MS = 500;

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
    clearSession();
    void clearPersonalCaches();
    const ended = call('logout').catch(() => null);
    window.setTimeout(() => {
      queryClient.clear();
      void ended.then(() => window.location.assign(LOGOUT_PATH));
    }, LOGOUT_DELAY_MS);
  }, [queryClient]);
}
