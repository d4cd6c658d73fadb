/**
 * /memorization: the four stages of recitation practice (select, range, practice, results), driven
 * by recitationMachine.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lesson } from '@wenyan/contracts';
import { isRecitable, RECITATION_GRADE_LABELS, recitableCount, recitationWindow } from '@wenyan/domain';
import { useMachine } from '@xstate/react';
import { useAtom } from 'jotai';
import { type PointerEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import commonCharactersJson from '../../../../../content/data/common-characters.json' with { type: 'json' };
import { soundAtom } from '../../lib/preferences.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../learner/ui.tsx';
import { lessonsQuery } from '../library/api.ts';
import { finishRecitation } from './api.ts';
import { seededRandom } from './random.ts';
import { type RecitationContext, recitationMachine, type SaveRecitationInput } from './recitationMachine.ts';
import { playTone } from './tones.ts';
import './recitation.css';
import { ReadAloudText } from '../listening/ReadAloudText.tsx';

const PREVIEW_CHARACTERS = 100;

/** Time as m:ss.s */
export function formatElapsed(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return `${minutes}:${seconds}`;
}

function useRecitation() {
  const queryClient = useQueryClient();
  const [sound, setSound] = useAtom(soundAtom);
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
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: {
      random: seededRandom(Date.now()),
      commonCharacters: commonCharactersJson.characters,
      sound,
    },
  });
  const toggleSound = () => {
    setSound(!snapshot.context.sound);
    send({ type: 'sound.toggle' });
  };
  return { snapshot, send, toggleSound };
}

type Send = ReturnType<typeof useRecitation>['send'];

export function RecitationPage() {
  const { snapshot, send, toggleSound } = useRecitation();
  const { context } = snapshot;
  return (
    <main className="page recitation" data-testid="recitation-page">
      {snapshot.matches('select') ? <SelectStage send={send} /> : null}
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

function SelectStage({ send }: { send: Send }) {
  const lessons = useQuery(lessonsQuery);
  return (
    <>
      <PageHeader title="背誦練習" back="/" backLabel="返回主頁" />
      <p className="muted">選擇一篇範文，揀選想背誦的段落，逐字選出下一個字。</p>
      {lessons.isPending ? (
        <LoadingState label="載入課文中..." />
      ) : lessons.isError ? (
        <ErrorState onRetry={() => void lessons.refetch()} />
      ) : lessons.data.length === 0 ? (
        <EmptyState title="暫時未有課文" />
      ) : (
        <div className="grid">
          {lessons.data.map((lesson) => (
            <LessonChoice key={lesson.id} lesson={lesson} send={send} />
          ))}
        </div>
      )}
    </>
  );
}

function LessonChoice({ lesson, send }: { lesson: Lesson; send: Send }) {
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
      <p className="classical rc-preview">{preview || '（暫無內容）'}</p>
      <button
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
          type="button"
          className="btn btn-primary"
          disabled={!canStart}
          onClick={() => send({ type: 'practice.start' })}
        >
          開始背誦
        </button>
      </div>
    </>
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
  const lesson = context.lesson;
  if (!lesson || !context.selection) return null;
  const { start, end } = context.selection;
  const view = recitationWindow(lesson.content, context.position);
  const total = recitableCount(lesson.content, start, end);
  const before = Array.from(view.before);
  return (
    <>
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
            disabled={paused || feedback !== 'none'}
            onClick={() => send({ type: 'choice.pick', choice })}
          >
            {paused ? '？' : choice}
          </button>
        ))}
      </div>
      <div className="rc-controls">
        <button
          type="button"
          className="btn"
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
  if (!lesson || !result) return null;
  return (
    <>
      <PageHeader title="背誦完成！" />
      <section className="card rc-results" data-testid="recitation-results">
        <p className="classical rc-results-title">{lesson.title}</p>
        <div className="rc-score">
          <span className="rc-accuracy" data-testid="recitation-accuracy">
            {result.accuracy}%
          </span>
          <span className={`rc-grade grade-${result.grade}`} data-testid="recitation-grade">
            {RECITATION_GRADE_LABELS[result.grade]}
          </span>
        </div>
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
        <button type="button" className="btn btn-primary" onClick={() => send({ type: 'results.again' })}>
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
