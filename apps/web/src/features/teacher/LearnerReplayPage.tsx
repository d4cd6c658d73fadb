/**
 * /teacher/learners/:id?class=:classId: the replay of a learner's history. A scrubber steps or plays
 * through the stream; beside the timeline, the learner's figures, per-lesson accuracy and open
 * error-book items as they were at the scrubbed moment, and a small chart of XP and accuracy.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { LearnerEvent, LearnerFigures, LearnerState } from '@wenyan/contracts';
import { accuracyColour, levelTitle } from '@wenyan/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { TeacherGate } from '../../components/staff/TeacherGate.tsx';
import { BackLink, EmptyState, ErrorState, ProgressBar, Spinner } from '../../components/states.tsx';
import { countLabel } from '../../lib/figures.ts';
import { lessonsQuery } from '../../lib/lessons.ts';
import { examDateLabel, shareLabel } from '../../lib/review-format.ts';
import {
  classLearnersQuery,
  failureMessage,
  learnerEventsQuery,
  learnerStateQuery,
} from '../../lib/teacher.ts';
import { dateTimeLabel, learnerName, percentLabel } from '../../lib/teacher-format.ts';
import { ReplayChart } from './ReplayChart.tsx';
import { ResetCodeCard } from './ResetCodeCard.tsx';
import { type PlayerEvent, replayPlayerMachine } from './replayPlayerMachine.ts';
import { Timeline } from './Timeline.tsx';
import { chartSeries, eventAt } from './timeline.ts';

const EMPTY_FIGURES: LearnerFigures = { totalXP: 0, level: 1, streakDays: 0, accuracy: null };
const TONE = { green: 'jade', yellow: 'gold', red: 'seal' } as const;

/** The value after it stopped changing for `ms` (the state is fetched for where the scrubber rests). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The scrubber's glyphs as shapes (the symbol characters are missing from many fonts). */
const GLYPHS = {
  start: 'M6 5h2v14H6zM19 5v14L9 12z',
  back: 'M17 5v14L7 12z',
  play: 'M7 5v14l12-7z',
  pause: 'M7 5h4v14H7zM13 5h4v14h-4z',
  forward: 'M7 5v14l10-7z',
  end: 'M16 5h2v14h-2zM5 5v14l10-7z',
} as const;

function Glyph({ name }: { name: keyof typeof GLYPHS }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={GLYPHS[name]} fill="currentColor" />
    </svg>
  );
}

/** A scrubber button named by its label alone (the glyph is hidden from screen readers). */
function StepButton({
  glyph,
  label,
  testId,
  onClick,
}: {
  glyph: keyof typeof GLYPHS;
  label: string;
  testId?: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className="btn btn-sm" onClick={onClick} aria-label={label} data-testid={testId}>
      <Glyph name={glyph} />
    </button>
  );
}

function Figures({ figures }: { figures: LearnerFigures }) {
  return (
    <dl className="tc-figures">
      <div className="tc-figure tc-figure-gold">
        <dt>經驗值</dt>
        <dd data-testid="replay-xp">{countLabel(figures.totalXP)}</dd>
      </div>
      <div className="tc-figure">
        <dt>等級</dt>
        <dd data-testid="replay-level">
          Lv {figures.level} <span className="tc-figure-note">{levelTitle(figures.level)}</span>
        </dd>
      </div>
      <div className="tc-figure tc-figure-flame">
        <dt>連續學習</dt>
        <dd data-testid="replay-streak">{figures.streakDays} 天</dd>
      </div>
      <div className="tc-figure">
        <dt>整體準確率</dt>
        <dd data-testid="replay-accuracy">{percentLabel(figures.accuracy)}</dd>
      </div>
    </dl>
  );
}

