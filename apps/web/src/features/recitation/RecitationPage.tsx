/**
 * /memorization: the four stages of recitation practice (select, range, practice, results), driven
 * by recitationMachine; /memorization/recall: the same lesson and range stages, then 默寫 (the range
 * written from memory and marked by the server). The 12 choices answer to the keys 1–9, 0, - and =,
 * and Space pauses; each stage takes the focus so a keyboard user never tabs through the page.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lesson } from '@wenyan/contracts';
import { isRecitable, recitableCount, recitationWindow, seededRandom } from '@wenyan/domain';
import { useMachine } from '@xstate/react';
import { useAtom } from 'jotai';
import { type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import commonCharactersJson from '../../../../../content/data/common-characters.json' with { type: 'json' };
import { LoadingState, PageHeader } from '../../components/page.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { lessonsQuery } from '../../lib/lessons.ts';
import { soundAtom } from '../../lib/preferences.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { finishRecitation, recallFailure, serveRecitation } from './api.ts';
import { MarkedRange, RecallScore, SendFailed } from './MarkedRange.tsx';
import { ModeNav } from './ModeNav.tsx';
import {
  type MarkRecallInput,
  type RecitationContext,
  type RecitationMode,
  recitationMachine,
  type SaveRecitationInput,
  sentencePresets,
} from './recitationMachine.ts';
import { playTone } from './tones.ts';
import './recitation.css';
import { ReadAloudText } from '../../components/listening/ReadAloudText.tsx';
import { submitted } from '../../lib/forms.ts';

const PREVIEW_CHARACTERS = 100;

/** Time as m:ss.s */
export function formatElapsed(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return `${minutes}:${seconds}`;
}

/** The keys of the 12 choices, in order: 1–9, 0, - and =. */
export const CHOICE_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-', '='] as const;

/** Focuses the element once when it appears (a stage taking the keyboard focus). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function useRecitation(mode: RecitationMode) {
  const queryClient = useQueryClient();
  const [sound, setSound] = useAtom(soundAtom);
  // The server's token for the passage being written (issue 37: it times the run), by lesson.
  const served = useRef<{ lessonId: number; token: Promise<string | undefined> } | null>(null);
  const [recallError, setRecallError] = useState<string | null>(null);
  const [machine] = useState(() =>
    recitationMachine.provide({
      actions: {
        playTone: (_, params) => {
          if (params.audible) playTone(params.tone);
        },
      },
      actors: {
        saveRecitation: fromPromise(async ({ input }: { input: SaveRecitationInput }) => {
          await finishRecitation(input.body, input.idempotencyKey);
          void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
          void queryClient.invalidateQueries({ queryKey: queryKeys.users });
        }),
        markRecall: fromPromise(async ({ input }: { input: MarkRecallInput }) => {
          const token =
            served.current?.lessonId === input.body.lessonId ? await served.current.token : undefined;
          try {
            setRecallError(null);
            return await finishRecitation(
              token === undefined ? input.body : { ...input.body, served: token },
              input.idempotencyKey,
            );
          } catch (error) {
            setRecallError(recallFailure(error));
            throw error;
          }
        }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: {
      random: seededRandom(Date.now()),
      mode,
      commonCharacters: commonCharactersJson.characters,
      sound,
    },
  });
  const toggleSound = () => {
    setSound(!snapshot.context.sound);
    send({ type: 'sound.toggle' });
  };
  // Writing begins: the server records when it served the passage (once per lesson; a retry keeps it).
  const writingLessonId = snapshot.matches('recall') ? snapshot.context.lesson?.id : undefined;
  useEffect(() => {
    if (writingLessonId === undefined || served.current?.lessonId === writingLessonId) return;
    served.current = { lessonId: writingLessonId, token: serveRecitation(writingLessonId) };
  }, [writingLessonId]);
  return { snapshot, send, toggleSound, recallError };
}

type Send = ReturnType<typeof useRecitation>['send'];

/** /memorization: the 12-choice mode. */
export function RecitationPage() {
  return <Recitation mode="choice" />;
}

