/**
 * Recitation practice (spec part 2 §2 and §4): select a lesson, choose a range, recite it one
 * character at a time from 12 choices, see the results. In the 默寫 mode (`free_recall`) the learner
 * writes the range from memory instead and the server marks every character. The rules (choices, window, accuracy,
 * grade) come from @wenyan/domain; the timer, the tones and the saving are named side effects, so
 * a test swaps them with `.provide()`.
 */
import type { FinishRecitationBody, RecitationPick, RecitationResult } from '@wenyan/contracts';
import {
  isValidRecitationRange,
  nextRecitablePosition,
  type RandomSource,
  RECITATION_TIMINGS,
  type RecitationGrade,
  recitableCount,
  recitationAccuracy,
  recitationChoices,
  recitationGrade,
} from '@wenyan/domain';
import { and, assign, fromCallback, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '../../lib/api.ts';

export type RecitationLesson = { readonly id: number; readonly title: string; readonly content: string };
export type TextRange = { readonly start: number; readonly end: number };
export type Tone = 'correct' | 'wrong' | 'complete';

/** The 12-choice mode, or 默寫: the range written from memory. */
export type RecitationMode = 'choice' | 'free_recall';

export type RecitationInput = {
  readonly random: RandomSource;
  /** 'choice' unless given. */
  readonly mode?: RecitationMode;
  /** Characters the distractors are drawn from besides the passage's own. */
  readonly commonCharacters: string;
  readonly sound: boolean;
};

export type RecitationContext = Omit<RecitationInput, 'mode'> & {
  mode: RecitationMode;
  lesson: RecitationLesson | null;
  /** Length of the lesson's text in code points (positions are code-point indices). */
  length: number;
  selection: TextRange | null;
  /** The first click of a two-click selection, or where a drag began. */
  anchor: number | null;
  dragMode: boolean;
  dragging: boolean;
  position: number;
  mistakes: number;
  correctCount: number;
  elapsedMs: number;
  /** Every pick of this run, in order, for the server to mark (the spec's recitation attempts). */
  picks: RecitationPick[];
  /** elapsedMs at the previous pick. */
  lastPickMs: number;
  choices: string[];
  wrongChoice: string | null;
  result: { accuracy: number; grade: RecitationGrade } | null;
  /** The Idempotency-Key of this run's save, kept across retries. */
  runKey: string;
  /** 默寫: what the learner wrote, and the server's marking of it. */
  written: string;
  recall: RecitationResult | null;
};

export type SaveRecitationInput = { readonly body: FinishRecitationBody; readonly idempotencyKey: string };
export type MarkRecallInput = SaveRecitationInput;

export type RecitationEvent =
  | { type: 'lesson.choose'; lesson: RecitationLesson }
  | { type: 'range.click'; index: number }
  | { type: 'range.drag.toggle' }
  | { type: 'range.drag.start'; index: number }
  | { type: 'range.drag.over'; index: number }
  | { type: 'range.drag.end' }
  | { type: 'range.clear' }
  | { type: 'range.set'; start: number; end: number }
  | { type: 'range.full' }
  | { type: 'range.firstHalf' }
  | { type: 'range.secondHalf' }
  | { type: 'range.back' }
  | { type: 'practice.start' }
  | { type: 'practice.pause' }
  | { type: 'practice.resume' }
  | { type: 'practice.restart' }
  | { type: 'practice.back' }
  | { type: 'choice.pick'; choice: string }
  | { type: 'tick'; ms: number }
  | { type: 'sound.toggle' }
  | { type: 'results.again' }
  | { type: 'results.another' }
  | { type: 'results.retrySave' }
  | { type: 'recall.submit'; written: string }
  | { type: 'recall.again' };

const SENTENCE_END = new Set(['。', '！', '？', '；']);

/** Where the passage splits into halves: after the sentence end nearest the middle, else the middle. */
export function halfPoint(text: string): number {
  const characters = Array.from(text);
  const middle = Math.ceil(characters.length / 2);
  let best = -1;
  characters.forEach((character, index) => {
    if (!SENTENCE_END.has(character) || index + 1 >= characters.length) return;
    if (best < 0 || Math.abs(index + 1 - middle) < Math.abs(best - middle)) best = index + 1;
  });
  return best > 0 ? best : middle;
}

/** A preset range of the text: a paragraph or a sentence, with its label. */
export type RangePreset = TextRange & { readonly kind: 'paragraph' | 'sentence'; readonly text: string };

/**
 * The text's paragraphs (split at line breaks) and sentences (ending at 。！？；, with a closing quote
 * kept), as code-point ranges: the presets a keyboard user chooses a range from. A sentence that is
 * a whole paragraph is given once, as the paragraph.
 * @example sentencePresets('學而時習之，不亦說乎？有朋自遠方來').filter((p) => p.kind === 'sentence').length // 2
 */
export function sentencePresets(text: string): RangePreset[] {
  const characters = Array.from(text);
  const presets: RangePreset[] = [];
  const push = (kind: RangePreset['kind'], start: number, end: number) => {
    while (start < end && /\s/u.test(characters[start] as string)) start++;
    while (end > start && /\s/u.test(characters[end - 1] as string)) end--;
    if (end > start) presets.push({ kind, start, end, text: characters.slice(start, end).join('') });
  };
  let paragraph = 0;
  characters.forEach((c, i) => {
    if (c === '\n') {
      push('paragraph', paragraph, i);
      paragraph = i + 1;
    }
  });
  push('paragraph', paragraph, characters.length);
  const paragraphs = presets.length;
  let sentence = 0;
  for (let i = 0; i < characters.length; i++) {
    const c = characters[i] as string;
    if (c === '\n') {
      push('sentence', sentence, i);
      sentence = i + 1;
    } else if (SENTENCE_END.has(c)) {
      let end = i + 1;
      while (end < characters.length && /^[」』]$/u.test(characters[end] as string)) end++;
      push('sentence', sentence, end);
      sentence = end;
      i = end - 1;
    }
  }
  push('sentence', sentence, characters.length);
  // One paragraph only: the paragraph is the whole text, which 全文 already offers. A sentence that is a
  // whole paragraph (a line of a poem) is listed once, as the paragraph.
  const paragraphRanges = new Set(presets.slice(0, paragraphs).map((p) => `${p.start}-${p.end}`));
  if (paragraphs <= 1) return presets.slice(paragraphs);
  return presets.filter((p) => p.kind === 'paragraph' || !paragraphRanges.has(`${p.start}-${p.end}`));
}

function spanOf(a: number, b: number): TextRange {
  return { start: Math.min(a, b), end: Math.max(a, b) + 1 };
}

function choicesAt(context: RecitationContext, position: number): string[] {
  const text = context.lesson?.content ?? '';
  return recitationChoices(text, position, context.commonCharacters, context.random);
}

/** What the body of every finished run says first: the lesson, the range and how long it took. */
function runBody(context: RecitationContext) {
  return {
    lessonId: context.lesson?.id ?? 0,
    start: context.selection?.start ?? 0,
    end: context.selection?.end ?? 0,
    durationMs: Math.round(context.elapsedMs),
  };
}

/** The body of POST /api/recitations for a 默寫 run: the range and what was written. */
export function recallBody(context: RecitationContext): FinishRecitationBody {
  return { ...runBody(context), mode: 'free_recall', mistakes: 0, written: context.written };
}

/** The body of POST /api/recitations for a finished run. */
export function finishBody(context: RecitationContext): FinishRecitationBody {
  return { ...runBody(context), mode: 'choice', mistakes: context.mistakes, picks: context.picks };
}

export const recitationMachine = setup({
  types: {
    context: {} as RecitationContext,
    events: {} as RecitationEvent,
    input: {} as RecitationInput,
  },
  actors: {
    /** Sends `tick` with the real time passed, every 100 ms, while the practice runs. */
    ticker: fromCallback<RecitationEvent>(({ sendBack }) => {
      let last = performance.now();
      const id = setInterval(() => {
        const now = performance.now();
        sendBack({ type: 'tick', ms: now - last });
        last = now;
      }, RECITATION_TIMINGS.timerTickMs);
      return () => clearInterval(id);
    }),
    saveRecitation: fromPromise<void, SaveRecitationInput>(async () => {}),
    /** Sends a 默寫 run and resolves with the server's marking. */
    markRecall: fromPromise<RecitationResult, MarkRecallInput>(async () => {
      throw new Error('markRecall is provided by the page');
    }),
  },
  actions: {
    /** Plays a tone when `audible`; the page provides the Web Audio implementation. */
    playTone: (_, _params: { tone: Tone; audible: boolean }) => {},
    chooseLesson: assign(({ event }) => {
      if (event.type !== 'lesson.choose') return {};
      const length = Array.from(event.lesson.content).length;
      return {
        lesson: event.lesson,
        length,
        selection: { start: 0, end: length },
        anchor: null,
        dragging: false,
      };
    }),
    clickCharacter: assign(({ context, event }) => {
      if (event.type !== 'range.click') return {};
      if (context.anchor === null) {
        return { anchor: event.index, selection: spanOf(event.index, event.index) };
      }
      return { anchor: null, selection: spanOf(context.anchor, event.index) };
    }),
    startDrag: assign(({ event }) =>
      event.type === 'range.drag.start'
        ? { anchor: event.index, dragging: true, selection: spanOf(event.index, event.index) }
        : {},
    ),
    extendDrag: assign(({ context, event }) =>
      event.type === 'range.drag.over' && context.dragging && context.anchor !== null
        ? { selection: spanOf(context.anchor, event.index) }
        : {},
    ),
    endDrag: assign({ dragging: false, anchor: null }),
    toggleDragMode: assign(({ context }) => ({ dragMode: !context.dragMode, dragging: false, anchor: null })),
    clearSelection: assign({ selection: null, anchor: null, dragging: false }),
    setSelection: assign(({ context, event }) =>
      event.type === 'range.set' && isValidRecitationRange(context.length, event.start, event.end)
        ? { selection: { start: event.start, end: event.end }, anchor: null, dragging: false }
        : {},
    ),
    selectFull: assign(({ context }) => ({ selection: { start: 0, end: context.length }, anchor: null })),
    selectFirstHalf: assign(({ context }) => ({
      selection: { start: 0, end: halfPoint(context.lesson?.content ?? '') },
      anchor: null,
    })),
    selectSecondHalf: assign(({ context }) => ({
      selection: { start: halfPoint(context.lesson?.content ?? ''), end: context.length },
      anchor: null,
    })),
    resetPractice: assign(({ context }) => {
      const text = context.lesson?.content ?? '';
      const { start, end } = context.selection ?? { start: 0, end: 0 };
      const position = nextRecitablePosition(text, start, end);
      return {
        position,
        mistakes: 0,
        correctCount: 0,
        elapsedMs: 0,
        picks: [],
        lastPickMs: 0,
        wrongChoice: null,
        result: null,
        runKey: newIdempotencyKey(),
        choices: choicesAt(context, position),
      };
    }),
    addElapsed: assign(({ context, event }) =>
      event.type === 'tick' ? { elapsedMs: context.elapsedMs + Math.max(0, event.ms) } : {},
    ),
    recordPick: assign(({ context, event }) =>
      event.type === 'choice.pick'
        ? {
            picks: [
              ...context.picks,
              {
                position: context.position,
                selected: event.choice,
                timeSpent: Math.max(0, Math.round(context.elapsedMs - context.lastPickMs)),
              },
            ],
            lastPickMs: context.elapsedMs,
          }
        : {},
    ),
    countCorrect: assign(({ context }) => ({ correctCount: context.correctCount + 1 })),
    countMistake: assign(({ context, event }) => ({
      mistakes: context.mistakes + 1,
      wrongChoice: event.type === 'choice.pick' ? event.choice : null,
    })),
    advance: assign(({ context }) => {
      const text = context.lesson?.content ?? '';
      const position = nextRecitablePosition(text, context.position + 1, context.selection?.end ?? 0);
      return { position, choices: choicesAt(context, position) };
    }),
    regenerateChoices: assign(({ context }) => ({
      wrongChoice: null,
      choices: choicesAt(context, context.position),
    })),
    recoverFromWrong: assign(({ context }) =>
      context.wrongChoice === null
        ? {}
        : { wrongChoice: null, choices: choicesAt(context, context.position) },
    ),
    toggleSound: assign(({ context }) => ({ sound: !context.sound })),
    computeResult: assign(({ context }) => {
      const accuracy = recitationAccuracy(context.correctCount, context.mistakes);
      return { result: { accuracy, grade: recitationGrade(accuracy) } };
    }),
    forgetLesson: assign({ lesson: null, selection: null, anchor: null, length: 0 }),
    resetRecall: assign({ written: '', recall: null, elapsedMs: 0 }),
    keepWritten: assign(({ context, event }) => {
      if (event.type !== 'recall.submit') return {};
      // Another answer is another run (a new key); the same answer resent keeps its key.
      return event.written === context.written ? {} : { written: event.written, runKey: newIdempotencyKey() };
    }),
  },
  guards: {
    lessonHasContent: ({ event }) =>
      event.type === 'lesson.choose' &&
      recitableCount(event.lesson.content, 0, Array.from(event.lesson.content).length) > 0,
    rangeIsPractisable: ({ context }) => {
      const selection = context.selection;
      if (!selection || !context.lesson) return false;
      return (
        isValidRecitationRange(context.length, selection.start, selection.end) &&
        recitableCount(context.lesson.content, selection.start, selection.end) > 0
      );
    },
    isCorrectChoice: ({ context, event }) =>
      event.type === 'choice.pick' &&
      event.choice === Array.from(context.lesson?.content ?? '')[context.position],
    isChoiceMode: ({ context }) => context.mode === 'choice',
    hasWritten: ({ event }) => event.type === 'recall.submit' && event.written.trim().length > 0,
    isLastCharacter: ({ context }) =>
      nextRecitablePosition(
        context.lesson?.content ?? '',
        context.position + 1,
        context.selection?.end ?? 0,
      ) >= (context.selection?.end ?? 0),
  },
  delays: {
    correctAdvance: RECITATION_TIMINGS.correctAdvanceMs,
    wrongFeedback: RECITATION_TIMINGS.wrongFeedbackMs,
  },
}).createMachine({
  id: 'recitation',
  context: ({ input }) => ({
    ...input,
    mode: input.mode ?? 'choice',
    written: '',
    recall: null,
    lesson: null,
    length: 0,
    selection: null,
    anchor: null,
    dragMode: false,
    dragging: false,
    position: 0,
    mistakes: 0,
    correctCount: 0,
    elapsedMs: 0,
    picks: [],
    lastPickMs: 0,
    choices: [],
    wrongChoice: null,
    result: null,
    runKey: '',
  }),
  initial: 'select',
  on: { 'sound.toggle': { actions: 'toggleSound' } },
  states: {
    select: {
      on: { 'lesson.choose': { guard: 'lessonHasContent', target: 'range', actions: 'chooseLesson' } },
    },
    range: {
      on: {
        'range.click': { actions: 'clickCharacter' },
        'range.drag.toggle': { actions: 'toggleDragMode' },
        'range.drag.start': { actions: 'startDrag' },
        'range.drag.over': { actions: 'extendDrag' },
        'range.drag.end': { actions: 'endDrag' },
        'range.clear': { actions: 'clearSelection' },
        'range.set': { actions: 'setSelection' },
        'range.full': { actions: 'selectFull' },
        'range.firstHalf': { actions: 'selectFirstHalf' },
        'range.secondHalf': { actions: 'selectSecondHalf' },
        'range.back': { target: 'select', actions: 'forgetLesson' },
        'practice.start': [
          { guard: and(['rangeIsPractisable', 'isChoiceMode']), target: 'practice' },
          { guard: 'rangeIsPractisable', target: 'recall' },
        ],
      },
    },
    practice: {
      entry: 'resetPractice',
      initial: 'running',
      on: {
        'practice.restart': { target: 'practice', reenter: true },
        'practice.back': { target: 'range' },
      },
      states: {
        running: {
          invoke: { src: 'ticker' },
          on: { tick: { actions: 'addElapsed' } },
          initial: 'answering',
          states: {
            answering: {
              on: {
                'practice.pause': { target: '#recitation.practice.paused' },
                'choice.pick': [
                  {
                    guard: 'isCorrectChoice',
                    target: 'correct',
                    actions: [
                      'recordPick',
                      'countCorrect',
                      {
                        type: 'playTone',
                        params: ({ context }) => ({ tone: 'correct', audible: context.sound }),
                      },
                    ],
                  },
                  {
                    target: 'wrong',
                    actions: [
                      'recordPick',
                      'countMistake',
                      {
                        type: 'playTone',
                        params: ({ context }) => ({ tone: 'wrong', audible: context.sound }),
                      },
                    ],
                  },
                ],
              },
            },
            correct: {
              after: {
                correctAdvance: [
                  { guard: 'isLastCharacter', target: '#recitation.results' },
                  { target: 'answering', actions: 'advance' },
                ],
              },
            },
            wrong: {
              on: { 'practice.pause': { target: '#recitation.practice.paused' } },
              after: { wrongFeedback: { target: 'answering', actions: 'regenerateChoices' } },
            },
          },
        },
        paused: {
          on: { 'practice.resume': { target: 'running', actions: 'recoverFromWrong' } },
        },
      },
    },
    recall: {
      entry: 'resetRecall',
      on: { 'practice.back': { target: 'range' } },
      initial: 'writing',
      states: {
        writing: {
          invoke: { src: 'ticker' },
          on: {
            tick: { actions: 'addElapsed' },
            'recall.submit': { guard: 'hasWritten', target: 'marking', actions: 'keepWritten' },
          },
        },
        marking: {
          invoke: {
            src: 'markRecall',
            input: ({ context }) => ({ body: recallBody(context), idempotencyKey: context.runKey }),
            onDone: { target: 'marked', actions: assign({ recall: ({ event }) => event.output }) },
            onError: { target: 'failed' },
          },
        },
        marked: { on: { 'recall.again': { target: '#recitation.recall', reenter: true } } },
        failed: {
          on: { 'recall.submit': { guard: 'hasWritten', target: 'marking', actions: 'keepWritten' } },
        },
      },
    },
    results: {
      entry: [
        'computeResult',
        { type: 'playTone', params: ({ context }) => ({ tone: 'complete', audible: context.sound }) },
      ],
      on: {
        'results.again': { target: 'range' },
        'results.another': { target: 'select', actions: 'forgetLesson' },
      },
      initial: 'saving',
      states: {
        saving: {
          invoke: {
            src: 'saveRecitation',
            input: ({ context }) => ({ body: finishBody(context), idempotencyKey: context.runKey }),
            onDone: { target: 'saved' },
            onError: { target: 'failed' },
          },
        },
        saved: {},
        failed: { on: { 'results.retrySave': { target: 'saving' } } },
      },
    },
  },
});
