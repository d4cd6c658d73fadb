/**
 * The learner stream: the decider's state and `evolve`, over its events (event-types.ts, re-exported
 * here).
 */

import type { PaceRecord } from '../pace/pace.ts';
import {
  foldReviewLedger,
  initialReviewLedger,
  type ReviewLedger,
  reviewLedgerOf,
} from '../review/review-book.ts';
import { assertNever } from '../shared/errors.ts';
import type { HongKongDay } from '../time/hong-kong.ts';
import type { AnswerSubmitted, AppealStatus, LearnerEvent } from './event-types.ts';

export * from './event-types.ts';

/** What the decider remembers of one lesson. */
export type LessonState = {
  /** Question ids answered at least once, as a set. */
  readonly answered: Readonly<Record<string, true>>;
  readonly questionsCompleted: number;
  readonly completed: boolean;
  /** Node types completed, in the order first completed. */
  readonly nodeTypes: readonly string[];
  readonly unitCompleted: boolean;
  /** Question ids answered correctly at least once (they have earned their XP), as a set. */
  readonly correct: Readonly<Record<string, true>>;
  /**
   * Per node type, the session in progress: the latest verdict on each question of that type answered
   * since the node was last finished (completed or fallen short), keyed `:<question id>`, at most
   * NODE_SESSION_LIMIT of them.
   */
  readonly nodeSessions: Readonly<Record<string, Readonly<Record<string, boolean>>>>;
  /** Per node type, the best score of a finished session (completed or not). */
  readonly nodeBest: Readonly<Record<string, number>>;
};

/**
 * The decider's state: only what `decide` needs. JSON-serialisable; records are keyed by the id as a
 * string. It is stored as a bounded core (the snapshot) and parts by question and by answer, read by
 * key with a command (state-parts.ts). Folding copies at most one lesson's answered set, so the
 * cost of an event does not grow with the length of the history.
 */
export type LearnerState = {
  readonly totalXP: number;
  readonly streakDays: number;
  readonly lastActiveDay: HongKongDay | null;
  readonly correctRun: number;
  readonly lessons: Readonly<Record<string, LessonState>>;
  /** Questions in the error book and whether they are still to practise. */
  readonly errorBook: Readonly<Record<string, 'active' | 'mastered'>>;
  /** Appeals by the stream version of the answer they appeal (absent in states folded before appeals). */
  readonly appeals?: Readonly<Record<string, AppealStatus>>;
  /**
   * Answers left pending (待老師批閱) that a teacher has marked, by their stream version, as a set
   * (absent in states folded before teacher marking).
   */
  readonly teacherMarked?: Readonly<Record<string, true>>;
  /** The exam plan, review settings, today's due reviews and each card's memory (issue 21). */
  readonly reviews: ReviewLedger;
  /** The pace bucket of XP-paying answers (pace/pace.ts); absent until the first paced answer. */
  readonly pace?: PaceRecord;
  /**
   * Answers recorded since the last finished vocabulary session, by lesson: [answered, correct]. A
   * session counts only these (issue 37); absent before the first answer after issue 37.
   */
  readonly vocabularyTally?: Readonly<Record<string, readonly [number, number]>>;
  /** Self-marked answers a teacher confirmed, by their stream version (issue 37). */
  readonly confirmedSelfMarks?: Readonly<Record<string, true>>;
};

/**
 * The version of `LearnerState`'s shape, stored with each snapshot of it: bump it with any change to
 * the shape (the store's shape test fails until you do), and snapshots of the old shape are ignored
 * and the log refolded.
 */
export const LEARNER_STATE_VERSION = 10;

