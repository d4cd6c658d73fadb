/**
 * /memorization/next-line (上句接下句) and /memorization/miswrite (易錯字): a drill over the 名句 or
 * the often-miswritten phrases of one lesson or of all. Each answer goes to POST /api/recitations
 * (mode 'next_line' or 'miswrite', the range of the answer in the text), which marks every character;
 * the screen shows the marking, then the next item, then a summary. Enter submits and moves on; the
 * answer box and the next button take the focus in turn, so the drill needs no Tab.
 */
import { useQuery } from '@tanstack/react-query';
import type { RecitationResult } from '@wenyan/contracts';
import { seededRandom } from '@wenyan/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import famousLinesJson from '../../../../../content/data/famous-lines.json' with { type: 'json' };
import miswrittenJson from '../../../../../content/data/miswritten.json' with { type: 'json' };
import { EmptyState, LoadingState, PageHeader } from '../../components/page.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { newIdempotencyKey } from '../../lib/api.ts';
import { submitted } from '../../lib/forms.ts';
import { lessonsQuery } from '../../lib/lessons.ts';
import { finishRecitation, recallFailure, serveRecitation } from './api.ts';
import {
  type DrillItem,
  type DrillLesson,
  type DrillMode,
  miswriteItems,
  nextLineItems,
  shuffled,
} from './drills.ts';
import { MarkedRange, SendFailed } from './MarkedRange.tsx';
import { ModeNav } from './ModeNav.tsx';
import './recitation.css';

const TITLES: Record<DrillMode, string> = { next_line: '上句接下句', miswrite: '易錯字' };
const INTRO: Record<DrillMode, string> = {
  next_line: '看上句，寫出下句。',
  miswrite: '□ 是常寫錯的字：把整個詞句寫出來。',
};
/** Said only where there is a keyboard (hidden on touch phones, recitation.css). */
const KEYBOARD_HINT = '按 Enter 交答案，再按 Enter 到下一題。';
/** A drill of all lessons serves at most this many items. */
const ALL_LESSONS_ITEMS = 12;

/** /memorization/next-line */
export function NextLinePage() {
  return <DrillPage mode="next_line" />;
}

/** /memorization/miswrite */
export function MiswritePage() {
  return <DrillPage mode="miswrite" />;
}

type Answered = { item: DrillItem; written: string; result: RecitationResult };

function itemsFor(mode: DrillMode, lessons: readonly DrillLesson[], only: number | null): DrillItem[] {
  const items =
    mode === 'next_line'
      ? nextLineItems(lessons, famousLinesJson, only)
      : miswriteItems(lessons, miswrittenJson, only);
  return only === null ? shuffled(items, seededRandom(Date.now())).slice(0, ALL_LESSONS_ITEMS) : items;
}

function DrillPage({ mode }: { mode: DrillMode }) {
  const lessons = useQuery(lessonsQuery);
  const [items, setItems] = useState<DrillItem[] | null>(null);
  const [answered, setAnswered] = useState<Answered[]>([]);
  const start = (only: number | null) => {
    if (!lessons.data) return;
    setAnswered([]);
    setItems(itemsFor(mode, lessons.data, only));
  };
  const lessonOf = (id: number) => lessons.data?.find((l) => l.id === id);
  return (
    <main className="page recitation" data-testid="drill-page">
      <PageHeader title={TITLES[mode]} back="/" backLabel="返回主頁" />
      <ModeNav />
      <QueryBoundary query={lessons} loading={<LoadingState label="載入課文中..." />}>
        {(lessonList) => (
          <>
            {items === null ? (
              <ChooseLesson mode={mode} lessons={lessonList} onStart={start} />
            ) : items.length === 0 ? (
              <EmptyState title="這篇暫時未有題目">
                <button type="button" className="btn" onClick={() => setItems(null)}>
                  選擇其他篇章
                </button>
              </EmptyState>
            ) : answered.length < items.length ? (
              <DrillItemCard
                key={items[answered.length]!.key}
                item={items[answered.length]!}
                index={answered.length}
                total={items.length}
                content={lessonOf(items[answered.length]!.lessonId)?.content ?? ''}
                onNext={(done) => setAnswered((list) => [...list, done])}
              />
            ) : (
              <Summary
                mode={mode}
                answered={answered}
                onAgain={() => setAnswered([])}
                onOther={() => setItems(null)}
              />
            )}
          </>
        )}
      </QueryBoundary>
    </main>
  );
}