/** /memorization/recall: 默寫. */
export function FreeRecallPage() {
  return <Recitation mode="free_recall" />;
}

function Recitation({ mode }: { mode: RecitationMode }) {
  const { snapshot, send, toggleSound, recallError } = useRecitation(mode);
  const { context } = snapshot;
  return (
    <main className="page recitation" data-testid="recitation-page">
      {snapshot.matches('select') ? <SelectStage send={send} mode={mode} /> : null}
      {snapshot.matches('range') ? <RangeStage context={context} send={send} /> : null}
      {snapshot.matches('practice') ? (
        <PracticeStage
          context={context}
          send={send}
          paused={snapshot.matches({ practice: 'paused' })}
          feedback={
            snapshot.matches({ practice: { running: 'correct' } })
              ? 'correct'
              : snapshot.matches({ practice: { running: 'wrong' } })
                ? 'wrong'
                : 'none'
          }
          onToggleSound={toggleSound}
        />
      ) : null}
      {snapshot.matches('recall') ? (
        <RecallStage
          context={context}
          send={send}
          failure={recallError}
          status={
            snapshot.matches({ recall: 'writing' })
              ? 'writing'
              : snapshot.matches({ recall: 'marking' })
                ? 'marking'
                : snapshot.matches({ recall: 'marked' })
                  ? 'marked'
                  : 'failed'
          }
        />
      ) : null}
      {snapshot.matches('results') ? (
        <ResultsStage
          context={context}
          send={send}
          saving={
            snapshot.matches({ results: 'saving' })
              ? 'saving'
              : snapshot.matches({ results: 'saved' })
                ? 'saved'
                : 'failed'
          }
        />
      ) : null}
    </main>
  );
}

function SelectStage({ send, mode }: { send: Send; mode: RecitationMode }) {
  const lessons = useQuery(lessonsQuery);
  return (
    <>
      <PageHeader title={mode === 'choice' ? '背誦練習' : '默寫'} back="/" backLabel="返回主頁" />
      <ModeNav />
      <p className="muted">
        {mode === 'choice'
          ? '選擇一篇範文，揀選想背誦的段落，逐字選出下一個字（可用鍵盤 1–9、0、-、= 作答）。'
          : '選擇一篇範文，揀選想默寫的段落，憑記憶把它寫出來，再看哪些字錯、漏或多寫了。'}
      </p>
      <QueryBoundary
        query={lessons}
        loading={<LoadingState label="載入課文中..." />}
        isEmpty={(lessonList) => lessonList.length === 0}
        emptyTitle="暫時未有課文"
      >
        {(lessonList) => (
          <div className="grid">
            {lessonList.map((lesson, i) => (
              <LessonChoice key={lesson.id} lesson={lesson} send={send} autoFocus={i === 0} />
            ))}
          </div>
        )}
      </QueryBoundary>
    </>
  );
}

function LessonChoice({ lesson, send, autoFocus }: { lesson: Lesson; send: Send; autoFocus: boolean }) {
  // The first lesson takes the focus, so a keyboard user starts from the list, not the page's top.
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) button.current?.focus({ preventScroll: true });
  }, [autoFocus]);
  const hasContent = lesson.content.trim().length > 0;
  const preview = Array.from(lesson.content.replace(/\s+/g, '')).slice(0, PREVIEW_CHARACTERS).join('');
  return (
    <article className="card rc-lesson" data-testid="recitation-lesson">
      <div className="rc-lesson-head">
        <h2>{lesson.title}</h2>
        <span className="badge">{lesson.category}</span>
      </div>
      <p className="rc-meta">
        <span>{lesson.author}</span>
        <span>{lesson.era}</span>
        <span>{lesson.characterCount} 字</span>
      </p>
      <p className="classical rc-preview line-clamp">{preview || '（暫無內容）'}</p>
      <button
        ref={button}
        type="button"
        className="btn btn-primary"
        disabled={!hasContent}
        onClick={() =>
          send({
            type: 'lesson.choose',
            lesson: { id: lesson.id, title: lesson.title, content: lesson.content },
          })
        }
      >
        {hasContent ? '選擇此篇' : '暫無內容'}
      </button>
    </article>
  );
}

