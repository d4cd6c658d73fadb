import { useQuery } from '@tanstack/react-query';
import type { Lesson } from '@wenyan/contracts';
import { Link, useParams } from 'react-router-dom';
import { BackLink, EmptyState, ErrorState, Spinner } from '../../components/states.tsx';
import { lessonQuery, lessonsQuery } from '../library/api.ts';
import './passage.css';

function Passage({ lesson }: { lesson: Lesson }) {
  return (
    <article className="passage">
      <header className="passage-head">
        <h1 className="passage-title">{lesson.title}</h1>
        <p className="muted">
          {lesson.author} · {lesson.era}
        </p>
        <div className="row">
          <span className="badge">{lesson.characterCount} 字</span>
          <span className="badge">{lesson.category}</span>
        </div>
      </header>
      <div className="card passage-text classical" lang="zh-Hant">
        {lesson.content.split(/\n+/).map((paragraph, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      <div className="passage-actions">
        <Link className="btn btn-primary" to={`/lesson/${lesson.id}/roadmap`}>
          開始學習
        </Link>
        <Link className="btn" to="/library">
          返回文庫
        </Link>
      </div>
    </article>
  );
}

function Missing({ message }: { message: string }) {
  return (
    <EmptyState title={message}>
      <Link className="btn" to="/library">
        返回文庫
      </Link>
    </EmptyState>
  );
}

/** From the lesson list (no source, or source "library"): a missing id is "文章不存在". */
function FromLibrary({ id }: { id: number }) {
  const lessons = useQuery(lessonsQuery);
  if (lessons.isPending) return <Spinner label="載入文章中..." />;
  if (lessons.isError) return <ErrorState onRetry={() => lessons.refetch()} />;
  const lesson = lessons.data.find((l) => l.id === id);
  return lesson ? <Passage lesson={lesson} /> : <Missing message="文章不存在" />;
}

/** Any other source loads one lesson: a missing one is "課程不存在". */
function FromLesson({ id }: { id: number }) {
  const lesson = useQuery(lessonQuery(id));
  if (!(id > 0)) return <Missing message="課程不存在" />;
  if (lesson.isPending) return <Spinner label="載入課程中..." />;
  if (lesson.isError) return <ErrorState onRetry={() => lesson.refetch()} />;
  return lesson.data ? <Passage lesson={lesson.data} /> : <Missing message="課程不存在" />;
}

/** The passage page: /passage/:id, /passage/:source/:id and /passage-text/:id. */
export function PassagePage() {
  const { id, source } = useParams();
  const lessonId = Number(id);
  return (
    <main className="page">
      <BackLink to="/library" label="返回文庫" />
      {source === undefined || source === 'library' ? (
        <FromLibrary id={lessonId} />
      ) : (
        <FromLesson id={lessonId} />
      )}
    </main>
  );
}
