/**
 * The state-parts rules one by one on a hand-built state (state-parts.test.ts and the property test
 * hold them on folded histories): which parts a command reads and an event changes, what each part
 * holds, and that a state taken apart and put together again is the same state.
 */
import { describe, expect, it } from 'vitest';
import type { CardMemory } from '../review/review-book.ts';
import type { LearnerCommand } from './decide.ts';
import {
  initialLearnerState,
  type LearnerEvent,
  type LearnerState,
  type LessonState,
  lessonState,
} from './events.ts';
import {
  answerPartKey,
  commandPartKeys,
  eventPartKeys,
  keepStateParts,
  lessonPartKey,
  nodePartKey,
  questionPartKey,
  stateCore,
  statePart,
  statePartKeys,
  withCoreOf,
  withStateParts,
} from './state-parts.ts';

const command = (type: string, data: Record<string, unknown>) =>
  ({ type, data }) as unknown as LearnerCommand;
const event = (type: string, data: Record<string, unknown>) =>
  ({ type, schemaVersion: 1, data }) as unknown as LearnerEvent;

const lesson = (parts: Partial<LessonState>): LessonState => ({
  ...lessonState(initialLearnerState, 1),
  ...parts,
});

/** A state folded before lessons kept their verdicts and sessions, before appeals and before cards. */
const beforeVerdictsAndCards = () =>
  ({
    ...initialLearnerState,
    lessons: {
      '1': { ...lesson({ answered: { q1: true } }), correct: undefined, nodeSessions: undefined },
    },
    appeals: undefined,
    reviews: { ...initialLearnerState.reviews, memory: undefined },
  }) as unknown as LearnerState;
const memory = (dueMs: number) => [dueMs, 0, 2.5, 5, 1, 0, 2] as unknown as CardMemory;

/**
 * Lesson 1: q1 answered right, q4 answered wrong, a word session in progress, a finished (empty)
 * theme session; q2 in the error book only; q3 a card of lesson 9, which the state has no record of;
 * answer 5 appealed, 6 teacher-marked, 7 a confirmed self-mark.
 */
const state: LearnerState = {
  ...initialLearnerState,
  totalXP: 40,
  lessons: {
    '1': lesson({
      answered: { q1: true, q4: true },
      correct: { q1: true },
      nodeSessions: { word: { ':q1': true, ':q4': false }, theme: {} },
    }),
  },
  errorBook: { q2: 'active', q4: 'active' },
  appeals: { '5': 'pending' },
  teacherMarked: { '6': true },
  confirmedSelfMarks: { '7': true },
  reviews: { ...initialLearnerState.reviews, memory: { '1': { q1: memory(100) }, '9': { q3: memory(200) } } },
};

describe('the parts a command reads', () => {
  it('a finished node reads its node session and its lesson', () => {
    expect(commandPartKeys(command('CompleteNode', { lessonId: 1, nodeType: 'word' }))).toEqual([
      'n:1:word',
      'l:1',
    ]);
  });
  it('an error-book note or mastery reads its question', () => {
    expect(commandPartKeys(command('SaveErrorNote', { questionId: 'q2' }))).toEqual(['q:q2']);
    expect(commandPartKeys(command('MasterErrorQuestion', { questionId: 'q2' }))).toEqual(['q:q2']);
  });
  it('a command on one answer reads its question and the answer', () => {
    for (const type of [
      'AppealAnswer',
      'DeclineAppeal',
      'AcceptAppeal',
      'MarkPendingAnswer',
      'ConfirmSelfMark',
    ]) {
      expect(commandPartKeys(command(type, { answer: { questionId: 'q1', version: 5 } }))).toEqual([
        'q:q1',
        'v:5',
      ]);
    }
  });
  it('a re-mark after a revert reads each answer it names and its question', () => {
    const answers = [
      { questionId: 'q1', version: 5 },
      { questionId: 'q4', version: 8 },
    ];
    expect(commandPartKeys(command('RemarkAfterRevert', { answers }))).toEqual([
      'q:q1',
      'v:5',
      'q:q4',
      'v:8',
    ]);
  });
  it('a command on the core alone reads no part', () => {
    expect(commandPartKeys(command('SignIn', {}))).toEqual([]);
    expect(commandPartKeys(command('ChangeSchoolName', { schoolName: '某校' }))).toEqual([]);
  });
});