/** The digest of `LearnerState`'s shape at each version (packages/store/src/stored-shapes.test.ts). */
export const LEARNER_STATE_SHAPES: Readonly<Record<number, string>> = {
  1: '1e7c329b2893d66a',
  // 2: a lesson remembers its correct answers, node sessions and best node scores (fair XP), and the
  // state no longer holds the school name (personal data lives in the account).
  2: '4da58fc91cafd47a',
  // 3: the state remembers appeals by the version of the answer they appeal.
  3: '4f48b5a5f5773c49',
  // 4: the review book (exam plan, settings, today's due reviews, cards) for review XP and scheduling.
  4: 'c201634a9e3cb432',
  // 5: the review book keeps each card's memory as a compact tuple by lesson (a smaller snapshot).
  5: 'b27b75a46f332c1a',
  // 6: the state remembers which pending answers (待老師批閱) a teacher has marked.
  6: '36663cf4c456a126',
  // 7: the pace bucket, the vocabulary session's answers and the confirmed self-marks (issue 37).
  7: 'a494a006371414d1',
  // 8: the same shape stored as a core and parts (state-parts.ts); node sessions keyed `:<id>`, bounded.
  8: 'a494a006371414d1',
  // 9: the same shape; node sessions in progress are parts of their own (`n:<lesson>:<type>`), not core.
  9: 'a494a006371414d1',
  // 10: the same shape; each lesson's record is a part of its own (`l:<lesson>`): the core holds no lesson.
  10: 'a494a006371414d1',
};

export const initialLearnerState: LearnerState = {
  totalXP: 0,
  streakDays: 0,
  lastActiveDay: null,
  correctRun: 0,
  lessons: {},
  errorBook: {},
  appeals: {},
  reviews: initialReviewLedger,
};

const emptyLesson: LessonState = {
  answered: {},
  questionsCompleted: 0,
  completed: false,
  nodeTypes: [],
  unitCompleted: false,
  correct: {},
  nodeSessions: {},
  nodeBest: {},
};

/** The decider's view of a lesson (an empty one when the learner never touched it). */
export function lessonState(state: LearnerState, lessonId: number): LessonState {
  const lesson = state.lessons[String(lessonId)];
  if (lesson === undefined) return emptyLesson;
  // A lesson folded before a field existed (a state built by an older release) reads it as empty.
  return lesson.correct === undefined || lesson.nodeSessions === undefined || lesson.nodeBest === undefined
    ? { ...emptyLesson, ...lesson }
    : lesson;
}

function withLesson(
  state: LearnerState,
  lessonId: number,
  change: (lesson: LessonState) => LessonState,
): LearnerState {
  return {
    ...state,
    lessons: { ...state.lessons, [String(lessonId)]: change(lessonState(state, lessonId)) },
  };
}

function withAppeal(state: LearnerState, answerVersion: number, status: AppealStatus): LearnerState {
  return { ...state, appeals: { ...state.appeals, [String(answerVersion)]: status } };
}

/** True when a teacher has marked the pending answer at `answerVersion`. */
export function isTeacherMarked(state: LearnerState, answerVersion: number): boolean {
  return state.teacherMarked?.[String(answerVersion)] === true;
}

/** The status of the appeal of the answer at `answerVersion`, or undefined when it was never appealed. */
export function appealStatus(state: LearnerState, answerVersion: number): AppealStatus | undefined {
  return state.appeals?.[String(answerVersion)];
}

/** Applies one event to the decider's state. */
export function evolve(state: LearnerState, event: LearnerEvent): LearnerState {
  const reviews = reviewLedgerOf(state);
  const nextReviews = foldReviewLedger(reviews, event);
  const next = evolveProgress(state, event);
  return nextReviews === reviews && next.reviews === reviews ? next : { ...next, reviews: nextReviews };
}