function indexAt(event: PointerEvent): number | null {
  const element = document.elementFromPoint(event.clientX, event.clientY);
  const index = element instanceof HTMLElement ? element.dataset.index : undefined;
  return index === undefined ? null : Number(index);
}

function RangeStage({ context, send }: { context: RecitationContext; send: Send }) {
  const startButton = useFocusOnMount<HTMLButtonElement>();
  const lesson = context.lesson;
  if (!lesson) return null;
  const characters = Array.from(lesson.content);
  const selection = context.selection;
  const inSelection = (i: number) => selection !== null && i >= selection.start && i < selection.end;
  const count = selection ? recitableCount(lesson.content, selection.start, selection.end) : 0;
  const preview = selection ? characters.slice(selection.start, selection.end).join('') : '';
  const canStart = selection !== null && selection.end > selection.start && count > 0;
  return (
    <>
      <PageHeader title={lesson.title}>
        <button type="button" className="btn btn-sm" onClick={() => send({ type: 'range.back' })}>
          返回選擇篇章
        </button>
      </PageHeader>
      <p className="muted">
        {context.dragMode ? '在文中按住並拖曳，選取要背誦的範圍。' : '點選開始的字，再點選結束的字。'}
      </p>
      <div className="rc-toolbar" role="toolbar" aria-label="選取範圍">
        <button type="button" className="chip" onClick={() => send({ type: 'range.full' })}>
          全文
        </button>
        <button type="button" className="chip" onClick={() => send({ type: 'range.firstHalf' })}>
          前半部
        </button>
        <button type="button" className="chip" onClick={() => send({ type: 'range.secondHalf' })}>
          後半部
        </button>
        <button
          type="button"
          className="chip"
          aria-pressed={context.dragMode}
          onClick={() => send({ type: 'range.drag.toggle' })}
        >
          拖曳選取
        </button>
        <button type="button" className="chip" onClick={() => send({ type: 'range.clear' })}>
          清除選取
        </button>
      </div>
      <RangePresets context={context} send={send} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: pointer selection of characters; keyboard users choose the range with the full and half buttons above */}
      <div
        className={`card classical rc-text${context.dragMode ? ' rc-drag' : ''}`}
        data-testid="recitation-text"
        onClick={(event) => {
          if (context.dragMode) return;
          const index = (event.target as HTMLElement).dataset.index;
          if (index !== undefined) send({ type: 'range.click', index: Number(index) });
        }}
        onPointerDown={(event) => {
          if (!context.dragMode) return;
          const index = indexAt(event);
          if (index === null) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          send({ type: 'range.drag.start', index });
        }}
        onPointerMove={(event) => {
          if (!context.dragging) return;
          const index = indexAt(event);
          if (index !== null) send({ type: 'range.drag.over', index });
        }}
        onPointerUp={() => context.dragging && send({ type: 'range.drag.end' })}
        onPointerCancel={() => context.dragging && send({ type: 'range.drag.end' })}
      >
        {characters.map((character, i) =>
          character === '\n' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a character's place in the text is its identity
            <br key={i} />
          ) : (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: a character's place in the text is its identity
              key={i}
              data-index={i}
              className={`rc-char${inSelection(i) ? ' is-selected' : ''}${context.anchor === i ? ' is-anchor' : ''}`}
            >
              {character}
            </span>
          ),
        )}
      </div>
      <section className="card rc-preview-box" aria-live="polite">
        <h2 className="rc-subtitle">預覽</h2>
        {selection ? (
          <>
            <p className="muted" data-testid="range-summary">
              第 {selection.start + 1} 至 {selection.end} 字，共 {count} 字需背誦
            </p>
            <ReadAloudText text={preview} className="classical rc-preview-text" />
          </>
        ) : (
          <p className="muted">尚未選取範圍</p>
        )}
      </section>
      <div className="rc-actions">
        <Link className="btn" to={`/passage/${lesson.id}`}>
          閱讀全文
        </Link>
        <button
          ref={startButton}
          type="button"
          className="btn btn-primary"
          disabled={!canStart}
          onClick={() => send({ type: 'practice.start' })}
        >
          {context.mode === 'choice' ? '開始背誦' : '開始默寫'}
        </button>
      </div>
    </>
  );
}