describe('the parts an event changes', () => {
  it('a mastered question changes its question', () => {
    expect(eventPartKeys(event('ErrorQuestionMastered', { questionId: 'q2' }))).toEqual(['q:q2']);
  });
  it('a finished node session (completed or short) changes the session and its lesson', () => {
    for (const type of ['NodeCompleted', 'NodeFellShort']) {
      expect(eventPartKeys(event(type, { lessonId: 1, nodeType: 'word' }))).toEqual(['n:1:word', 'l:1']);
    }
  });
  it('a completed lesson or unit changes its lesson', () => {
    expect(eventPartKeys(event('LessonCompleted', { lessonId: 4 }))).toEqual(['l:4']);
    expect(eventPartKeys(event('UnitCompleted', { lessonId: 4 }))).toEqual(['l:4']);
  });
  it('an appeal or its decline changes only the answer', () => {
    expect(eventPartKeys(event('AnswerAppealed', { answerVersion: 5 }))).toEqual(['v:5']);
    expect(eventPartKeys(event('AppealDeclined', { answerVersion: 5 }))).toEqual(['v:5']);
  });
  it('a change of marks changes the question and the answer', () => {
    for (const type of [
      'AnswerRemarked',
      'AnswerRemarkedOnRevert',
      'AnswerTeacherMarked',
      'SelfMarkConfirmed',
    ]) {
      expect(eventPartKeys(event(type, { questionId: 'q1', answerVersion: 5 }))).toEqual(['q:q1', 'v:5']);
    }
  });
  it('an event of the core alone changes no part', () => {
    expect(eventPartKeys(event('SignedIn', {}))).toEqual([]);
  });
});

describe('a part', () => {
  it('of an answer holds its appeal, its teacher mark and its confirmed self-mark', () => {
    expect(statePart(state, answerPartKey(5))).toEqual({ p: 'pending' });
    expect(statePart(state, answerPartKey(6))).toEqual({ t: 1 });
    expect(statePart(state, answerPartKey(7))).toEqual({ s: 1 });
    expect(statePart(state, answerPartKey(8))).toBeUndefined();
  });
  it('of a question holds its error-book status even when it was never answered', () => {
    expect(statePart(state, questionPartKey('q2'))).toEqual({ e: 'active', l: {} });
    expect(statePart(state, questionPartKey('q4'))).toEqual({ e: 'active', l: { '1': { a: 1 } } });
  });
  it('of a question holds its card, also of a lesson the state has no record of', () => {
    expect(statePart(state, questionPartKey('q1'))).toEqual({ l: { '1': { a: 1, c: 1, m: memory(100) } } });
    expect(statePart(state, questionPartKey('q3'))).toEqual({ l: { '9': { m: memory(200) } } });
  });
  it('of a lesson holds its progress, leaving out what is false or empty', () => {
    expect(statePart(state, lessonPartKey(1))).toEqual({ q: 0 });
    const done = lesson({
      questionsCompleted: 12,
      completed: true,
      nodeTypes: ['word'],
      unitCompleted: true,
      nodeBest: { word: 90 },
    });
    expect(statePart({ ...state, lessons: { '2': done } }, lessonPartKey(2))).toEqual({
      q: 12,
      c: 1,
      t: ['word'],
      u: 1,
      b: { word: 90 },
    });
    expect(statePart(state, lessonPartKey(3))).toBeUndefined();
  });
  it('of a node session of a lesson never touched is empty (so that a stored row is written over)', () => {
    expect(statePart(state, nodePartKey(3, 'word'))).toEqual({});
  });
});

describe('every part key of a state', () => {
  it('names each question, each session in progress and each answer with a record, once', () => {
    expect(new Set(statePartKeys(state))).toEqual(
      new Set(['l:1', 'q:q1', 'q:q4', 'q:q2', 'q:q3', 'n:1:word', 'v:5', 'v:6', 'v:7']),
    );
    expect(statePartKeys(state)).toHaveLength(9);
  });
  it('reads a state folded before lessons kept their verdicts and sessions, and before cards', () => {
    const older = beforeVerdictsAndCards();
    expect(statePartKeys(older)).toEqual(['l:1', 'q:q1']);
    expect(statePart(older, 'q:q1')).toEqual({ l: { '1': { a: 1 } } });
    expect(statePart(older, nodePartKey(1, 'word'))).toEqual({});
  });
});

