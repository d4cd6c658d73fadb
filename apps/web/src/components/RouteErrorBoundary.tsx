import { type ReactNode, useEffect } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Link, useLocation } from 'react-router-dom';
import { isChunkLoadError, reloadOnceForNewVersion } from '../lib/new-version.ts';

function RouteFailure({ error, resetErrorBoundary }: FallbackProps) {
  const stale = isChunkLoadError(error);
  // A screen whose code is gone after a deploy: reload once into the new version. If that already
  // happened moments ago, the message below stays.
  useEffect(() => {
    if (stale) reloadOnceForNewVersion();
  }, [stale]);
  return (
    <main className="page">
      <div className="card state" role="alert" data-testid="route-error">
        <h1 className="state-title">{stale ? '文言通剛剛更新了' : '這一頁出了點問題'}</h1>
        <p>
          {stale
            ? '請重新載入頁面，以使用最新版本。你的進度已儲存在伺服器。'
            : '請重試；如果問題持續，請返回主頁。你的進度已儲存在伺服器。'}
        </p>
        <div className="state-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => (stale ? window.location.reload() : resetErrorBoundary())}
          >
            {stale ? '重新載入' : '重試'}
          </button>
          <Link className="btn btn-ghost" to="/" onClick={() => resetErrorBoundary()}>
            返回主頁
          </Link>
        </div>
      </div>
    </main>
  );
}

/**
 * The error boundary of every route: a screen that throws (or whose code fails to load after a
 * deploy) shows a friendly message in place of a white page, and the next route starts afresh.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary
      FallbackComponent={RouteFailure}
      resetKeys={[location.pathname]}
      onError={(error) => console.error('screen failed', error)}
    >
      {children}
    </ErrorBoundary>
  );
}