/** The paragraphs and sentences of the text as a list: a range chosen without pointing (keyboard, screen reader). */
function RangePresets({ context, send }: { context: RecitationContext; send: Send }) {
  const text = context.lesson?.content ?? '';
  const presets = useMemo(() => sentencePresets(text), [text]);
  const selection = context.selection;
  const value = selection ? `${selection.start}-${selection.end}` : '';
  const known = presets.some((p) => `${p.start}-${p.end}` === value);
  const label = (t: string) => (Array.from(t).length > 16 ? `${Array.from(t).slice(0, 16).join('')}…` : t);
  const group = (kind: 'paragraph' | 'sentence', name: string) => {
    const items = presets.filter((p) => p.kind === kind);
    return items.length === 0 ? null : (
      <optgroup label={name}>
        {items.map((p, i) => (
          <option key={`${p.start}-${p.end}`} value={`${p.start}-${p.end}`}>
            {kind === 'paragraph' ? `第 ${i + 1} 段` : `第 ${i + 1} 句`}：{label(p.text)}
          </option>
        ))}
      </optgroup>
    );
  };
  return (
    <div className="field rc-presets">
      <label htmlFor="range-preset">按段落或句子選取</label>
      <select
        id="range-preset"
        className="select"
        data-testid="range-preset"
        value={known ? value : ''}
        onChange={(event) => {
          const [start, end] = event.target.value.split('-').map(Number);
          if (start !== undefined && end !== undefined) send({ type: 'range.set', start, end });
        }}
      >
        <option value="" disabled>
          {selection ? '（自選範圍）' : '請選擇'}
        </option>
        {group('paragraph', '段落')}
        {group('sentence', '句子')}
      </select>
    </div>
  );
}