describe('a state taken apart and put together', () => {
  const allParts = (s: LearnerState) =>
    Object.fromEntries(statePartKeys(s).map((key) => [key, statePart(s, key)] as const));

  it('the core holds no part', () => {
    const core = stateCore(state);
    expect(statePartKeys(core)).toEqual([]);
    expect(core.totalXP).toBe(40);
  });
  it('is the same state from its core and all its parts', () => {
    // A finished (empty) node session is no part: put together, the state holds no record of it.
    const lesson1 = state.lessons['1'] as LessonState;
    const same: LearnerState = {
      ...state,
      lessons: { '1': { ...lesson1, nodeSessions: { word: lesson1.nodeSessions.word ?? {} } } },
    };
    expect(withStateParts(stateCore(state), allParts(state))).toEqual(same);
    expect(keepStateParts(state, statePartKeys(state))).toEqual(same);
  });
  it('keeps only the parts named, and a key the state knows nothing of adds nothing', () => {
    const kept = keepStateParts(state, ['q:q1', 'v:8']);
    // The question's lesson is there for its answered set; its record is empty until its part is put in.
    expect(statePartKeys(kept)).toEqual(['l:1', 'q:q1']);
    expect(kept.lessons['1']?.questionsCompleted).toBe(0);
    expect(kept.errorBook).toEqual({});
  });
  it('is the state itself when no parts are put in', () => {
    expect(withStateParts(state, {})).toBe(state);
  });
  it('adds a lesson for a question part of a lesson the state has not touched', () => {
    const put = withStateParts(initialLearnerState, {
      'q:q9': { e: 'mastered', l: { '4': { a: 1, c: 1 } } },
    });
    expect(put.lessons['4']).toEqual(lesson({ answered: { q9: true }, correct: { q9: true } }));
    expect(put.errorBook).toEqual({ q9: 'mastered' });
    // A card alone adds the card and no lesson record.
    const card = withStateParts(initialLearnerState, { 'q:q9': { l: { '4': { m: memory(1) } } } });
    expect(card.lessons['4']).toBeUndefined();
    expect(card.reviews.memory['4']).toEqual({ q9: memory(1) });
  });
  it('leaves a state from before teacher marking and self-marks without them unless a part brings one', () => {
    const older: LearnerState = { ...initialLearnerState };
    const plain = withStateParts(older, { 'v:5': { p: 'accepted' } });
    expect(plain.appeals).toEqual({ '5': 'accepted' });
    expect('teacherMarked' in plain).toBe(false);
    expect('confirmedSelfMarks' in plain).toBe(false);
    const marked = withStateParts(older, { 'v:6': { t: 1 }, 'v:7': { s: 1 } });
    expect(marked.teacherMarked).toEqual({ '6': true });
    expect(marked.confirmedSelfMarks).toEqual({ '7': true });
    const core = stateCore(older);
    expect('teacherMarked' in core).toBe(false);
  });
  it('puts a node session into a lesson stored before node sessions were kept', () => {
    const older = {
      ...initialLearnerState,
      lessons: { '3': { ...lesson({ answered: { q1: true } }), nodeSessions: undefined } },
    } as unknown as LearnerState;
    const put = withStateParts(older, { 'n:3:word': { ':q1': true } });
    expect(put.lessons['3']?.nodeSessions).toEqual({ word: { ':q1': true } });
    expect(put.lessons['3']?.answered).toEqual({ q1: true });
  });
  it('puts a lesson part into its record, keeping what the other parts put in', () => {
    const put = withStateParts(initialLearnerState, {
      'q:q9': { l: { '4': { a: 1 } } },
      'l:4': { q: 7, c: 1, t: ['word'], b: { word: 80 } },
    });
    expect(put.lessons['4']).toEqual(
      lesson({
        answered: { q9: true },
        questionsCompleted: 7,
        completed: true,
        nodeTypes: ['word'],
        nodeBest: { word: 80 },
      }),
    );
    const over = withStateParts(put, { 'l:4': { q: 8 } });
    expect(over.lessons['4']).toEqual(lesson({ answered: { q9: true }, questionsCompleted: 8 }));
  });
  it('puts a node session of a lesson the state has not touched into a new lesson record', () => {
    const put = withStateParts(initialLearnerState, { 'n:3:word': { ':q1': true } });
    expect(put.lessons['3']?.nodeSessions).toEqual({ word: { ':q1': true } });
  });
});

describe('a newer core with the parts of an older state', () => {
  it('takes the figures of the core and the lessons and other parts of the older state', () => {
    const newer: LearnerState = { ...stateCore(state), totalXP: 55 };
    expect(newer.lessons).toEqual({});
    const merged = withCoreOf(newer, state);
    expect(merged.totalXP).toBe(55);
    expect(merged.lessons).toBe(state.lessons);
    expect(merged.errorBook).toEqual(state.errorBook);
    expect(merged.appeals).toEqual(state.appeals);
    expect(merged.teacherMarked).toEqual(state.teacherMarked);
    expect(merged.confirmedSelfMarks).toEqual(state.confirmedSelfMarks);
    expect(merged.reviews.memory).toEqual(state.reviews.memory);
  });
  it('reads an older state without verdicts, sessions, appeals, marks or cards as holding none', () => {
    const older = beforeVerdictsAndCards();
    const merged = withCoreOf(stateCore(state), older);
    expect(merged.lessons['1']).toMatchObject({ answered: { q1: true } });
    expect(merged.appeals).toEqual({});
    expect(merged.reviews.memory).toEqual({});
    // The core's own marks stay (empty in a core) when the older state has none.
    expect(withCoreOf(stateCore(state), older).teacherMarked).toEqual({});
  });
});
