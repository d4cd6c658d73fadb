/**
 * The learner stream's events: a typed, versioned union. Every event's data carries `at`, the ISO time
 * the server decided it, so no fold needs a clock, and enough for a teacher's replay to show it without
 * looking anything up but the question text. The decider's state and `evolve` are in events.ts.
 */
import type { GradingMethod } from '../grading/grading.ts';
import type { MarkingNoteCode } from '../grading/marker.ts';
import type { FairPlayFlag } from '../pace/flags.ts';
import type { PaceRecord, XpWithheld } from '../pace/pace.ts';
import type { RecitationGrade } from '../recitation/recitation.ts';
import type { ExamDateSource } from '../review/exam-date.ts';
import type { HongKongDay } from '../time/hong-kong.ts';
import type { XpReason } from '../xp/awards.ts';

/** The schema version of events whose shape never changed (and the floor of every type). */
export const LEARNER_EVENT_SCHEMA_VERSION = 1;

/**
 * The schema version each type is written with today. AnswerSubmitted is at 2: version 2 added the
 * points earned and available, the points themselves, self-assessment and whether the answer earned XP.
 */
export const LEARNER_EVENT_SCHEMA_VERSIONS = {
  AnswerSubmitted: 2,
  /** Version 2 added the mode (12 choices or 默書) and every attempt, character by character. */
  RecitationFinished: 2,
} as const satisfies Partial<Record<string, number>>;

type CurrentVersion<Type extends string> = Type extends keyof typeof LEARNER_EVENT_SCHEMA_VERSIONS
  ? (typeof LEARNER_EVENT_SCHEMA_VERSIONS)[Type]
  : typeof LEARNER_EVENT_SCHEMA_VERSION;

/** The schema version a type is written with today. */
export function currentSchemaVersion(type: string): number {
  return (
    (LEARNER_EVENT_SCHEMA_VERSIONS as Readonly<Record<string, number>>)[type] ?? LEARNER_EVENT_SCHEMA_VERSION
  );
}

type Event<Type extends string, Data> = {
  readonly type: Type;
  readonly schemaVersion: CurrentVersion<Type>;
  readonly data: Readonly<Data & { at: string }>;
};

/** Where an answer was given. */
export type AnswerSource = 'quiz' | 'vocabulary' | 'error_book' | 'past_paper';
export const ANSWER_SOURCES: readonly AnswerSource[] = ['quiz', 'vocabulary', 'error_book', 'past_paper'];

/** One scoring point of a marked free-text answer, as recorded (see grading/marker.ts). */
export type RecordedPoint = {
  readonly id: string;
  readonly kind: string;
  readonly label: string;
  readonly earned: boolean;
  /** The accepted rendering found in the answer, or null. */
  readonly matched: string | null;
  /** The rendering shown to a learner who missed the point. */
  readonly expected: string;
};

