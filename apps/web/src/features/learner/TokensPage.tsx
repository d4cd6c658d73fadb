import { Link } from 'react-router-dom';
import { EmptyState, PageHeader } from '../../components/page.tsx';

/** /tokens: a placeholder until the feature opens (spec part 2 §2). */
export function TokensPage() {
  return (
    <main className="page" data-testid="tokens-page">
      <PageHeader title="代幣" back="/" backLabel="返回主頁" />
      <EmptyState title="此功能尚未開放">
        <p className="muted">敬請期待。</p>
        <Link className="btn" to="/">
          返回主頁
        </Link>
      </EmptyState>
    </main>
  );
}
