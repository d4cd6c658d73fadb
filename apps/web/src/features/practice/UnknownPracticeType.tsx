import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/states.tsx';

/** The page of a practice address whose lesson or question type does not exist, with the way home. */
export function UnknownPracticeType() {
  return (
    <main className="page">
      <EmptyState title="找不到這個練習類型">
        <Link className="btn" to="/">
          返回主頁
        </Link>
      </EmptyState>
    </main>
  );
}