function LessonAccuracy({ state, title }: { state: LearnerState; title: (id: number) => string }) {
  const answered = state.lessons.filter((l) => l.questionsCompleted > 0);
  return (
    <section className="card tc-panel" aria-label="各課準確率">
      <h2 className="tc-panel-title">各課準確率</h2>
      {answered.length === 0 ? (
        <p className="muted tc-small">此時尚未作答任何題目。</p>
      ) : (
        <ul className="tc-lessons">
          {answered.map((lesson) => (
            <li key={lesson.lessonId}>
              <div className="row">
                <span>《{title(lesson.lessonId)}》</span>
                <span className="spacer" />
                <strong>{percentLabel(lesson.accuracy)}</strong>
              </div>
              <ProgressBar
                value={lesson.accuracy}
                label={`《${title(lesson.lessonId)}》準確率`}
                tone={TONE[accuracyColour(lesson.accuracy)]}
              />
              <p className="muted tc-small">
                進度 {lesson.progressPercent}%（已作答 {lesson.questionsCompleted}/{lesson.totalQuestions}{' '}
                題）· 獲得 {lesson.xpEarned} XP
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OpenErrors({ state, title }: { state: LearnerState; title: (id: number) => string }) {
  return (
    <section className="card tc-panel" aria-label="未掌握的錯題">
      <h2 className="tc-panel-title">未掌握的錯題（{state.openErrors.length}）</h2>
      {state.openErrors.length === 0 ? (
        <p className="muted tc-small">此時沒有未掌握的錯題。</p>
      ) : (
        <ul className="tc-errors" data-testid="replay-errors">
          {state.openErrors.map((record) => (
            <li key={record.questionId} className="tc-error">
              <p className="tc-error-question">
                <span className="badge">《{title(record.question.lessonId)}》</span> {record.question.content}
              </p>
              <p className="tc-small">
                學生答案：<span className="text-brick">{record.incorrectAnswer ?? '—'}</span> · 正確答案：
                <span className="text-jade">{record.correctAnswer}</span> · 嘗試 {record.attemptCount} 次
              </p>
              {record.userExplanation ? (
                <p className="tc-small tc-note">筆記：{record.userExplanation}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The learner's review cards at this moment (issue 21): due that day, recall then and on the exam day. */
function ReplayReviews({ state, title }: { state: LearnerState; title: (id: number) => string }) {
  const { reviews } = state;
  return (
    <section className="card tc-panel" aria-label="此刻的複習卡" data-testid="replay-reviews">
      <h2 className="tc-panel-title">
        複習卡（{reviews.cardCount}，當日到期 {reviews.dueCount}）
      </h2>
      <p className="tc-small muted">
        考試日 {examDateLabel(reviews.examDate)}，目標記得 {shareLabel(reviews.targetRecall)}
      </p>
      {reviews.cards.length === 0 ? (
        <p className="muted tc-small">此時未有複習卡。</p>
      ) : (
        <div className="tc-table-wrap">
          <table className="tc-table">
            <caption className="visually-hidden">此刻的複習卡，最早到期的排在最前</caption>
            <thead>
              <tr>
                <th scope="col">課文</th>
                <th scope="col">下次複習</th>
                <th scope="col" className="tc-num">
                  此刻記得
                </th>
                <th scope="col" className="tc-num">
                  考試日記得
                </th>
              </tr>
            </thead>
            <tbody>
              {reviews.cards.slice(0, 20).map((card) => (
                <tr key={card.questionId}>
                  <th scope="row">
                    《{title(card.lessonId)}》{card.inErrorBook ? <span className="badge">錯題</span> : null}
                  </th>
                  <td>{dateTimeLabel(card.due)}</td>
                  <td className="tc-num">{shareLabel(card.recallNow)}</td>
                  <td className="tc-num">{shareLabel(card.predictedExamRecall)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Scrubber({
  position,
  max,
  playing,
  current,
  send,
}: {
  position: number;
  max: number;
  playing: boolean;
  current: LearnerEvent | null;
  send: (event: PlayerEvent) => void;
}) {
  return (
    <section className="card tc-scrubber" aria-label="重播控制">
      <div className="tc-scrubber-row">
        <StepButton glyph="start" label="回到開頭" onClick={() => send({ type: 'scrub.start' })} />
        <StepButton
          glyph="back"
          label="上一項"
          testId="step-back"
          onClick={() => send({ type: 'scrub.step', delta: -1 })}
        />
        <button
          type="button"
          className="btn btn-sm btn-primary tc-play"
          onClick={() => send({ type: 'play.toggle' })}
          aria-label={playing ? '暫停' : '播放'}
          aria-pressed={playing}
        >
          <Glyph name={playing ? 'pause' : 'play'} />
          {playing ? '暫停' : '播放'}
        </button>
        <StepButton
          glyph="forward"
          label="下一項"
          testId="step-forward"
          onClick={() => send({ type: 'scrub.step', delta: 1 })}
        />
        <StepButton glyph="end" label="跳到最新" onClick={() => send({ type: 'scrub.end' })} />
      </div>
      <input
        type="range"
        className="tc-range"
        min={0}
        max={max}
        step={1}
        value={position}
        aria-label="紀錄位置"
        aria-valuetext={`第 ${position} 項，共 ${max} 項`}
        onChange={(e) => send({ type: 'scrub.set', position: Number(e.target.value) })}
        data-testid="scrubber"
      />
      <p className="tc-scrubber-caption line-clamp" aria-live="polite" data-testid="scrubber-caption">
        <strong>
          第 {position} / {max} 項
        </strong>
        {current ? (
          <>
            {' '}
            · {dateTimeLabel(current.recordedAt)} · {current.summary}
          </>
        ) : (
          ' · 尚未開始學習'
        )}
      </p>
    </section>
  );
}

function Replay({ learnerId, classId }: { learnerId: string; classId: string | null }) {
  const head = useQuery(learnerStateQuery(learnerId, null));
  const events = useInfiniteQuery(learnerEventsQuery(learnerId));
  const lessons = useQuery(lessonsQuery);
  const classmates = useQuery({ ...classLearnersQuery(classId ?? ''), enabled: classId !== null });
  const [snapshot, send] = useMachine(replayPlayerMachine, { input: {} });
  const { position, max } = snapshot.context;
  const playing = snapshot.matches('playing');

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const all = useMemo(() => events.data?.pages.flatMap((p) => p.items) ?? [], [events.data]);
  const headVersion = head.data?.at.version ?? 0;
  useEffect(() => {
    send({ type: 'bounds.set', max: headVersion });
  }, [headVersion, send]);

  const settled = useSettled(position, playing ? 0 : 150);
  const moment = useQuery({
    ...learnerStateQuery(learnerId, settled),
    enabled: head.isSuccess && max === headVersion,
  });
  const series = useMemo(() => chartSeries(all), [all]);

  const title = (id: number) => lessons.data?.find((l) => l.id === id)?.title ?? `第 ${id} 課`;
  const learner = classmates.data?.find((l) => l.id === learnerId);
  const name = learner ? learnerName(learner) : '學生';
  const back = classId ? `/teacher/classes/${classId}` : '/teacher';

  const header = (
    <>
      <BackLink to={back} label={classId ? '返回班別' : '我的班別'} />
      <header className="page-header">
        <div>
          <h1 className="page-title">{name}的學習紀錄</h1>
          <p className="page-subtitle">逐項重播學生的學習過程，查看每個時刻的進度。</p>
        </div>
      </header>
      <ResetCodeCard learnerId={learnerId} name={name} />
    </>
  );

  if (head.isPending || events.isPending) {
    return (
      <main className="page tc-page">
        {header}
        <Spinner label="正在載入學習紀錄..." />
      </main>
    );
  }
  if (head.isError || events.isError) {
    const error = head.error ?? events.error;
    return (
      <main className="page tc-page">
        {header}
        <ErrorState
          message={failureMessage(error, '找不到此學生。')}
          onRetry={() => {
            void head.refetch();
            void events.refetch();
          }}
        />
      </main>
    );
  }
  if (headVersion === 0) {
    return (
      <main className="page tc-page">
        {header}
        <EmptyState title="此學生尚未有學習紀錄">
          <p className="muted">學生開始練習後，這裏會顯示每一項紀錄。</p>
        </EmptyState>
      </main>
    );
  }

  const current = eventAt(all, position);
  // The figures right after the scrubbed event come with the event; before the events load, from the state.
  const figures =
    position === 0
      ? EMPTY_FIGURES
      : current?.version === position
        ? current.stateAfter
        : (moment.data?.totals ?? EMPTY_FIGURES);
  const state = moment.data;

  return (
    <main className="page tc-page" data-testid="teacher-replay">
      {header}
      <Scrubber position={position} max={max} playing={playing} current={current} send={send} />
      {isFetchingNextPage || hasNextPage ? (
        <p className="muted tc-small" role="status">
          已載入 {all.length} / {headVersion} 項紀錄...
        </p>
      ) : null}
      <div className="tc-replay">
        <div className="tc-replay-side">
          <section className="card tc-panel" aria-label="此刻的學習狀況">
            <Figures figures={figures} />
            <ReplayChart series={series} position={position} max={max} />
          </section>
          {state ? (
            <>
              <LessonAccuracy state={state} title={title} />
              <OpenErrors state={state} title={title} />
              <ReplayReviews state={state} title={title} />
            </>
          ) : moment.isError ? (
            <ErrorState message={failureMessage(moment.error)} onRetry={() => moment.refetch()} />
          ) : (
            <Spinner />
          )}
        </div>
        <Timeline
          events={all}
          currentVersion={current?.version ?? 0}
          lessonTitle={title}
          playing={playing}
          onPick={(version) => send({ type: 'scrub.set', position: version })}
        />
      </div>
    </main>
  );
}

export function LearnerReplayPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <TeacherGate>
      <Replay key={id} learnerId={id} classId={search.get('class')} />
    </TeacherGate>
  );
}
