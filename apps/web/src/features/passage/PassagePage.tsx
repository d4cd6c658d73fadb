import { useQuery } from '@tanstack/react-query';
import type { Lesson, PassageAnnotations, PassageNote } from '@wenyan/contracts';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ReadAloudControl } from '../../components/listening/ReadAloudControl.tsx';
import { splitSentences } from '../../components/listening/speech.ts';
import { useReadAloud } from '../../components/listening/useReadAloud.ts';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { BackLink, EmptyState, Spinner } from '../../components/states.tsx';
import { currentUserQuery } from '../../lib/current-user.ts';
import { lessonQuery, lessonsQuery } from '../../lib/lessons.ts';
import { annotationsQuery, lessonQuestionsQuery } from './api.ts';
import { layoutPassage, type Part } from './layout.ts';
import './passage.css';

const AdaptiveQuiz = lazy(async () => ({
  default: (await import('../../components/quiz/AdaptiveQuiz.tsx')).AdaptiveQuiz,
}));

const NO_ANNOTATIONS: PassageAnnotations = { lessonId: 0, notes: [], sentences: [] };

interface NoteHandlers {
  openId: string | null;
  open(id: string): void;
  close(id: string, refocus: boolean): void;
  /** True once after a close that gave the focus back, so that focus does not reopen the note. */
  consumeRefocus(id: string): boolean;
  drill(note: PassageNote): void;
  /** The notes inside a note (菲薄 in 妄自菲薄), shown in its card. */
  innerOf(id: string): readonly PassageNote[];
}

const NONE: readonly PassageNote[] = [];

/** A note's head in its card: the term, its 粵拼 and the 重點字詞 badge. */
function NoteHead({ note }: { note: PassageNote }) {
  return (
    <span className="note-card-head">
      <span className="note-card-term classical">{note.term}</span>
      {note.jyutping ? <span className="note-card-jyutping">粵拼 {note.jyutping}</span> : null}
      {note.key ? <span className="badge badge-seal">重點字詞</span> : null}
    </span>
  );
}

/** A 注釋 as a button in the text; its card (gloss, 粵拼, the questions that drill it) opens on focus or tap. */
function NoteTerm({
  note,
  before,
  after,
  handlers,
}: {
  note: PassageNote;
  /** The punctuation touching the term, kept on its line (see layout.ts). */
  before: string;
  after: string;
  handlers: NoteHandlers;
}) {
  const termRef = useRef<HTMLButtonElement>(null);
  const cardRef = useRef<HTMLDialogElement>(null);
  const cardId = `note-card-${note.id}`;
  const descriptionId = `note-desc-${note.id}`;
  const open = handlers.openId === note.id;
  const inner = handlers.innerOf(note.id);
  // The card sits at the bottom of the screen: a word under it is scrolled up into view.
  useEffect(() => {
    const term = termRef.current?.getBoundingClientRect();
    const card = cardRef.current?.getBoundingClientRect();
    if (open && term && card && term.bottom > card.top - 8) window.scrollBy(0, term.bottom - card.top + 24);
  }, [open]);
  const close = (refocus: boolean) => {
    handlers.close(note.id, refocus);
    if (refocus) termRef.current?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only hears focus leave the note and Escape inside it
    <span
      className="note"
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) close(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      {before}
      <button
        ref={termRef}
        type="button"
        className={`note-term${note.key ? ' is-key' : ''}${open ? ' is-open' : ''}`}
        aria-expanded={open}
        aria-controls={open ? cardId : undefined}
        aria-haspopup="dialog"
        aria-describedby={descriptionId}
        data-note={note.id}
        onFocus={() => {
          if (!handlers.consumeRefocus(note.id)) handlers.open(note.id);
        }}
        onClick={() => handlers.open(note.id)}
      >
        {note.term}
      </button>
      {after}
      <span id={descriptionId} hidden>
        {`注釋：${note.gloss}${note.jyutping ? ` 粵拼：${note.jyutping}` : ''}${inner
          .map((child) => ` ${child.term}：${child.gloss}`)
          .join('')}`}
      </span>
      {open ? (
        <dialog
          ref={cardRef}
          open
          className="note-card"
          aria-label={`注釋：${note.term}`}
          id={cardId}
          data-testid="note-card"
        >
          <NoteHead note={note} />
          <span className="note-card-gloss">{note.gloss}</span>
          <span className="note-card-actions">
            {note.questionIds.length > 0 ? (
              <button type="button" className="btn btn-sm btn-primary" onClick={() => handlers.drill(note)}>
                練習此詞（{note.questionIds.length} 題）
              </button>
            ) : (
              <span className="muted note-card-none">此詞暫無練習題</span>
            )}
            <button type="button" className="btn btn-sm" onClick={() => close(true)}>
              關閉
            </button>
          </span>
          {inner.map((child) => (
            <span className="note-card-inner" key={child.id}>
              <NoteHead note={child} />
              <span className="note-card-gloss">{child.gloss}</span>
              {child.questionIds.length > 0 ? (
                <button type="button" className="btn btn-sm" onClick={() => handlers.drill(child)}>
                  練習「{child.term}」（{child.questionIds.length} 題）
                </button>
              ) : null}
            </span>
          ))}
        </dialog>
      ) : null}
    </span>
  );
}

