/**
 * /mindmap: the mind maps of the sixteen set texts, one card per passage, and the comparisons of texts
 * teachers set side by side (each opens on the first text's mind map, at the comparison).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LoadingState, PageHeader } from '../../components/page.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { lessonsQuery } from '../../lib/lessons.ts';
import { CI_GROUP_LESSON_IDS, comparisons, mindMapFor } from './data.ts';
import './mindmap.css';

export function MindMapIndexPage() {
  const lessons = useQuery(lessonsQuery);
  return (
    <main className="page" data-testid="mindmap-index">
      <PageHeader title="心智圖" back="/" backLabel="返回主頁" />
      <p className="muted">以思維導圖整理每篇範文的內容、情感、主題和寫作手法。</p>
      <QueryBoundary
        query={lessons}
        loading={<LoadingState label="載入課文中..." />}
        isEmpty={(list) => list.length === 0}
        emptyTitle="暫時未有課文"
      >
        {(list) => (
          <div className="grid">
            {list.map((lesson) => {
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
                </Link>
              );
            })}
          </div>
        )}
      </QueryBoundary>
      <section className="card mm-compare-index" aria-labelledby="mm-compare-index-title">
        <h2 id="mm-compare-index-title">比較閱讀</h2>
        <ul>
          <li>
            <Link to={`/mindmap/passage/${CI_GROUP_LESSON_IDS[0]}`}>詞三首比較</Link>
            <span className="muted">（在三首詞的心智圖中打開任何分類即見）</span>
          </li>
          {comparisons.map((comparison) => (
            <li key={comparison.id}>
              <Link
                to={`/mindmap/passage/${comparison.lessonIds[0]}#compare-${comparison.id}`}
                data-testid="comparison-link"
              >
                {comparison.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