/** An answer, graded by the server against the stored question. */
export type AnswerSubmitted = Event<
  'AnswerSubmitted',
  {
    questionId: string;
    lessonId: number;
    questionType: string;
    difficulty: string;
    source: AnswerSource;
    selectedAnswer: string;
    /** The stored correct answer at grading time. */
    correctAnswer: string;
    isCorrect: boolean;
    gradingMethod: GradingMethod;
    /** Keywords found (keyword rule only, else null). */
    matchedKeywords: readonly string[] | null;
    /** Keywords needed (keyword rule only, else null). */
    requiredKeywords: number | null;
    /**
     * Points earned out of points available: a marked free-text answer's scoring points, a self-assessed
     * long answer's marks, otherwise 1 or 0 out of 1 (version 1 events read as all-or-nothing).
     */
    pointsEarned: number;
    pointsAvailable: number;
    /** The scoring points earned and missed (marked free text only; empty otherwise). */
    points: readonly RecordedPoint[];
    /** The answer reproduced the source instead of translating it (and so earned nothing). */
    copied: boolean;
    /**
     * What the marker noted beyond the points (錯別字, an added or missing negation, order, a word list):
     * codes of `MARKING_NOTE_CODES`. Absent when none, and on events before issue 36.
     */
    notes?: readonly MarkingNoteCode[];
    /** The learner marked this answer against the rubric (long paper questions), not the server. */
    selfAssessed: boolean;
    /**
     * A self-mark that counted at once (XP, accuracy, the board) under the learner's classes' rule
     * 直接計算 (issue 37). Absent: false (a self-mark waits for a teacher's SelfMarkConfirmed).
     */
    selfMarkCounted?: boolean;
    /** The answer earned XP: correct, and the first correct answer of this question by this learner. */
    earnedXp: boolean;
    /** Seconds the learner took. */
    timeSpent: number;
    /**
     * The moment the answer counts for: when the learner gave it (an answer given offline, within the
     * server's bound) or else when it arrived (= `at`). Absent on events written before offline answers.
     */
    answeredAt?: string;
    /** Consecutive correct answers up to and including this one (0 after a wrong answer). */
    correctRun: number;
    /** True the first time the learner answers this question. */
    firstAttempt: boolean;
    /** The lesson's progress after this answer: distinct questions answered, and the bank's size. */
    questionsCompleted: number;
    totalQuestions: number;
    /**
     * The question's review card was due by the end of the answer's Hong Kong day (a correct answer then
     * earned review XP; the answer counts toward the daily review goal). Absent before reviews: false.
     */
    wasDue?: boolean;
    /**
     * Why a correct answer that would have earned XP did not (pace/pace.ts: not served, too fast, beyond
     * the learner's rate, a relearned key). Absent when it earned XP, was wrong, or before issue 37.
     */
    xpWithheld?: XpWithheld;
    /** The learner's pace bucket after an answer that paid XP under the pace rule. */
    pace?: PaceRecord;
    /**
     * The marker could not be sure (待老師批閱): the answer waits for a teacher's marks. It earned no XP,
     * and counts as neither right nor wrong (accuracy, the run, the error book, its review card) until
     * an AnswerTeacherMarked marks it; `pointsEarned` is the marker's provisional mark. Absent: false.
     */
    pendingReview?: boolean;
  }
>;

/**
 * A teacher (or admin) marked an answer the marker left pending (待老師批閱). `answerVersion` is the
 * stream version of that AnswerSubmitted; the answer's facts are copied so the read models need
 * nothing else. From now on the answer counts with these marks, and the card of its question moves as
 * if it had been answered so at `answeredAt`.
 */
export type AnswerTeacherMarked = Event<
  'AnswerTeacherMarked',
  {
    answerVersion: number;
    questionId: string;
    lessonId: number;
    questionType: string;
    difficulty: string;
    selectedAnswer: string;
    correctAnswer: string;
    /** When the answer was given (its AnswerSubmitted's `answeredAt ?? at`). */
    answeredAt: string;
    teacherId: string;
    /** The marker's provisional mark. */
    provisionalPointsEarned: number;
    pointsEarned: number;
    pointsAvailable: number;
    /** The scheme's points as the teacher marked them (empty when the answer had none). */
    points: readonly RecordedPoint[];
    isCorrect: boolean;
    /** The teacher's note to the learner, trimmed, or null. */
    note: string | null;
    /** The marked answer is the learner's first correct answer of this question: it earns its XP. */
    earnedXp: boolean;
  }
>;

/**
 * The exam day the learner's reviews aim at, and the recall wanted on it: the learner's own choice
 * (`learner`), or the school year's default (`school_year_default`: the coming exam, or the year the
 * learner chose in the guide), recorded when it first applies to them or when the default moved.
 * Every card is planned again under it.
 */
export type ExamDateSet = Event<
  'ExamDateSet',
  { examDate: string; targetRecall: number; source: ExamDateSource; examYear: number | null }
