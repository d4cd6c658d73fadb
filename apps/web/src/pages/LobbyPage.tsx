import { useQuery } from '@tanstack/react-query';
import type { Lesson } from '@wenyan/contracts';
import { lessonProgressPercent, readingMinutes } from '@wenyan/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { lessonsQuery } from '../lib/queries.ts';

const DIFFICULTY_LABEL: Record<Lesson['difficulty'], string> = {
  beginner: '初級',
  intermediate: '中級',
  advanced: '高級',
};

function LessonCard({ lesson, questionsCompleted }: { lesson: Lesson; questionsCompleted: number }) {
  const progress = lessonProgressPercent(questionsCompleted);
  return (
    <article className="card lesson-card" data-testid="lesson-card">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <h2>{lesson.title}</h2>
        <span className="badge">{DIFFICULTY_LABEL[lesson.difficulty]}</span>
      </div>
      <div className="meta">
        <span>{lesson.author}</span>
        <span>{lesson.era}</span>
        <span>{lesson.characterCount} 字</span>
        <span>約 {readingMinutes(lesson.characterCount)} 分鐘</span>
      </div>
      {lesson.description ? <p>{lesson.description}</p> : null}
      <div className="meta" style={{ justifyContent: 'space-between' }}>
        <span>學習進度</span>
        <span>{progress}%</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-valuenow={progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="學習進度"
      >
        <span style={{ width: `${progress}%` }} />
      </div>
      <div style={{ marginTop: 12 }}>
        <Link className="btn btn-primary" to={`/lesson/${lesson.id}/types`}>
          進入課程
        </Link>
      </div>
    </article>
  );
}

/** The lobby: the shelf of the sixteen set texts. */
export function LobbyPage() {
  const lessons = useQuery(lessonsQuery);
  const [era, setEra] = useState<string>('全部');
  const eras = ['全部', ...new Set((lessons.data ?? []).map((l) => l.era))];
  const shown = (lessons.data ?? []).filter((l) => era === '全部' || l.era === era);
  return (
    <main className="page">
      <h1 className="page-title">DSE 範文庫</h1>
      <fieldset className="chips">
        <legend className="visually-hidden">朝代</legend>
        {eras.map((e) => (
          <button key={e} type="button" className="chip" aria-pressed={era === e} onClick={() => setEra(e)}>
            {e}
          </button>
        ))}
      </fieldset>
      {lessons.isPending ? (
        <p className="muted">載入課程中...</p>
      ) : lessons.isError ? (
        <div className="card">
          <p>未能載入課程。</p>
          <button type="button" className="btn" onClick={() => lessons.refetch()}>
            重試
          </button>
        </div>
      ) : (
        <div className="grid">
          {shown.map((lesson) => (
            <LessonCard key={lesson.id} lesson={lesson} questionsCompleted={0} />
          ))}
        </div>
      )}
    </main>
  );
}
