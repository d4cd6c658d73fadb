/** /mindmap: the mind maps of the sixteen set texts, one card per passage. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../learner/ui.tsx';
import { lessonsQuery } from '../library/api.ts';
import { mindMapFor } from './data.ts';
import './mindmap.css';

export function MindMapIndexPage() {
  const lessons = useQuery(lessonsQuery);
  return (
    <main className="page" data-testid="mindmap-index">
      <PageHeader title="心智圖" back="/" backLabel="返回主頁" />
      <p className="muted">以思維導圖整理每篇範文的內容、情感、主題和寫作手法。</p>
      {lessons.isPending ? (
        <LoadingState label="載入課文中..." />
      ) : lessons.isError ? (
        <ErrorState onRetry={() => void lessons.refetch()} />
      ) : lessons.data.length === 0 ? (
        <EmptyState title="暫時未有課文" />
      ) : (
        <div className="grid">
          {lessons.data.map((lesson) => {
            const map = mindMapFor(lesson.id, lesson.title);
            return (
              <Link
                key={lesson.id}
                to={`/mindmap/passage/${lesson.id}`}
                className="card mm-index-card"
                data-testid="mindmap-card"
              >
                <span className="mm-index-title">{lesson.title}</span>
                <span className="muted mm-index-meta">
                  {lesson.author} · {lesson.era}
                </span>
                <span className="mm-index-banner">{map.banner.title}</span>
                <span className="mm-index-icons" aria-hidden="true">
                  {map.categories.map((c) => c.icon).join(' ')}
                </span>
              </Link>
            );
          })}
        </div>
      )}
    </main>
  );
}