>;

/** The learner's review settings after a change: the daily review goal and the first-sign-in guide. */
export type ReviewSettingsChanged = Event<
  'ReviewSettingsChanged',
  { dailyGoal: number; guideCompleted: boolean }
>;

/** XP the server awarded, with its reason; `lessonId`/`questionId` say what it was for, when anything. */
export type XpAwarded = Event<
  'XpAwarded',
  { amount: number; reason: XpReason; lessonId: number | null; questionId: string | null }
>;

/** The first action of a Hong Kong calendar day. */
export type DailySignedIn = Event<
  'DailySignedIn',
  { day: HongKongDay; previousActiveDay: HongKongDay | null }
>;

/** The streak grew by one day (the previous active day was yesterday). */
export type StreakExtended = Event<
  'StreakExtended',
  { day: HongKongDay; streakDays: number; milestone: number | null }
>;

/** The streak started again at 1 (first day ever, or a day was missed). */
export type StreakReset = Event<
  'StreakReset',
  { day: HongKongDay; previousStreakDays: number; streakDays: 1 }
>;

/** A roadmap node (a practice type of a lesson) was finished. */
export type NodeCompleted = Event<
  'NodeCompleted',
  {
    lessonId: number;
    nodeType: string;
    /** Percent correct, computed by the server from the counts. */
    score: number;
    questionsAnswered: number;
    correctAnswers: number;
    timeSpent: number;
    /** True the first time this node of this lesson is completed. */
    firstCompletion: boolean;
    /**
     * Completed by a recorded answer reaching the pass mark (issue 37), not by the results call: the
     * session is kept for that call. Absent: false.
     */
    byAnswers?: boolean;
  }
>;

/**
 * A roadmap node's session ended below the pass mark (or with too few answers): the node is not
 * completed, and the roadmap shows how far it fell short. Figures from the answers the server recorded.
 */
export type NodeFellShort = Event<
  'NodeFellShort',
  {
    lessonId: number;
    nodeType: string;
    /** Percent correct of the session's answers. */
    score: number;
    questionsAnswered: number;
    correctAnswers: number;
    /** The pass mark (percent) and the answers a session needs. */
    requiredScore: number;
    requiredQuestions: number;
    timeSpent: number;
  }
>;

/** A lesson reached 80 % of its questions completed (once per lesson). */
export type LessonCompleted = Event<
  'LessonCompleted',
  { lessonId: number; questionsCompleted: number; totalQuestions: number }
>;

/** Every practice-type node of a lesson's roadmap is completed (once per lesson); the unit number is the lesson id. */
export type UnitCompleted = Event<
  'UnitCompleted',
  { lessonId: number; unitNumber: number; nodeTypes: readonly string[] }
>;

export type VocabularyExerciseType = 'lesson_specific' | 'mixed_session' | 'quick_practice';
export const VOCABULARY_EXERCISE_TYPES: readonly VocabularyExerciseType[] = [
  'lesson_specific',
  'mixed_session',
  'quick_practice',
];

/** A word-interpretation practice was finished. */
export type VocabularyExerciseCompleted = Event<
  'VocabularyExerciseCompleted',
  {
    exerciseType: VocabularyExerciseType;
    exerciseId: string;
    lessonIds: readonly number[] | null;
    /** Percent correct, computed by the server from the counts. */
    score: number;
    questionsAnswered: number;
    correctAnswers: number;
    timeSpent: number;
    difficulty: string;
  }
>;

/** The learner's personal note on an error-book question (trimmed, never empty). */
export type ErrorNoteSaved = Event<'ErrorNoteSaved', { questionId: string; note: string }>;

/** An error-book question was marked as mastered. */
export type ErrorQuestionMastered = Event<'ErrorQuestionMastered', { questionId: string }>;