function ChooseLesson({
  mode,
  lessons,
  onStart,
}: {
  mode: DrillMode;
  lessons: readonly DrillLesson[];
  onStart: (only: number | null) => void;
}) {
  const [choice, setChoice] = useState('all');
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => select.current?.focus(), []);
  const counts = useMemo(
    () => new Map(lessons.map((l) => [l.id, itemsForCount(mode, lessons, l.id)])),
    [mode, lessons],
  );
  return (
    <form className="card" onSubmit={submitted(() => onStart(choice === 'all' ? null : Number(choice)))}>
      <p className="muted">
        {INTRO[mode]}
        <span className="keyboard-hint">{KEYBOARD_HINT}</span>
      </p>
      <label htmlFor="drill-lesson" className="rc-subtitle">
        篇章
      </label>
      <select
        ref={select}
        id="drill-lesson"
        className="select"
        data-testid="drill-lesson"
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
      >
        <option value="all">全部範文（隨機 {ALL_LESSONS_ITEMS} 題）</option>
        {lessons
          .filter((l) => (counts.get(l.id) ?? 0) > 0)
          .map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.title}（{counts.get(l.id)} 題）
            </option>
          ))}
      </select>
      <div className="rc-actions">
        <button type="submit" className="btn btn-primary">
          開始
        </button>
      </div>
    </form>
  );
}

function itemsForCount(mode: DrillMode, lessons: readonly DrillLesson[], id: number): number {
  return mode === 'next_line'
    ? nextLineItems(lessons, famousLinesJson, id).length
    : miswriteItems(lessons, miswrittenJson, id).length;
}

