import { useQuery } from '@tanstack/react-query';
import { QUICK_PRACTICE, quickPracticeGuidance, quickPracticeMinutes } from '@wenyan/domain';
import { lazy, Suspense, useId, useState } from 'react';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { BackLink, Skeletons, Spinner } from '../../components/states.tsx';
import { currentUserQuery } from '../../lib/current-user.ts';
import { lessonsQuery } from '../../lib/lessons.ts';
import { toggle } from '../../lib/lists.ts';
import { WORD_QUIZ_CONFIG } from './config.ts';
import './vocabulary.css';

const AdaptiveQuiz = lazy(async () => ({
  default: (await import('../../components/quiz/AdaptiveQuiz.tsx')).AdaptiveQuiz,
}));

/** The sixteen set texts (ids 1–16) are the fixed list of quick practice. */
const SET_TEXT_COUNT = 16;

const GUIDANCE = [
  { label: '快速複習', text: '5–10 題：快速複習' },
  { label: '標準練習', text: '10–15 題：標準練習' },
  { label: '深度練習', text: '15–20 題：深度練習' },
] as const;

/**
 * Quick practice setup (/vocabulary/quick-practice): a 5–20 slider, the sixteen passages with select all
 * and clear, a confirmation card, then the word quiz in place. Finishing or exiting returns here and
 * clears the selection.
 */
export function QuickPracticePage() {
  const user = useQuery(currentUserQuery).data;
  const lessons = useQuery(lessonsQuery);
  const [count, setCount] = useState<number>(QUICK_PRACTICE.default);
  const [chosen, setChosen] = useState<number[]>([]);
  const [running, setRunning] = useState(false);
  const sliderId = useId();

  if (!user) return null;
  const passages = (lessons.data ?? []).filter((l) => l.id <= SET_TEXT_COUNT).sort((a, b) => a.id - b.id);
  const chosenTitles = passages.filter((p) => chosen.includes(p.id)).map((p) => p.title);
  const toggleChosen = (id: number) => setChosen((current) => toggle(current, id));
  const canStart = chosen.length > 0 && count > 0;

  if (running) {
    const back = () => {
      setRunning(false);
      setChosen([]);
    };
    return (
      <main className="page quiz-page">
        <Suspense fallback={<Spinner />}>
          <AdaptiveQuiz
            lessonId={0}
            lessonIds={[...chosen].sort((a, b) => a - b)}
            user={user}
            config={{ ...WORD_QUIZ_CONFIG, questionCount: count }}
            title="快速練習"
            onExit={back}
            onContinue={back}
          />
        </Suspense>
      </main>
    );
  }

  const guidance = quickPracticeGuidance(count);
  return (
    <main className="page quick-practice">
      <BackLink to="/vocabulary" label="返回詞意練習" />
      <h1 className="page-title">快速練習設定</h1>

      <section className="card">
        <div className="field">
          <label htmlFor={sliderId}>
            題目數量：<strong data-testid="count-value">{count}</strong> 題
          </label>
          <input
            id={sliderId}
            type="range"
            className="slider"
            min={QUICK_PRACTICE.min}
            max={QUICK_PRACTICE.max}
            step={QUICK_PRACTICE.step}
            value={count}
            onChange={(e) => setCount(Number(e.target.value))}
            aria-valuetext={`${count} 題`}
          />
          <div className="slider-scale" aria-hidden="true">
            <span>5</span>
            <span>10</span>
            <span>15</span>
            <span>20</span>
          </div>
        </div>
        <ul className="guidance">
          {GUIDANCE.map((g) => (
            <li key={g.label} className={g.label === guidance ? 'is-current' : ''}>
              {g.text}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="passages-title">
        <div className="row passages-head">
          <h2 id="passages-title" className="section-title">
            選擇篇章
          </h2>
          <span className="spacer" />
          <span className="muted" aria-live="polite" data-testid="chosen-count">
            已選 {chosen.length} 篇
          </span>
        </div>
        <div className="row">
          <button type="button" className="btn btn-sm" onClick={() => setChosen(passages.map((p) => p.id))}>
            全選
          </button>
          <button type="button" className="btn btn-sm" onClick={() => setChosen([])}>
            清除
          </button>
        </div>
        <QueryBoundary query={lessons} loading={<Skeletons count={4} height={52} />}>
          {() => (
            <ul className="passage-picks">
              {passages.map((p) => (
                <li key={p.id}>
                  <label className={`pick${chosen.includes(p.id) ? ' is-chosen' : ''}`}>
                    <input
                      type="checkbox"
                      checked={chosen.includes(p.id)}
                      onChange={() => toggleChosen(p.id)}
                    />
                    <span className="pick-title">{p.title}</span>
                    <span className="muted pick-author">{p.author}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </QueryBoundary>
      </section>

      {canStart ? (
        <section className="card confirm-card" aria-labelledby="confirm-title" data-testid="confirm-card">
          <h2 id="confirm-title" className="card-title">
            確認練習內容
          </h2>
          <p>
            篇章：<span className="classical-inline">{chosenTitles.join('、')}</span>
          </p>
          <p>
            題目：{count} 題 · 預計 {quickPracticeMinutes(count)} 分鐘 · {guidance}
          </p>
        </section>
      ) : (
        <p className="muted">請選擇最少一篇篇章。</p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-block start-btn"
        disabled={!canStart}
        onClick={() => setRunning(true)}
      >
        開始練習
      </button>
    </main>
  );
}