/**
 * The learner changed their school. The name itself is personal data and lives in the account (the
 * users table), never in the log, so erasing it rewrites no event. Events of the first release
 * (`SchoolNameChanged`, with the name) are read as this one, the name dropped (see upcast.ts).
 */
export type SchoolChanged = Event<'SchoolChanged', Record<never, never>>;

/**
 * How a range was recited: `choice`, the next character among 12; `free_recall`, the range written
 * from memory (默書); `next_line`, the line after a 名句's first line; `miswrite`, a phrase with a
 * character students often miswrite.
 */
export type RecitationMode = 'choice' | 'free_recall' | 'next_line' | 'miswrite';
export const RECITATION_MODES: readonly RecitationMode[] = ['choice', 'free_recall', 'next_line', 'miswrite'];

/**
 * One attempt at one character of the text (the spec's recitation attempt record). In the choice mode
 * every pick is an attempt (a character may have several, the last correct); in a written mode each
 * character of the range has one, `selected` being what was written in its place ('' when missing).
 */
export type RecitationAttempt = {
  readonly position: number;
  readonly character: string;
  readonly selected: string;
  readonly isCorrect: boolean;
  /** Milliseconds since the previous attempt (choice mode), null when written. */
  readonly timeSpent: number | null;
};

/** A recitation practice of a passage range was finished. */
export type RecitationFinished = Event<
  'RecitationFinished',
  {
    lessonId: number;
    start: number;
    end: number;
    mode: RecitationMode;
    /** Characters recited (the range without punctuation). */
    characters: number;
    /** Wrong picks (choice); wrong, missing and extra characters (written). */
    mistakes: number;
    durationMs: number;
    accuracy: number;
    grade: RecitationGrade;
    /** Every attempt, in order; empty for a run recorded before version 2 or sent without them. */
    attempts: readonly RecitationAttempt[];
    /** Characters written that the text does not have (written modes), each after the position it follows (−1: before all). */
    extra: readonly { readonly after: number; readonly typed: string }[];
  }
>;

/** A status of an appeal against the marking of a free-text answer. */
export type AppealStatus = 'pending' | 'accepted' | 'declined';

/**
 * The learner believes a marked free-text answer was marked wrongly. `answerVersion` is the stream
 * version of the AnswerSubmitted it appeals (an appeal's id within the stream); the answer's text and
 * marks are copied so a teacher's list needs nothing else.
 */
export type AnswerAppealed = Event<
  'AnswerAppealed',
  {
    answerVersion: number;
    questionId: string;
    lessonId: number;
    questionType: string;
    selectedAnswer: string;
    pointsEarned: number;
    pointsAvailable: number;
    /** The learner's reason, trimmed, or null. */
    note: string | null;
  }
>;

/** A teacher (or admin) declined an appeal, with a note the learner reads. */
export type AppealDeclined = Event<
  'AppealDeclined',
  { answerVersion: number; questionId: string; lessonId: number; note: string; teacherId: string }
>;

/**
 * A teacher (or admin) accepted an appeal: `rendering` became an accepted rendering of the scheme's
 * point `pointId` (for the teacher's classes, or everyone once approved: issue 36), and the appealed
 * answer is marked again with the scheme so extended.
 * The AnswerSubmitted it re-marks stays as it was; this event says what the marks are now.
 */
export type AnswerRemarked = Event<
  'AnswerRemarked',
  {
    answerVersion: number;
    questionId: string;
    lessonId: number;
    questionType: string;
    selectedAnswer: string;
    pointId: string;
    rendering: string;
    teacherId: string;
    previousPointsEarned: number;
    pointsEarned: number;
    pointsAvailable: number;
    points: readonly RecordedPoint[];
    isCorrect: boolean;
    /** The re-marked answer is the learner's first correct answer of this question: it earns its XP. */
    earnedXp: boolean;
  }
>;

