import { useQuery } from '@tanstack/react-query';
import type { ExerciseType, SentencePatternId, User, VocabularyRecord } from '@wenyan/contracts';
import { minutesFromSeconds } from '@wenyan/domain';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { BrainIcon, CheckIcon } from '../../components/icons.tsx';
import { TitleWithSubtitle } from '../../components/page.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { BackLink, Skeletons, Spinner } from '../../components/states.tsx';
import { currentUserQuery } from '../../lib/current-user.ts';
import {
  mixedLessonsQuery,
  sentencePatternQuestionsQuery,
  sentencePatternsQuery,
  vocabularyLessonsQuery,
  vocabularyRecordsQuery,
  vocabularyStatsQuery,
} from './api.ts';
import { WORD_QUIZ_CONFIG } from './config.ts';
import './vocabulary.css';

const AdaptiveQuiz = lazy(async () => ({
  default: (await import('../../components/quiz/AdaptiveQuiz.tsx')).AdaptiveQuiz,
}));

/** True when a record matches the exercise type and id (spec part 1 §4). */
export function isCompleted(
  records: readonly VocabularyRecord[] | undefined,
  exerciseType: ExerciseType,
  exerciseId: number,
): boolean {
  return (records ?? []).some((r) => r.exerciseType === exerciseType && r.exerciseId === String(exerciseId));
}

function DoneMark() {
  return (
    <span className="done-mark" data-testid="done-mark">
      <CheckIcon size={16} />
      <span>已完成</span>
    </span>
  );
}

/**
 * A quiz's card: the whole card starts the quiz (spec) unless it has no questions; its button is the
 * keyboard and screen-reader way in, 「開始練習」 until done, then `againLabel`.
 */
function StartCard({
  testId,
  enabled,
  done,
  againLabel,
  onStart,
  head,
  body,
  footer,
}: {
  testId: string;
  enabled: boolean;
  done: boolean;
  againLabel: string;
  onStart: () => void;
  head: ReactNode;
  body: ReactNode;
  footer: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the card's button handles keyboard use
    <article
      className={`card vocab-card${enabled ? ' is-clickable' : ''}`}
      data-testid={testId}
      onClick={() => {
        if (enabled) onStart();
      }}
    >
      <div className="vocab-card-head">{head}</div>
      <p className="muted">{body}</p>
      <div className="row">
        {footer}
        <span className="spacer" />
        <button
          type="button"
          className={`btn ${done ? '' : 'btn-primary'}`}
          onClick={(event) => {
            event.stopPropagation();
            onStart();
          }}
          disabled={!enabled}
        >
          {done ? againLabel : '開始練習'}
        </button>
      </div>
    </article>
  );
}

function StatsCard({ user }: { user: User }) {
  const stats = useQuery(vocabularyStatsQuery(user.id));
  const s = stats.data ?? { totalExercises: 0, averageScore: 0, totalTimeSpent: 0 };
  return (
    <section className="card vocab-stats" aria-labelledby="vocab-stats-title">
      <h2 id="vocab-stats-title" className="card-title">
        練習統計
      </h2>
      <dl className="stat-row">
        <div>
          <dt>完成練習</dt>
          <dd data-testid="stat-exercises">{stats.isPending ? '–' : s.totalExercises}</dd>
        </div>
        <div>
          <dt>平均分數</dt>
          <dd>{stats.isPending ? '–' : `${Math.round(s.averageScore ?? 0)}%`}</dd>
        </div>
        <div>
          <dt>練習時間</dt>
          <dd>{stats.isPending ? '–' : `${minutesFromSeconds(s.totalTimeSpent)} 分鐘`}</dd>
        </div>
      </dl>
    </section>
  );
}

type Selection = { lessonId: number; title: string } | null;
type PatternSelection = { id: SentencePatternId; title: string } | null;

/** A 句式 session in the quiz's flow: its questions from several texts; its end records no exercise. */
function SentencePatternQuiz({
  user,
  pattern,
  onDone,
}: {
  user: User;
  pattern: NonNullable<PatternSelection>;
  onDone: () => void;
}) {
  const questions = useQuery(sentencePatternQuestionsQuery(pattern.id));
  return (
    <QueryBoundary query={questions} loading={<Spinner label="載入題目中..." />}>
      {(loaded) => (
        <AdaptiveQuiz
          lessonId={0}
          user={user}
          preloadedQuestions={loaded}
          config={{ type: 'sentence_translation', questionCount: loaded.length, characterThreshold: 900 }}
          record={false}
          title={pattern.title}
          onExit={onDone}
          onContinue={onDone}
        />
      )}
    </QueryBoundary>
  );
}

/**
 * The vocabulary home (/vocabulary): quick practice, stats, mixed units and per-text practice. Choosing a
 * lesson or a mixed unit opens the word quiz in place (no route change); finishing or exiting returns.
 */