function PracticeStage({
  context,
  send,
  paused,
  feedback,
  onToggleSound,
}: {
  context: RecitationContext;
  send: Send;
  paused: boolean;
  feedback: 'none' | 'correct' | 'wrong';
  onToggleSound: () => void;
}) {
  const region = useFocusOnMount<HTMLElement>();
  const canPick = !paused && feedback === 'none';
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.key === ' ') {
        // A focused button keeps its own Space; anywhere else Space pauses and resumes.
        if (target?.closest('button, a')) return;
        event.preventDefault();
        if (feedback !== 'correct') send({ type: paused ? 'practice.resume' : 'practice.pause' });
        return;
      }
      const index = (CHOICE_KEYS as readonly string[]).indexOf(event.key);
      const choice = context.choices[index];
      if (index < 0 || choice === undefined) return;
      event.preventDefault();
      if (canPick) send({ type: 'choice.pick', choice });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [send, paused, feedback, canPick, context.choices]);
  const lesson = context.lesson;
  if (!lesson || !context.selection) return null;
  const { start, end } = context.selection;
  const view = recitationWindow(lesson.content, context.position);
  const total = recitableCount(lesson.content, start, end);
  const before = Array.from(view.before);
  return (
    <section
      ref={region}
      tabIndex={-1}
      className="rc-practice"
      aria-label="背誦練習：按 1 至 9、0、-、= 選字，空白鍵暫停"
    >
      <PageHeader title={lesson.title} />
      <div className="rc-status">
        <span className="rc-pill" data-testid="mistakes">
          錯誤 <strong>{context.mistakes}</strong>
        </span>
        <span className="rc-pill" data-testid="timer">
          時間 <strong>{formatElapsed(context.elapsedMs)}</strong>
        </span>
        <span className="rc-pill" data-testid="recitation-progress">
          進度{' '}
          <strong>
            {context.correctCount}/{total}
          </strong>
        </span>
      </div>
      <div className="progress rc-progress" aria-hidden="true">
        <span style={{ width: `${total > 0 ? (context.correctCount / total) * 100 : 0}%` }} />
      </div>
      <div className="card rc-window classical" data-testid="recitation-window" aria-live="polite">
        <span className="rc-before">
          {before.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: characters of a fixed window
            <span key={i} className={isRecitable(c) ? '' : 'rc-punct'}>
              {c}
            </span>
          ))}
        </span>
        <span className={`rc-blank is-${feedback}`}>
          <span className="visually-hidden">下一個字：</span>
          {feedback === 'correct' ? view.current : '\u3000'}
        </span>
        <span className="rc-after">{view.after}</span>
      </div>
      <p className={`rc-feedback is-${feedback}`} role="status">
        {paused
          ? '已暫停'
          : feedback === 'wrong'
            ? '答錯了，再想一想'
            : feedback === 'correct'
              ? '正確！'
              : '請選出下一個字'}
      </p>
      <div className={`rc-choices${paused ? ' is-paused' : ''}`} data-testid="recitation-choices">
        {context.choices.map((choice, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: punctuation fill may repeat a glyph's place
            key={`${choice}-${i}`}
            type="button"
            className={`rc-choice classical${context.wrongChoice === choice ? ' is-wrong' : ''}`}
            disabled={!canPick}
            aria-keyshortcuts={CHOICE_KEYS[i]}
            onClick={() => send({ type: 'choice.pick', choice })}
          >
            <span className="rc-key" aria-hidden="true">
              {CHOICE_KEYS[i]}
            </span>
            {paused ? '？' : choice}
          </button>
        ))}
      </div>
      <p className="rc-hint">鍵盤：1–9、0、-、= 選字；空白鍵暫停／繼續</p>
      <div className="rc-controls">
        <button
          type="button"
          className="btn"
          aria-keyshortcuts="Space"
          onClick={() => send({ type: paused ? 'practice.resume' : 'practice.pause' })}
          disabled={feedback === 'correct'}
        >
          {paused ? '▶ 開始' : '❚❚ 暫停'}
        </button>
        <button type="button" className="btn" aria-pressed={context.sound} onClick={onToggleSound}>
          {context.sound ? '聲音：開' : '聲音：關'}
        </button>
        <button type="button" className="btn" onClick={() => send({ type: 'practice.restart' })}>
          ↺ 重新開始
        </button>
        <button type="button" className="btn" onClick={() => send({ type: 'practice.back' })}>
          返回
        </button>
      </div>
    </section>
  );
}