/**
 * An accepted rendering was reverted (issue 36) and an answer it had earned a point is marked again
 * without it. The fair-XP rule: XP already paid is not taken back and the question never pays again
 * (the decider still counts it as once answered correctly), but the marks, the lesson's correct count
 * and the error book follow the new verdict. `wasCorrect`: the verdict this re-mark replaces.
 */
export type AnswerRemarkedOnRevert = Event<
  'AnswerRemarkedOnRevert',
  {
    answerVersion: number;
    questionId: string;
    lessonId: number;
    questionType: string;
    difficulty: string;
    correctAnswer: string;
    selectedAnswer: string;
    pointId: string;
    rendering: string;
    revertedBy: string;
    previousPointsEarned: number;
    wasCorrect: boolean;
    pointsEarned: number;
    pointsAvailable: number;
    points: readonly RecordedPoint[];
    isCorrect: boolean;
  }
>;

/**
 * A teacher confirmed (or adjusted) a self-marked answer (issue 37): from now on it counts in accuracy
 * and on the board, and it earns the question's XP when it is the learner's first correct answer of it.
 */
export type SelfMarkConfirmed = Event<
  'SelfMarkConfirmed',
  {
    answerVersion: number;
    questionId: string;
    lessonId: number;
    /** The learner's own mark, and the mark the teacher confirmed (the same, or adjusted). */
    selfMarkedPoints: number;
    pointsEarned: number;
    pointsAvailable: number;
    isCorrect: boolean;
    earnedXp: boolean;
    teacherId: string;
  }
>;

/**
 * A teacher of the learner's class (or an admin) reviewed the learner's fair-play flags and cleared
 * them for the rest of the Hong Kong week starting `weekStart` (issue 37): their league entry counts.
 */
export type FairPlayFlagCleared = Event<
  'FairPlayFlagCleared',
  {
    weekStart: string;
    /** The flags the reviewer saw. */
    flags: readonly FairPlayFlag[];
    reviewerId: string;
  }
>;

export type LearnerEvent =
  | AnswerSubmitted
  | SelfMarkConfirmed
  | FairPlayFlagCleared
  | AnswerAppealed
  | AppealDeclined
  | AnswerRemarked
  | AnswerRemarkedOnRevert
  | AnswerTeacherMarked
  | XpAwarded
  | DailySignedIn
  | StreakExtended
  | StreakReset
  | NodeCompleted
  | NodeFellShort
  | LessonCompleted
  | UnitCompleted
  | VocabularyExerciseCompleted
  | ErrorNoteSaved
  | ErrorQuestionMastered
  | SchoolChanged
  | RecitationFinished
  | ExamDateSet
  | ReviewSettingsChanged;

export type LearnerEventType = LearnerEvent['type'];

/** Every event type of the learner stream. */
export const LEARNER_EVENT_TYPES = [
  'AnswerSubmitted',
  'XpAwarded',
  'DailySignedIn',
  'StreakExtended',
  'StreakReset',
  'NodeCompleted',
  'NodeFellShort',
  'LessonCompleted',
  'UnitCompleted',
  'VocabularyExerciseCompleted',
  'ErrorNoteSaved',
  'ErrorQuestionMastered',
  'SchoolChanged',
  'RecitationFinished',
  'AnswerAppealed',
  'AppealDeclined',
  'AnswerRemarked',
  'AnswerRemarkedOnRevert',
  'AnswerTeacherMarked',
  'SelfMarkConfirmed',
  'FairPlayFlagCleared',
  'ExamDateSet',
  'ReviewSettingsChanged',
] as const satisfies readonly LearnerEventType[];

/** The event of a given type. */
export type LearnerEventOf<T extends LearnerEventType> = Extract<LearnerEvent, { type: T }>;

/** Builds an event of the current schema version. */
export function learnerEvent<T extends LearnerEventType>(
  type: T,
  data: LearnerEventOf<T>['data'],
): LearnerEventOf<T> {
  return { type, schemaVersion: currentSchemaVersion(type), data } as LearnerEventOf<T>;
}