function evolveProgress(state: LearnerState, event: LearnerEvent): LearnerState {
  switch (event.type) {
    case 'AnswerSubmitted': {
      const { data } = event;
      if (data.pendingReview === true) return pendingAnswerSubmitted(state, event);
      const next = withLesson(state, data.lessonId, (lesson) => {
        const session = lesson.nodeSessions[data.questionType] ?? {};
        return {
          ...lesson,
          answered: lesson.answered[data.questionId]
            ? lesson.answered
            : { ...lesson.answered, [data.questionId]: true },
          questionsCompleted: data.questionsCompleted,
          // A question is answered right for XP once an answer paid, or once it was answered back right
          // after its key was shown ('relearn': later only its review pays); an answer withheld for its
          // pace may still pay later, at a human pace.
          correct:
            data.isCorrect &&
            (data.xpWithheld === undefined || data.xpWithheld === 'relearn') &&
            !lesson.correct[data.questionId]
              ? { ...lesson.correct, [data.questionId]: true }
              : lesson.correct,
          nodeSessions: {
            ...lesson.nodeSessions,
            [data.questionType]: sessionWith(session, data.questionId, data.isCorrect),
          },
        };
      });
      const errorBook = data.isCorrect
        ? next.errorBook
        : { ...next.errorBook, [data.questionId]: 'active' as const };
      const tally = next.vocabularyTally?.[String(data.lessonId)] ?? [0, 0];
      const vocabularyTally = {
        ...next.vocabularyTally,
        [String(data.lessonId)]: [tally[0] + 1, tally[1] + (data.isCorrect ? 1 : 0)] as const,
      };
      return data.pace === undefined
        ? { ...next, correctRun: data.correctRun, errorBook, vocabularyTally }
        : { ...next, correctRun: data.correctRun, errorBook, vocabularyTally, pace: data.pace };
    }
    case 'XpAwarded':
      return { ...state, totalXP: state.totalXP + event.data.amount };
    case 'DailySignedIn':
      return { ...state, lastActiveDay: event.data.day };
    case 'StreakExtended':
    case 'StreakReset':
      return { ...state, streakDays: event.data.streakDays };
    case 'NodeCompleted':
    case 'NodeFellShort': {
      const { lessonId, nodeType, score } = event.data;
      return withLesson(state, lessonId, (lesson) => {
        // A node completed by its answers keeps its session for the results call that may follow.
        const keep = event.type === 'NodeCompleted' && event.data.byAnswers === true;
        const { [nodeType]: _finished, ...rest } = lesson.nodeSessions;
        const nodeSessions = keep ? lesson.nodeSessions : rest;
        return {
          ...lesson,
          nodeTypes:
            event.type === 'NodeCompleted' && !lesson.nodeTypes.includes(nodeType)
              ? [...lesson.nodeTypes, nodeType]
              : lesson.nodeTypes,
          nodeSessions,
          nodeBest: { ...lesson.nodeBest, [nodeType]: Math.max(lesson.nodeBest[nodeType] ?? 0, score) },
        };
      });
    }
    case 'LessonCompleted':
      return withLesson(state, event.data.lessonId, (lesson) => ({ ...lesson, completed: true }));
    case 'UnitCompleted':
      return withLesson(state, event.data.lessonId, (lesson) => ({ ...lesson, unitCompleted: true }));
    case 'ErrorQuestionMastered':
      return { ...state, errorBook: { ...state.errorBook, [event.data.questionId]: 'mastered' } };
    case 'SchoolChanged':
    case 'FairPlayFlagCleared':
      return state;
    case 'AnswerAppealed':
      return withAppeal(state, event.data.answerVersion, 'pending');
    case 'AppealDeclined':
      return withAppeal(state, event.data.answerVersion, 'declined');
    case 'AnswerRemarked': {
      const { data } = event;
      const next = withAppeal(state, data.answerVersion, 'accepted');
      if (!data.isCorrect) return next;
      const marked = withLesson(next, data.lessonId, (lesson) =>
        lesson.correct[data.questionId]
          ? lesson
          : { ...lesson, correct: { ...lesson.correct, [data.questionId]: true } },
      );
      // The answer was right after all: its question leaves the list still to practise.
      return marked.errorBook[data.questionId] === 'active'
        ? { ...marked, errorBook: { ...marked.errorBook, [data.questionId]: 'mastered' } }
        : marked;
    }
    case 'AnswerRemarkedOnRevert': {
      const { data } = event;
      // XP paid stays paid and `correct` stays set (the question never pays twice); the answer is
      // wrong again, so its question is back in the error book.
      if (data.isCorrect || !data.wasCorrect) return state;
      return { ...state, errorBook: { ...state.errorBook, [data.questionId]: 'active' } };
    }
    case 'AnswerTeacherMarked': {
      const { data } = event;
      const marked = {
        ...state,
        teacherMarked: { ...state.teacherMarked, [String(data.answerVersion)]: true as const },
      };
      if (!data.isCorrect) {
        return { ...marked, errorBook: { ...marked.errorBook, [data.questionId]: 'active' } };
      }
      return withLesson(marked, data.lessonId, (lesson) =>
        lesson.correct[data.questionId]
          ? lesson
          : { ...lesson, correct: { ...lesson.correct, [data.questionId]: true } },
      );
    }
    case 'SelfMarkConfirmed': {
      const { data } = event;
      const next = {
        ...state,
        confirmedSelfMarks: { ...state.confirmedSelfMarks, [String(data.answerVersion)]: true as const },
      };
      if (!data.isCorrect) return next;
      return withLesson(next, data.lessonId, (lesson) =>
        lesson.correct[data.questionId]
          ? lesson
          : { ...lesson, correct: { ...lesson.correct, [data.questionId]: true } },
      );
    }
    case 'VocabularyExerciseCompleted':
      // The next session counts the answers from here on.
      return state.vocabularyTally === undefined ? state : { ...state, vocabularyTally: {} };
    case 'ErrorNoteSaved':
    case 'RecitationFinished':
    case 'ExamDateSet':
    case 'ReviewSettingsChanged':
      return state;
    default:
      return assertNever(event);
  }
}

