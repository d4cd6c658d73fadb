/**
 * /error-questions: the error book by lesson, with filters by lesson and difficulty and items that
 * expand to their detail.
 */
import { useQuery } from '@tanstack/react-query';
import type { Difficulty, ErrorQuestionRecord } from '@wenyan/contracts';
import { DIFFICULTIES } from '@wenyan/contracts/light';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { choicesOf, SelectField } from '../../components/fields.tsx';
import { EmptyState, LoadingState, PageHeader } from '../../components/page.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { SignedIn } from '../../components/SignedIn.tsx';
import { lessonsQuery } from '../../lib/lessons.ts';
import { QUESTION_TYPE_LABELS } from '../../lib/question-types.ts';
import { reviewPath } from '../../lib/reviews.ts';
import { ErrorStatsCards, isOpen, MasteryBadge } from './ErrorBookPage.tsx';
import { DIFFICULTY_LABELS, type ErrorBook, ErrorDetail, useErrorBook } from './errorBook.tsx';

export function ErrorQuestionsPage() {
  return <SignedIn>{(user) => <ErrorQuestions userId={user.id} />}</SignedIn>;
}

/** Records grouped by lesson id, lessons in ascending order. */
export function groupByLesson(
  records: readonly ErrorQuestionRecord[],
): Array<[number, ErrorQuestionRecord[]]> {
  const groups = new Map<number, ErrorQuestionRecord[]>();
  for (const record of records) {
    const lessonId = record.question.lessonId;
    groups.set(lessonId, [...(groups.get(lessonId) ?? []), record]);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b);
}

function ErrorQuestions({ userId }: { userId: string }) {
  const book = useErrorBook(userId);
  const lessons = useQuery(lessonsQuery);
  const [lesson, setLesson] = useState<number | 'all'>('all');
  const [difficulty, setDifficulty] = useState<Difficulty | 'all'>('all');
  const records = book.records.data ?? [];
  const filtered = records.filter(
    (r) =>
      (lesson === 'all' || r.question.lessonId === lesson) &&
      (difficulty === 'all' || (r.difficulty ?? r.question.difficulty) === difficulty),
  );
  const titleOf = (id: number) => lessons.data?.find((l) => l.id === id)?.title ?? `第 ${id} 課`;
  const lessonIds = [...new Set(records.map((r) => r.question.lessonId))].sort((a, b) => a - b);

  return (
    <main className="page error-book" data-testid="error-questions-page">
      <PageHeader title="錯題重溫" back="/" backLabel="返回主頁">
        <Link className="btn btn-sm" to="/error-book">
          錯題簿
        </Link>
      </PageHeader>
      <ErrorStatsCards book={book} />
      {records.some((r) => r.isActive) ? (
        <Link
          className="btn btn-primary btn-block eb-drill"
          to={reviewPath.errorBook}
          data-testid="error-drill"
        >
          練習錯題（{records.filter((r) => r.isActive).length} 題）
        </Link>
      ) : null}
      <div className="eb-filters">
        <SelectField
          id="eb-lesson"
          label="課文"
          value={lesson}
          all={{ value: 'all', label: '全部課文' }}
          choices={choicesOf(lessonIds, titleOf)}
          onChange={(value) => setLesson(value === 'all' ? 'all' : Number(value))}
        />
        <SelectField
          id="eb-difficulty"
          label="難度"
          value={difficulty}
          all={{ value: 'all', label: '全部難度' }}
          choices={choicesOf(DIFFICULTIES, (d) => DIFFICULTY_LABELS[d])}
          onChange={(value) => setDifficulty(value as Difficulty | 'all')}
        />
      </div>
      <QueryBoundary
        query={book.records}
        loading={<LoadingState label="載入錯題中..." />}
        isEmpty={() => records.length === 0}
        empty={
          <EmptyState title="暫時沒有錯題">
            <p className="muted">答錯的題目會自動收錄在這裏。</p>
            <Link className="btn" to="/">
              去練習
            </Link>
          </EmptyState>
        }
      >
        {() => (
          <>
            {filtered.length === 0 ? (
              <EmptyState title="沒有符合篩選條件的錯題">
                <button
                  type="button"
                  className="btn"
                  onClick={() => {
                    setLesson('all');
                    setDifficulty('all');
                  }}
                >
                  清除篩選
                </button>
              </EmptyState>
            ) : (
              groupByLesson(filtered).map(([lessonId, group]) => (
                <section key={lessonId} className="eb-group" data-testid="error-group">
                  <h2 className="p2-section-title">
                    {titleOf(lessonId)} <span className="muted">({group.length})</span>
                  </h2>
                  <ul className="eb-list">
                    {group.map((record) => (
                      <li key={record.id}>
                        <ExpandableItem record={record} book={book} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))
            )}
          </>
        )}
      </QueryBoundary>
    </main>
  );
}

function ExpandableItem({ record, book }: { record: ErrorQuestionRecord; book: ErrorBook }) {
  const [open, setOpen] = useState(false);
  const panelId = `eb-panel-${record.id}`;
  return (
    <div className={`card eb-expandable${isOpen(record) ? '' : ' is-mastered'}`} data-testid="error-item">
      <button
        type="button"
        className="eb-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span className="row eb-item-head">
          <span className="badge">{QUESTION_TYPE_LABELS[record.question.type]}</span>
          <MasteryBadge record={record} />
          <span className="spacer" />
          <span aria-hidden="true" className="eb-chevron">
            {open ? '▲' : '▼'}
          </span>
        </span>
        <span className="eb-item-content line-clamp">{record.question.content}</span>
      </button>
      {open ? (
        <div id={panelId}>
          <ErrorDetail record={record} book={book} />
        </div>
      ) : null}
    </div>
  );
}