function Parts({ parts, handlers }: { parts: Part[]; handlers: NoteHandlers }) {
  return (
    <>
      {parts.map((part) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <NoteTerm
            key={part.note.id}
            note={part.note}
            before={part.before}
            after={part.after}
            handlers={handlers}
          />
        ),
      )}
    </>
  );
}

/** The text with its notes marked, each sentence's 語譯 on demand and the 朗讀 control. */
function AnnotatedText({
  lesson,
  annotations,
  onDrill,
}: {
  lesson: Lesson;
  annotations: PassageAnnotations;
  onDrill: (note: PassageNote) => void;
}) {
  const text = lesson.content;
  const translated = annotations.sentences.length > 0;
  // The sentences read aloud and highlighted: the 語譯's when there is one, else the text cut at its stops.
  const sentences = useMemo<Array<{ text: string; start: number; end: number; translation: string | null }>>(
    () =>
      translated
        ? annotations.sentences.map((s) => ({ ...s, text: text.slice(s.start, s.end) }))
        : splitSentences(text).map((s) => ({ ...s, translation: null })),
    [annotations.sentences, text, translated],
  );
  const layout = useMemo(
    () => layoutPassage(text, sentences, annotations.notes),
    [text, sentences, annotations],
  );
  const innerByParent = useMemo(() => {
    const byParent = new Map<string, PassageNote[]>();
    for (const note of annotations.notes) {
      if (note.parentId !== null) byParent.set(note.parentId, [...(byParent.get(note.parentId) ?? []), note]);
    }
    return byParent;
  }, [annotations.notes]);
  const readAloud = useReadAloud(sentences);
  const [openId, setOpenId] = useState<string | null>(null);
  const refocused = useRef<string | null>(null);
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const idPrefix = useId();

  const handlers: NoteHandlers = {
    openId,
    open: setOpenId,
    close: (id, refocus) => {
      if (refocus) refocused.current = id;
      setOpenId((current) => (current === id ? null : current));
    },
    consumeRefocus: (id) => {
      const was = refocused.current === id;
      refocused.current = null;
      return was;
    },
    drill: onDrill,
    innerOf: (id) => innerByParent.get(id) ?? NONE,
  };
  // One sentence's 語譯 opens or closes; under 「顯示全部語譯」 closing one keeps the others open.
  const toggle = (index: number) => {
    const current = showAll ? new Set(sentences.keys()) : new Set(shown);
    if (current.has(index)) current.delete(index);
    else current.add(index);
    setShowAll(false);
    setShown(current);
  };

  return (
    <>
      <ReadAloudControl readAloud={readAloud} sentences={sentences} />
      {translated ? (
        <div className="passage-tools">
          <button
            type="button"
            className="chip"
            aria-pressed={showAll}
            onClick={() => {
              setShown(new Set());
              setShowAll((v) => !v);
            }}
            data-testid="show-all-translations"
          >
            {showAll ? '隱藏全部語譯' : '顯示全部語譯'}
          </button>
          {annotations.notes.length > 0 ? (
            <span className="muted passage-hint">點選有虛線的字詞看注釋</span>
          ) : null}
        </div>
      ) : annotations.notes.length > 0 ? (
        <p className="muted passage-hint">點選有虛線的字詞看注釋</p>
      ) : null}
      <div className="card passage-text classical" lang="zh-Hant" data-testid="passage-text">
        {layout.map((paragraph) => (
          <div className="passage-para" key={paragraph.start}>
            {paragraph.pieces.map((piece) => {
              if (piece.sentence === null) {
                return <Parts key={piece.start} parts={piece.parts} handlers={handlers} />;
              }
              const index = piece.sentence;
              const sentence = sentences[index]!;
              const open = showAll || shown.has(index);
              const translationId = `${idPrefix}-tr-${index}`;
              return (
                <span key={piece.start}>
                  <span
                    className={`sentence${readAloud.reading === index ? ' is-reading' : ''}`}
                    data-sentence={index}
                  >
                    <Parts parts={piece.parts} handlers={handlers} />
                  </span>
                  {piece.last && sentence.translation ? (
                    <>
                      <button
                        type="button"
                        className="translate-toggle"
                        aria-expanded={open}
                        aria-controls={open ? translationId : undefined}
                        aria-label={`譯 第 ${index + 1} 句`}
                        onClick={() => toggle(index)}
                      >
                        譯
                      </button>
                      {open ? (
                        <span className="sentence-translation" id={translationId} lang="zh-Hant-HK">
                          {sentence.translation}
                        </span>
                      ) : null}
                    </>
                  ) : null}
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </>
  );
}

/** A few word questions of one note, through the adaptive quiz's answer flow (keys shown only after answering). */
function NoteDrill({ lesson, note, onDone }: { lesson: Lesson; note: PassageNote; onDone: () => void }) {
  const user = useQuery(currentUserQuery).data;
  const questions = useQuery(lessonQuestionsQuery(lesson.id));
  if (!user) return <Spinner label="載入題目中..." />;
  return (
    <QueryBoundary query={questions} loading={<Spinner label="載入題目中..." />}>
      {(all) => {
        const drills = all.filter((q) => note.questionIds.includes(q.id));
        return (
          <Suspense fallback={<Spinner />}>
            <AdaptiveQuiz
              lessonId={lesson.id}
              user={user}
              preloadedQuestions={drills}
              config={{ type: 'word_interpretation', questionCount: drills.length, characterThreshold: 900 }}
              record={false}
              title={`練習「${note.term}」`}
              onExit={onDone}
              onContinue={onDone}
            />
          </Suspense>
        );
      }}
    </QueryBoundary>
  );
}

function Passage({ lesson }: { lesson: Lesson }) {
  const annotations = useQuery(annotationsQuery(lesson.id));
  const [drill, setDrill] = useState<PassageNote | null>(null);
  const returnTo = useRef<string | null>(null);
  const back = () => {
    setDrill(null);
    const id = returnTo.current;
    // Back from the drill, the focus returns to the word it came from.
    requestAnimationFrame(() => {
      if (id) document.querySelector<HTMLElement>(`[data-note="${id}"]`)?.focus();
    });
  };
  if (drill) return <NoteDrill lesson={lesson} note={drill} onDone={back} />;
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
      {annotations.isPending ? (
        // The text is drawn once, with its notes and 譯 buttons (issue 40: drawing it bare and then again
        // with them moved the page, CLS 0.2); unreachable annotations give the bare text.
        <Spinner label="載入注釋中..." />
      ) : (
        <>
          <AnnotatedText
            lesson={lesson}
            annotations={annotations.data ?? NO_ANNOTATIONS}
            onDrill={(note) => {
              returnTo.current = note.parentId ?? note.id;
              setDrill(note);
            }}
          />
          <div className="passage-actions">
            <Link className="btn btn-primary" to={`/lesson/${lesson.id}/roadmap`}>
              開始學習
            </Link>
            <Link className="btn" to="/library">
              返回文庫
            </Link>
          </div>
        </>
      )}
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
  return (
    <QueryBoundary query={lessons} loading={<Spinner label="載入文章中..." />}>
      {(list) => {
        const lesson = list.find((l) => l.id === id);
        return lesson ? <Passage lesson={lesson} /> : <Missing message="文章不存在" />;
      }}
    </QueryBoundary>
  );
}

/** Any other source loads one lesson: a missing one is "課程不存在". */
function FromLesson({ id }: { id: number }) {
  const lesson = useQuery(lessonQuery(id));
  if (!(id > 0)) return <Missing message="課程不存在" />;
  return (
    <QueryBoundary query={lesson} loading={<Spinner label="載入課程中..." />}>
      {(found) => (found ? <Passage lesson={found} /> : <Missing message="課程不存在" />)}
    </QueryBoundary>
  );
}

/** The passage page: /passage/:id, /passage/:source/:id and /passage-text/:id. */
export function PassagePage() {
  const { id, source } = useParams();
  const lessonId = Number(id);
  return (
    <main className="page page-wide">
      <BackLink to="/library" label="返回文庫" />
      {source === undefined || source === 'library' ? (
        <FromLibrary id={lessonId} />
      ) : (
        <FromLesson id={lessonId} />
      )}
    </main>
  );
}