/**
 * The most verdicts a node session keeps: its latest answers. A session needs at most 8 (min(8, the
 * node's questions)); a learner who answers on and on without finishing it is scored on the latest
 * NODE_SESSION_LIMIT, so the decider's state stays bounded however long the session runs (issue 38).
 */
export const NODE_SESSION_LIMIT = 40;

/**
 * A node session after a verdict on `questionId`: the latest verdicts, the newest last. Keys are the
 * ids after a colon, so that numeric ids keep the order they came in (JavaScript puts integer keys first).
 */
export function sessionWith(
  session: Readonly<Record<string, boolean>>,
  questionId: string,
  verdict: boolean,
): Readonly<Record<string, boolean>> {
  const key = `:${questionId}`;
  const { [key]: _earlier, ...rest } = session;
  const ids = Object.keys(rest);
  if (ids.length < NODE_SESSION_LIMIT) return { ...rest, [key]: verdict };
  const kept: Record<string, boolean> = {};
  for (const id of ids.slice(ids.length - NODE_SESSION_LIMIT + 1)) kept[id] = rest[id] as boolean;
  kept[key] = verdict;
  return kept;
}

/**
 * A pending answer (待老師批閱) counts as answered (lesson progress) but as neither right nor wrong: no
 * verdict in the node's session, the run and the error book untouched, until a teacher marks it.
 */
function pendingAnswerSubmitted(state: LearnerState, { data }: AnswerSubmitted): LearnerState {
  return withLesson(state, data.lessonId, (lesson) => ({
    ...lesson,
    answered: lesson.answered[data.questionId]
      ? lesson.answered
      : { ...lesson.answered, [data.questionId]: true },
    questionsCompleted: data.questionsCompleted,
  }));
}

/** Folds events over a state (the initial state by default). */
export function foldLearner(
  events: Iterable<LearnerEvent>,
  state: LearnerState = initialLearnerState,
): LearnerState {
  let current = state;
  for (const event of events) current = evolve(current, event);
  return current;
}
