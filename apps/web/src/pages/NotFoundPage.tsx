/** The spec's empty fallback for unknown paths, with a way home. */
export function NotFoundPage() {
  return (
    <main className="page" data-testid="not-found">
      <p className="muted">找不到這個頁面。</p>
      <a className="btn" href="/">
        返回主頁
      </a>
    </main>
  );
}