function DrillItemCard({
  item,
  index,
  total,
  content,
  onNext,
}: {
  item: DrillItem;
  index: number;
  total: number;
  content: string;
  onNext: (answered: Answered) => void;
}) {
  const [written, setWritten] = useState('');
  const [status, setStatus] = useState<'writing' | 'marking' | 'failed'>('writing');
  const [result, setResult] = useState<RecitationResult | null>(null);
  // One key per answer: resending the same answer after a failure reuses it.
  const attempt = useRef<{ written: string; key: string; startedAt: number }>({
    written: '',
    key: '',
    startedAt: performance.now(),
  });
  const box = useRef<HTMLInputElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The server's token for this item's passage: it times the written answer (issue 37).
  const served = useRef<Promise<string | undefined> | null>(null);
  useEffect(() => {
    served.current = serveRecitation(item.lessonId);
  }, [item.lessonId]);
  useEffect(() => {
    if (result) next.current?.focus();
    else box.current?.focus();
  }, [result]);
  const submit = async () => {
    if (written.trim().length === 0 || status === 'marking') return;
    if (attempt.current.written !== written || attempt.current.key === '')
      attempt.current = { ...attempt.current, written, key: newIdempotencyKey() };
    setStatus('marking');
    try {
      const token = (await served.current) ?? undefined;
      const marked = await finishRecitation(
        {
          lessonId: item.lessonId,
          start: item.range.start,
          end: item.range.end,
          mode: item.mode,
          mistakes: 0,
          durationMs: Math.min(86_400_000, Math.round(performance.now() - attempt.current.startedAt)),
          written,
          ...(token === undefined ? {} : { served: token }),
        },
        attempt.current.key,
      );
      setResult(marked);
      setStatus('writing');
    } catch (error) {
      setFailure(recallFailure(error));
      setStatus('failed');
    }
  };
  const right = result !== null && result.accuracy === 100;
  return (
    <section className="card" data-testid="drill-item" aria-labelledby="drill-prompt">
      <p className="muted">
        第 {index + 1} 題，共 {total} 題・{item.lessonTitle}
      </p>
      <p id="drill-prompt" className="classical rc-prompt" data-testid="drill-prompt">
        {item.prompt}
        {item.mode === 'next_line' ? '，' : ''}
        <span className="visually-hidden">
          {item.mode === 'next_line' ? '下一句是？' : '（□ 為要寫的字）'}
        </span>
      </p>
      {result ? (
        <div aria-live="polite">
          <p className={`rc-feedback ${right ? 'is-correct' : 'is-wrong'}`} data-testid="drill-verdict">
            {right ? '正確！' : `答案：${item.answer}`}
          </p>
          <MarkedRange text={content} start={item.range.start} end={item.range.end} marking={result} />
          {item.note ? (
            <p className="card rc-note" data-testid="drill-note">
              {item.note}
            </p>
          ) : null}
          <div className="rc-actions">
            <button
              ref={next}
              type="button"
              className="btn btn-primary"
              onClick={() => onNext({ item, written, result })}
            >
              {index + 1 < total ? '下一題' : '看結果'}
            </button>
          </div>
        </div>
      ) : (
        <form
          onSubmit={submitted(() => {
            void submit();
          })}
        >
          <label htmlFor="drill-written" className="visually-hidden">
            {item.mode === 'next_line' ? '寫出下句' : '寫出整個詞句'}
          </label>
          <input
            ref={box}
            id="drill-written"
            className="rc-write is-line"
            data-testid="drill-written"
            lang="zh-Hant-HK"
            autoComplete="off"
            value={written}
            maxLength={200}
            readOnly={status === 'marking'}
            placeholder={item.mode === 'next_line' ? '下句' : '整個詞句'}
            onChange={(event) => setWritten(event.target.value)}
          />
          {status === 'failed' ? <SendFailed message={failure ?? '未能交答案，請檢查網絡後再試。'} /> : null}
          <div className="rc-actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={status === 'marking' || written.trim() === ''}
            >
              {status === 'marking' ? '批改中...' : '交答案'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Summary({
  mode,
  answered,
  onAgain,
  onOther,
}: {
  mode: DrillMode;
  answered: readonly Answered[];
  onAgain: () => void;
  onOther: () => void;
}) {
  const right = answered.filter((a) => a.result.accuracy === 100).length;
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => again.current?.focus(), []);
  return (
    <section className="card rc-results" data-testid="drill-summary" aria-labelledby="drill-summary-title">
      <h2 id="drill-summary-title" className="rc-subtitle">
        {TITLES[mode]}完成
      </h2>
      <p className="rc-accuracy" data-testid="drill-score">
        {right}/{answered.length}
      </p>
      <ul className="dr-summary">
        {answered.map(({ item, written, result }) => (
          <li key={item.key}>
            <span className={result.accuracy === 100 ? 'dr-ok' : 'dr-bad'} aria-hidden="true">
              {result.accuracy === 100 ? '✓' : '✗'}
            </span>
            <span className="visually-hidden">{result.accuracy === 100 ? '答對' : '答錯'}</span>
            <span className="classical">
              {item.mode === 'next_line' ? `${item.prompt}，${item.answer}` : item.answer}
            </span>
            {result.accuracy === 100 ? null : <span className="muted">你寫：{written}</span>}
          </li>
        ))}
      </ul>
      <div className="rc-actions">
        <button ref={again} type="button" className="btn btn-primary" onClick={onAgain}>
          再做一次
        </button>
        <button type="button" className="btn" onClick={onOther}>
          選擇其他篇章
        </button>
        <Link className="btn" to="/memorization">
          返回背誦練習
        </Link>
      </div>
    </section>
  );
}
