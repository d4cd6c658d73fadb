import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useDeferredValue, useEffect, useLayoutEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { OfflineStatus } from '../../components/answers/OfflineStatus.tsx';
import { RouteErrorBoundary } from '../../components/RouteErrorBoundary.tsx';
import { ErrorState, Spinner } from '../../components/states.tsx';
import { LoginPage } from '../../features/auth/LoginPage.tsx';
import { currentUserQuery } from '../../lib/current-user.ts';
import { applyTheme, darkModeAtom } from '../../lib/preferences.ts';
import { clearSession, isSessionExpired, readSession, touchActivity } from '../../lib/session.ts';
import { TOAST_DURATION_MS } from '../../lib/toast.ts';
import { BottomNav } from './BottomNav.tsx';
import { Header } from './Header.tsx';
import './shell.css';

const FirstPasswordPage = lazy(async () => ({
  default: (await import('../../features/classroom/FirstPasswordPage.tsx')).FirstPasswordPage,
}));

const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'scroll', 'touchstart'] as const;
const ACTIVITY_THROTTLE_MS = 30_000;

/** Refreshes the local session's last activity on mouse, key, scroll and touch events while signed in. */
function useActivityRefresh(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      touchActivity(now);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [signedIn]);
}

/** Keeps <html class="dark"> in step with the stored preference (index.html set it before first paint). */
function useThemeClass() {
  const dark = useAtomValue(darkModeAtom);
  useLayoutEffect(() => applyTheme(dark), [dark]);
}

/** An expired local record is dropped at start (the server's cookie still decides who is signed in). */
function dropExpiredSession() {
  const record = readSession();
  if (record && isSessionExpired(record, Date.now())) clearSession();
}
dropExpiredSession();

/** sonner's toaster, loaded after the first paint (it is not needed to show the first screen). */
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

function Toasts() {
  const dark = useAtomValue(darkModeAtom);
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        hotkey={['F8']}
        theme={dark ? 'dark' : 'light'}
        richColors
        closeButton
        toastOptions={{ className: 'toast' }}
      />
    </Suspense>
  );
}

/**
 * The signed-in layout: header, page, bottom navigation, toasts. Signed-out visitors see the login page
 * on every path; while the session loads, the login page shows its spinner.
 */
export function AppShell() {
  const read = useQuery(currentUserQuery);
  // The shell is drawn from deferred copies of the session read: its answer re-renders at once and in
  // one task (React cannot slice a store's update), and the whole signed-in app (header, screen, bottom
  // navigation) mounts in the deferred render that follows, which React slices and yields between (on a
  // slow phone it was one task of about 100 ms; Lighthouse counts each task's time over 50 ms as blocking).
  const user = { status: useDeferredValue(read.status), data: useDeferredValue(read.data) };
  useThemeClass();
  useActivityRefresh(Boolean(user.data));

  let body: React.ReactNode;
  if (user.status === 'pending') body = <LoginPage loading />;
  else if (user.status === 'error') {
    body = (
      <main className="page">
        <ErrorState message="未能連接伺服器，請稍後再試。" onRetry={() => read.refetch()} />
      </main>
    );
  } else if (!user.data) body = <LoginPage />;
  else if (user.data.mustChangePassword) {
    // An account a teacher made for a class: nothing else works until it has its own password.
    body = (
      <Suspense fallback={<Spinner />}>
        <FirstPasswordPage />
      </Suspense>
    );
  } else {
    body = (
      <div className="app">
        <a href="#main" className="skip-link">
          跳至主要內容
        </a>
        <Header user={user.data} />
        <OfflineStatus userId={user.data.id} />
        <div id="main" className="app-main" tabIndex={-1}>
          <RouteErrorBoundary>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </div>
        <BottomNav />
      </div>
    );
  }
  return (
    <>
      {body}
      <Toasts />
    </>
  );
}