export function VocabularyHome() {
  const user = useQuery(currentUserQuery).data;
  const lessons = useQuery(vocabularyLessonsQuery);
  const mixed = useQuery(mixedLessonsQuery);
  const records = useQuery({ ...vocabularyRecordsQuery(user?.id ?? ''), enabled: Boolean(user) });
  const [selection, setSelection] = useState<Selection>(null);
  const [pattern, setPattern] = useState<PatternSelection>(null);
  const patterns = useQuery(sentencePatternsQuery);

  if (!user) return null;
  if (pattern) {
    return (
      <main className="page quiz-page">
        <Suspense fallback={<Spinner />}>
          <SentencePatternQuiz user={user} pattern={pattern} onDone={() => setPattern(null)} />
        </Suspense>
      </main>
    );
  }
  if (selection) {
    const back = () => setSelection(null);
    return (
      <main className="page quiz-page">
        <Suspense fallback={<Spinner />}>
          <AdaptiveQuiz
            key={selection.lessonId}
            lessonId={selection.lessonId}
            user={user}
            config={WORD_QUIZ_CONFIG}
            title={`詞語解釋練習 · ${selection.title}`}
            onExit={back}
            onContinue={back}
          />
        </Suspense>
      </main>
    );
  }

  const teacher = user.roles.includes('teacher') || user.roles.includes('admin');
  return (
    <main className="page vocabulary">
      <BackLink to="/" label="返回主頁" />
      <TitleWithSubtitle title="詞意練習" subtitle="透過練習提升文言詞彙理解能力">
        {teacher ? (
          <Link className="btn btn-sm" to="/vocabulary/add">
            新增題目
          </Link>
        ) : null}
      </TitleWithSubtitle>

      <section className="card quick-card" aria-labelledby="quick-title">
        <span className="quick-icon">
          <BrainIcon />
        </span>
        <div className="quick-text">
          <h2 id="quick-title" className="card-title">
            快速練習
          </h2>
          <p className="muted">系統會智能挑選適合你的詞語練習</p>
        </div>
        <Link className="btn btn-primary" to="/vocabulary/quick-practice">
          開始練習
        </Link>
      </section>

      <StatsCard user={user} />

      {/* The three lists draw together once all have arrived (they load side by side): drawn one by one,
          each pushed the ones below it down (a layout shift of 0.08 on a phone). */}
      {mixed.isPending || patterns.isPending || lessons.isPending ? (
        <Skeletons count={3} height={110} />
      ) : (
        <>
          <h2 className="section-title">混合練習</h2>
          <p className="muted section-lead">每個單元 10 題，題目來自不同課文。</p>
          <div className="grid">
            {(mixed.data ?? []).map((m) => {
              const done = isCompleted(records.data, 'mixed_session', m.sessionId);
              return (
                <StartCard
                  key={m.id}
                  testId="mixed-card"
                  enabled
                  done={done}
                  againLabel="再次練習"
                  onStart={() => setSelection({ lessonId: -m.sessionId, title: m.title })}
                  head={
                    <>
                      <h3>{m.title}</h3>
                      <span className="badge">{m.questionCount} 題</span>
                    </>
                  }
                  body={m.description}
                  footer={done ? <DoneMark /> : null}
                />
              );
            })}
          </div>

          <h2 className="section-title">句式練習</h2>
          <p className="muted section-lead">判斷、被動、賓語前置、省略、倒裝：每種句式的題目來自不同課文。</p>
          <div className="grid">
            {(patterns.data ?? []).map((p) => (
              <article key={p.id} className="card vocab-card" data-testid="pattern-card">
                <div className="vocab-card-head">
                  <h3>{p.title}</h3>
                  <span className="badge">{p.questionCount} 題</span>
                </div>
                <p className="muted">{p.description}</p>
                <div className="row">
                  <span className="spacer" />
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={p.questionCount === 0}
                    onClick={() => setPattern({ id: p.id, title: p.title })}
                    aria-label={`開始練習：${p.title}`}
                  >
                    開始練習
                  </button>
                </div>
              </article>
            ))}
          </div>

          <h2 className="section-title">分課詞語練習</h2>
          <div className="grid">
            {(lessons.data ?? []).map((l) => {
              const done = isCompleted(records.data, 'lesson_specific', l.id);
              return (
                <StartCard
                  key={l.id}
                  testId="vocab-lesson-card"
                  enabled={l.questionCount > 0}
                  done={done}
                  againLabel="重溫練習"
                  onStart={() => setSelection({ lessonId: l.id, title: l.title })}
                  head={
                    <>
                      <h3 className="classical-title">{l.title}</h3>
                      {done ? <DoneMark /> : null}
                    </>
                  }
                  body={`${l.author} · ${l.era}`}
                  footer={<span className="muted">共 {l.questionCount} 題</span>}
                />
              );
            })}
          </div>
        </>
      )}
    </main>
  );
}