function RecallStage({
  context,
  send,
  status,
  failure,
}: {
  context: RecitationContext;
  send: Send;
  status: 'writing' | 'marking' | 'marked' | 'failed';
  /** Why the last run was not marked (the server's refusal, or the network). */
  failure: string | null;
}) {
  const lesson = context.lesson;
  const [written, setWritten] = useState(context.written);
  const box = useRef<HTMLTextAreaElement>(null);
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (status === 'writing') box.current?.focus();
    if (status === 'marked') again.current?.focus();
  }, [status]);
  if (!lesson || !context.selection) return null;
  const { start, end } = context.selection;
  const count = recitableCount(lesson.content, start, end);
  const submit = () => send({ type: 'recall.submit', written });
  const result = context.recall;
  return (
    <>
      <PageHeader title={`默寫：${lesson.title}`} />
      {status === 'marked' && result ? (
        <section
          className="card rc-results"
          data-testid="recall-results"
          aria-labelledby="recall-result-title"
        >
          <h2 id="recall-result-title" className="rc-subtitle">
            默寫結果
          </h2>
          <RecallScore result={result} />
          <MarkedRange text={lesson.content} start={start} end={end} marking={result} />
          <div className="rc-actions">
            <button
              ref={again}
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setWritten('');
                send({ type: 'recall.again' });
              }}
            >
              再默一次
            </button>
            <button type="button" className="btn" onClick={() => send({ type: 'practice.back' })}>
              改選範圍
            </button>
            <Link className="btn" to={`/passage/${lesson.id}`}>
              閱讀全文
            </Link>
          </div>
        </section>
      ) : (
        <form className="card" onSubmit={submitted(() => submit())}>
          <label htmlFor="recall-written" className="rc-subtitle">
            憑記憶默寫所選範圍（共 {count} 字，標點可寫可不寫）
          </label>
          <textarea
            ref={box}
            id="recall-written"
            className="rc-write"
            data-testid="recall-written"
            lang="zh-Hant-HK"
            value={written}
            maxLength={4000}
            readOnly={status === 'marking'}
            aria-describedby="recall-hint"
            onChange={(event) => setWritten(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                submit();
              }
            }}
          />
          <p id="recall-hint" className="rc-hint">
            寫好後按「交卷」<span className="keyboard-hint">或 Ctrl／⌘ + Enter</span>。
          </p>
          {status === 'failed' ? (
            <SendFailed message={failure ?? '未能交卷，請檢查網絡後再試。'} testId="recall-failure" />
          ) : null}
          <div className="rc-actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={status === 'marking' || written.trim().length === 0}
              aria-keyshortcuts="Control+Enter Meta+Enter"
            >
              {status === 'marking' ? '批改中...' : status === 'failed' ? '再交一次' : '交卷'}
            </button>
            <button type="button" className="btn" onClick={() => send({ type: 'practice.back' })}>
              返回
            </button>
          </div>
        </form>
      )}
    </>
  );
}

function ResultsStage({
  context,
  send,
  saving,
}: {
  context: RecitationContext;
  send: Send;
  saving: 'saving' | 'saved' | 'failed';
}) {
  const lesson = context.lesson;
  const result = context.result;
  const again = useFocusOnMount<HTMLButtonElement>();
  if (!lesson || !result) return null;
  return (
    <>
      <PageHeader title="背誦完成！" />
      <section className="card rc-results" data-testid="recitation-results">
        <p className="classical rc-results-title">{lesson.title}</p>
        <RecallScore result={result} testId="recitation" />
        <dl className="rc-figures">
          <div>
            <dt>準確率</dt>
            <dd>{result.accuracy}%</dd>
          </div>
          <div>
            <dt>背誦字數</dt>
            <dd>{context.correctCount}</dd>
          </div>
          <div>
            <dt>錯誤次數</dt>
            <dd>{context.mistakes}</dd>
          </div>
          <div>
            <dt>用時</dt>
            <dd>{formatElapsed(context.elapsedMs)}</dd>
          </div>
        </dl>
        <p className="muted rc-save" role="status" data-testid="recitation-save">
          {saving === 'saving' ? '正在儲存紀錄...' : saving === 'saved' ? '已儲存練習紀錄' : '未能儲存紀錄'}
          {saving === 'failed' ? (
            <button type="button" className="btn btn-sm" onClick={() => send({ type: 'results.retrySave' })}>
              重試
            </button>
          ) : null}
        </p>
      </section>
      <div className="rc-actions">
        <button
          ref={again}
          type="button"
          className="btn btn-primary"
          onClick={() => send({ type: 'results.again' })}
        >
          再練一次
        </button>
        <button type="button" className="btn" onClick={() => send({ type: 'results.another' })}>
          選擇其他篇章
        </button>
        <Link className="btn" to={`/passage/${lesson.id}`}>
          閱讀全文
        </Link>
        <Link className="btn" to="/">
          返回主頁
        </Link>
      </div>
    </>
  );
}
