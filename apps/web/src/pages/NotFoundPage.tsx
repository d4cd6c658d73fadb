import { Link } from 'react-router-dom';

/** The spec's empty fallback for unknown paths, with a way home. */
export function NotFoundPage() {
  return (
    <main className="page" data-testid="not-found">
      <div className="card state">
        <h1 className="state-title">找不到這個頁面</h1>
        <p className="muted">網址可能有誤，或頁面已經移除。</p>
        <Link className="btn btn-primary" to="/">
          返回主頁
        </Link>
      </div>
    </main>
  );
}
