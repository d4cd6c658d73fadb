/**
 * The learner's commands and `decide`. A command says what the learner did; `decide` checks it
 * against the state and the world facts in the context, and answers with the events to append
 * (XP included: the client never states what it earned) or a refusal with a literal code.
 */
import { foldText } from '../grading/fold.ts';
import { type GradableQuestion, type Grading, gradeAnswer, markingSource } from '../grading/grading.ts';
import type { MarkingNoteCode, MarkingScheme } from '../grading/marker.ts';
import type { SelfMarkRule } from '../homework/assignments.ts';
import type { FairPlayFlag } from '../pace/flags.ts';
import { minAnswerSeconds, paceAnswer, type XpWithheld } from '../pace/pace.ts';
import { selfMarkedPoints } from '../pace/self-marks.ts';
import {
  characterLength,
  NOTE_MAX_LENGTH,
  normaliseNote,
  normaliseSchoolName,
  SCHOOL_NAME_MAX_LENGTH,
} from '../profile/profile.ts';
import {
  isLessonComplete,
  isNodePassed,
  LESSON_PROGRESS_QUESTIONS,
  NODE_PASS_PERCENT,
  nodeRequiredQuestions,
  percent,
} from '../progress/progress.ts';
import { DICTATION_MAX_TYPED, markRecall, type RecallForms } from '../recitation/dictation.ts';
import { isRecitable, recitationAccuracy, recitationGrade } from '../recitation/recitation.ts';
import { examDateForYear, examDateProblem, examYearProblem } from '../review/exam-date.ts';
import {
  type ExamPlanRecord,
  ledgerDueMs,
  ledgerDueMsUnder,
  planInForce,
  reviewLedgerOf,
  targetRecallOf,
} from '../review/review-book.ts';
import { isDueMsBy } from '../review/scheduler.ts';
import { assertNever, type DomainError, refuse } from '../shared/errors.ts';
import { milestoneReachedAt, stepStreak } from '../streak/streak.ts';
import { hongKongDate, isReadableTime, previousDay } from '../time/hong-kong.ts';
import { XP_AWARDS, type XpReason, xpForAnswer } from '../xp/awards.ts';
import {
  type AnswerSource,
  type AnswerSubmitted,
  appealStatus,
  type ExamDateSet,
  isTeacherMarked,
  type LearnerEvent,
  type LearnerState,
  type LessonState,
  learnerEvent,
  lessonState,
  type RecitationAttempt,
  type RecitationMode,
  type RecordedPoint,
  sessionWith,
  VOCABULARY_EXERCISE_TYPES,
  type VocabularyExerciseType,
  type XpAwarded,
} from './events.ts';
import { carriesNegation, needsNegation } from './polarity.ts';

type Command<Type extends string, Data> = { readonly type: Type; readonly data: Readonly<Data> };

/** The stored question an answer is graded against (loaded by the API, never sent by the client). */
export type QuestionForGrading = {
  readonly id: string;
  readonly lessonId: number;
  readonly type: string;
  readonly difficulty: string;
  readonly correctAnswer: string;
  /** The sentence to translate (free-text items). */
  readonly targetText?: string | null;
  /** The question's wording (the passages it quotes are part of what an answer must not copy). */
  readonly content?: string | null;
  /** The scoring points of a free-text item (`markAnswer`). */
  readonly marking?: MarkingScheme | null;
  /** Retired (the keyword rule): ignored. */
  readonly keywords?: readonly string[] | null;
};

/**
 * A learner's own marking of a long answer against the question's rubric (points out of its marks), and
 * the top mark of the rubric's lowest level (an answer shorter than the minimum is capped there).
 */
export type SelfAssessment = {
  readonly pointsEarned: number;
  readonly pointsAvailable: number;
  readonly lowestLevelPoints?: number;
};

export type SubmitAnswer = Command<
  'SubmitAnswer',
  {
    question: QuestionForGrading;
    selectedAnswer: string;
    timeSpent: number;
    source?: AnswerSource;
    /** When the learner gave the answer (an answer given offline arrives later): see `answerCountsAt`. */
    answeredAt?: string;
    /** Long paper questions: the learner's own marking against the rubric, recorded as self-assessed. */
    selfAssessment?: SelfAssessment;
    /**
     * How a self-mark counts for this learner: the strictest rule of their classes' teachers
     * (`strictestSelfMarkRule`). Absent: 'confirm' (it waits for a teacher).
     */
    selfMarkRule?: SelfMarkRule;
    /**
     * When the server served this question to this learner (ISO 8601, from its signed served token), or
     * null when it has no record of serving it: the answer then pays no XP (pace/pace.ts). Undefined:
     * the caller does not track serving (the API always does unless XP_PACE=off) and no pace applies.
     */
    servedAt?: string | null;
  }
>;
export type CompleteNode = Command<
  'CompleteNode',
  {
    lessonId: number;
    nodeType: string;
    score: number;
    questionsAnswered: number;
    correctAnswers: number;
    timeSpent: number;
  }
>;
export type CompleteVocabularyExercise = Command<
  'CompleteVocabularyExercise',
  {
    exerciseType: VocabularyExerciseType;
    exerciseId: string;
    lessonIds: readonly number[] | null;
    score: number;
    questionsAnswered: number;
    correctAnswers: number;
    timeSpent: number;
    difficulty?: string;
  }
>;
export type SaveErrorNote = Command<'SaveErrorNote', { questionId: string; note: string }>;
export type MasterErrorQuestion = Command<'MasterErrorQuestion', { questionId: string }>;
/** `currentSchoolName` is the account's (the name lives there, not in the log). */
export type ChangeSchoolName = Command<
  'ChangeSchoolName',
  { schoolName: string; currentSchoolName: string | null }
>;
/** One pick of the 12-choice mode as the client reports it; the server decides whether it was right. */
export type RecitationPick = {
  readonly position: number;
  readonly selected: string;
  readonly timeSpent: number;
};

export type FinishRecitation = Command<
  'FinishRecitation',
  {
    lessonId: number;
    start: number;
    end: number;
    /** 'choice' when absent. */
    mode?: RecitationMode;
    /** The first release's count of characters recited: ignored (a run counts only picks or written text). */
    characters?: number;
    /** Wrong picks as the client counted them: ignored (the picks are marked). */
    mistakes: number;
    durationMs: number;
    /** The client's accuracy, checked against the server's. */
    accuracy?: number;
    /** Choice mode: every pick, in order (the server marks each against the text). */
    picks?: readonly RecitationPick[];
    /** Written modes: what the learner wrote for the range. */
    written?: string;
    /** The lesson's text, loaded by the API from stored content (never sent by the client). */
    text?: string;
    /**
     * Written modes: when the server served the recitation (its `served` token), null when the run
     * brought no valid token; absent when the caller does not time runs (XP_PACE off, tools). A run is
     * timed from it: the time counted is the least of the client's `durationMs` and the server's own.
     */
    servedAt?: string | null;
  }
>;
export type SignIn = Command<'SignIn', Record<string, never>>;
/** The learner sets their own exam date (and, optionally, the recall they want on it). */
export type SetExamDate = Command<'SetExamDate', { examDate: string; targetRecall?: number }>;
/**
 * The learner changes review settings: the daily goal, the exam year (the date follows: the school
 * year's default for it), or finishes the first-sign-in guide.
 */
export type ChangeReviewSettings = Command<
  'ChangeReviewSettings',
  { dailyGoal?: number; examYear?: number; guideCompleted?: boolean }
>;

/**
 * An answer of the learner's stream as stored (read by the API at the version the client names,
 * never sent by the client): what an appeal and a re-mark need of it.
 */
export type AppealedAnswer = {
  readonly version: number;
  readonly questionId: string;
  readonly lessonId: number;
  readonly questionType: string;
  readonly selectedAnswer: string;
  readonly isCorrect: boolean;
  readonly pointsEarned: number;
  readonly pointsAvailable: number;
  /** Scoring points recorded: 0 unless the server marked free text by a scheme. */
  readonly pointCount: number;
  readonly selfAssessed: boolean;
  /** The self-mark counted at once under the class's rule 直接計算 (nothing left to confirm). */
  readonly selfMarkCounted?: boolean;
};
export type AppealAnswer = Command<'AppealAnswer', { answer: AppealedAnswer; note?: string | null }>;
export type DeclineAppeal = Command<
  'DeclineAppeal',
  { answer: AppealedAnswer; note: string; teacherId: string }
>;
/**
 * A teacher accepts an appeal: `rendering` (words of the answer) earns the scheme's point `pointId`.
 * `question` is the stored question with its scheme as it stands, the new rendering not yet in it.
 */
export type AcceptAppeal = Command<
  'AcceptAppeal',
  {
    answer: AppealedAnswer;
    question: QuestionForGrading;
    pointId: string;
    rendering: string;
    teacherId: string;
  }
>;

/** An answer as it stands now: the version of its AnswerSubmitted, its latest marks (after any re-mark). */
export type CurrentAnswer = AppealedAnswer;

/**
 * An accepted rendering was reverted: mark these answers of the learner again against `question`, whose
 * scheme is as it stands for this learner without the rendering. Only answers whose marks change get
 * an event; no XP is paid or taken back (see AnswerRemarkedOnRevert).
 */
export type RemarkAfterRevert = Command<
  'RemarkAfterRevert',
  {
    answers: readonly CurrentAnswer[];
    question: QuestionForGrading;
    pointId: string;
    rendering: string;
    revertedBy: string;
  }
>;

/**
 * An answer the marker left pending (待老師批閱), as stored (read by the API at the version the
 * teacher names, never sent by the client): what the teacher's marks need of it.
 */
export type PendingAnswer = {
  readonly version: number;
  readonly questionId: string;
  readonly lessonId: number;
  readonly questionType: string;
  readonly difficulty: string;
  readonly selectedAnswer: string;
  readonly correctAnswer: string;
  /** When the answer was given (`answeredAt ?? at` of its AnswerSubmitted). */
  readonly answeredAt: string;
  readonly pendingReview: boolean;
  readonly pointsEarned: number;
  readonly pointsAvailable: number;
  /** The scheme's points with the marker's provisional verdict on each (empty without a scheme). */
  readonly points: readonly RecordedPoint[];
};

/** What an appeal, a re-mark or a confirmed self-mark needs of the stored answer at `version`. */
export function appealedAnswerOf(answer: AnswerSubmitted, version: number): AppealedAnswer {
  const d = answer.data;
  return {
    version,
    questionId: d.questionId,
    lessonId: d.lessonId,
    questionType: d.questionType,
    selectedAnswer: d.selectedAnswer,
    isCorrect: d.isCorrect,
    pointsEarned: d.pointsEarned,
    pointsAvailable: d.pointsAvailable,
    pointCount: d.points.length,
    selfAssessed: d.selfAssessed,
  };
}

/** What a teacher's marks need of a stored answer at its stream version. */
export function pendingAnswerOf(answer: AnswerSubmitted, version: number): PendingAnswer {
  const d = answer.data;
  return {
    version,
    questionId: d.questionId,
    lessonId: d.lessonId,
    questionType: d.questionType,
    difficulty: d.difficulty,
    selectedAnswer: d.selectedAnswer,
    correctAnswer: d.correctAnswer,
    answeredAt: d.answeredAt ?? d.at,
    pendingReview: d.pendingReview === true,
    pointsEarned: d.pointsEarned,
    pointsAvailable: d.pointsAvailable,
    points: d.points,
  };
}

/**
 * A teacher of the learner's class (or an admin) marks a pending answer: the ids of the scheme's points
 * it earns when it has points, else the points earned out of those available; a note for the learner.
 */
export type MarkPendingAnswer = Command<
  'MarkPendingAnswer',
  {
    answer: PendingAnswer;
    earnedPointIds?: readonly string[];
    pointsEarned?: number;
    note?: string | null;
    teacherId: string;
  }
>;

/**
 * A teacher confirms a self-marked answer at `pointsEarned` (the learner's mark, or adjusted): issue 37.
 * `answer` is the stored answer at its version (read by the API, never sent by the client).
 */
export type ConfirmSelfMark = Command<
  'ConfirmSelfMark',
  { answer: AppealedAnswer; pointsEarned: number; teacherId: string }
>;

/**
 * A teacher of the learner's class (or an admin) clears the learner's fair-play flags for the week
 * (issue 37). `flags` are the learner's flags now, read by the API: none is refused.
 */
export type ClearFairPlayFlag = Command<
  'ClearFairPlayFlag',
  { weekStart: string; flags: readonly FairPlayFlag[]; reviewerId: string }
>;

export type LearnerCommand =
  | SubmitAnswer
  | ClearFairPlayFlag
  | ConfirmSelfMark
  | CompleteNode
  | CompleteVocabularyExercise
  | SaveErrorNote
  | MasterErrorQuestion
  | ChangeSchoolName
  | FinishRecitation
  | SignIn
  | AppealAnswer
  | DeclineAppeal
  | AcceptAppeal
  | RemarkAfterRevert
  | MarkPendingAnswer
  | SetExamDate
  | ChangeReviewSettings;

/** The world as the decider needs it, passed in by the API. */
export type DecideContext = {
  /** The server's current time, ISO 8601. */
  readonly now: string;
  /** Questions in each lesson's bank (the lesson-completion denominator); 20 when a lesson is missing. */
  readonly lessonQuestionCounts?: Readonly<Record<number, number>>;
  /** The node types of each lesson's roadmap (what a unit needs); PRACTICE_NODE_TYPES when missing. */
  readonly lessonNodeTypes?: Readonly<Record<number, readonly string[]>>;
  /**
   * Questions each node of each lesson offers at the lowest frequency tier (a session needs
   * min(8, this) answers); when missing, a session needs one answer.
   */
  readonly nodeQuestionCounts?: Readonly<Record<number, Readonly<Record<string, number>>>>;
  /**
   * The exam dates an admin set per exam year (the school year's default); years missing use the
   * built-in date (review/exam-date.ts).
   */
  readonly adminExamDates?: Readonly<Record<number, string>>;
  /**
   * Grades an answer: `gradeAnswer` when absent. An injection point, not a rule: tests put in a grader
   * whose marking is uncertain (待老師批閱) before the marker can say so itself.
   */
  readonly grade?: (question: GradableQuestion, answer: string) => Grading;
};

/** The answer of `decide`: the events to append (possibly none), or a refusal. */
export type Decision =
  | { readonly ok: true; readonly events: LearnerEvent[] }
  | { readonly ok: false; readonly error: DomainError };

/** The practice types a roadmap offers when the context does not say which a lesson has. */
export const PRACTICE_NODE_TYPES = [
  'word_interpretation',
  'sentence_translation',
  'theme_understanding',
  'writing_techniques',
  'cultural_knowledge',
] as const;

/** How far a client's score or accuracy may be from the server's before it is refused (rounding). */
export const CLIENT_FIGURE_TOLERANCE = 1;

const isCount = (n: number): boolean => Number.isInteger(n) && n >= 0;
const isDuration = (n: number): boolean => Number.isFinite(n) && n >= 0;

function xp(at: string, reason: XpReason, lessonId: number | null, questionId: string | null): XpAwarded {
  return learnerEvent('XpAwarded', { amount: XP_AWARDS[reason], reason, lessonId, questionId, at });
}

/**
 * How long before it arrives an answer given offline may say it was given and still count for that
 * Hong Kong day (a day on the MTR, a weekend without data): 72 hours. Older, or in the future (a device
 * clock ahead of the server's), it counts for the moment it arrives.
 */
export const OFFLINE_ANSWER_WINDOW_MS = 72 * 60 * 60 * 1000;

/**
 * The moment an answer counts for (its Hong Kong day for the streak): the moment the learner gave it
 * when that is readable and within OFFLINE_ANSWER_WINDOW_MS before `now`, else `now`.
 * @example answerCountsAt('2024-09-01T10:00:00Z', '2024-09-02T08:00:00Z') // '2024-09-01T10:00:00.000Z'
 */
export function answerCountsAt(answeredAt: string | undefined, now: string): string {
  const arrived = new Date(now).toISOString();
  if (answeredAt === undefined || !isReadableTime(answeredAt)) return arrived;
  const given = Date.parse(answeredAt);
  const age = Date.parse(arrived) - given;
  if (age < 0 || age > OFFLINE_ANSWER_WINDOW_MS) return arrived;
  return new Date(given).toISOString();
}

/**
 * The moment an answer counts for in the streak (issue 37): `answerCountsAt`, but only when that falls on
 * the Hong Kong day it arrives or the day before (a phone offline overnight keeps the streak alive);
 * older, it counts for the day it arrives. So answers dated up to 72 hours back can fill at most the one
 * day before their arrival, never rebuild several missed days.
 * @example streakCountsAt('2024-09-03T14:00:00Z', '2024-09-04T00:00:00Z') // '2024-09-03T14:00:00.000Z'
 */
export function streakCountsAt(answeredAt: string | undefined, now: string): string {
  const arrived = new Date(now).toISOString();
  const counted = answerCountsAt(answeredAt, now);
  return hongKongDate(counted) >= previousDay(hongKongDate(arrived)) ? counted : arrived;
}

/**
 * DailySignedIn, its XP and the streak event, when `dayAt` falls on a new Hong Kong day. `dayAt` is the
 * moment the command counts for (an offline answer's), `at` the server's time every event records.
 */
function startOfDay(state: LearnerState, at: string, dayAt: string = at): LearnerEvent[] {
  const day = hongKongDate(dayAt);
  const step = stepStreak(state.streakDays, state.lastActiveDay, day);
  if (step.kind === 'same_day') return [];
  const events: LearnerEvent[] = [
    learnerEvent('DailySignedIn', { day, previousActiveDay: state.lastActiveDay, at }),
    xp(at, 'daily_sign_in', null, null),
  ];
  if (step.kind === 'reset') {
    events.push(
      learnerEvent('StreakReset', { day, previousStreakDays: state.streakDays, streakDays: 1, at }),
    );
    return events;
  }
  const milestone = milestoneReachedAt(step.streakDays);
  events.push(learnerEvent('StreakExtended', { day, streakDays: step.streakDays, milestone, at }));
  if (milestone !== null) events.push(xp(at, 'streak_milestone', null, null));
  return events;
}

type Outcome = Decision;
const accept = (events: LearnerEvent[]): Outcome => ({ ok: true, events });

function submitAnswer(
  { data }: SubmitAnswer,
  state: LearnerState,
  context: DecideContext,
  at: string,
): Outcome {
  const { question, selectedAnswer, timeSpent, selfAssessment } = data;
  if (selectedAnswer.trim().length === 0) return refuse('EMPTY_ANSWER', '請先作答');
  if (!isDuration(timeSpent)) return refuse('INVALID_TIME_SPENT', '作答時間無效');
  if (selfAssessment !== undefined && !isSelfAssessment(selfAssessment)) {
    return refuse('INVALID_SELF_ASSESSMENT', '自評分數無效');
  }
  const grading = (context.grade ?? gradeAnswer)(question, selectedAnswer);
  // The marker could not be sure: the answer waits for a teacher, counting as neither right nor wrong.
  const pendingReview = selfAssessment === undefined && grading.marking?.uncertain === true;
  // Under the class's rule 直接計算 a self-mark counts as marked (the short-answer cap still applies).
  const selfMarkCounted = selfAssessment !== undefined && data.selfMarkRule === 'direct';
  const graded = markedPoints(grading, cappedSelfAssessment(selfAssessment, selectedAnswer));
  const marked = pendingReview ? { ...graded, isCorrect: false } : graded;
  const lesson = lessonState(state, question.lessonId);
  const firstAttempt = lesson.answered[question.id] !== true;
  const questionsCompleted = lesson.questionsCompleted + (firstAttempt ? 1 : 0);
  const totalQuestions = context.lessonQuestionCounts?.[question.lessonId] ?? LESSON_PROGRESS_QUESTIONS;
  const answeredAt = answerCountsAt(data.answeredAt, at);
  // The plan this answer is scheduled under (the school year's default may have moved since the last).
  const planEvents = defaultPlanEvents(state, context, at);
  const newPlan = planEvents[0];
  const ledger = reviewLedgerOf(state);
  const dueMs = newPlan
    ? ledgerDueMsUnder(ledger, question.lessonId, question.id, newPlan.data)
    : ledgerDueMs(ledger, question.lessonId, question.id);
  const wasDue = dueMs !== undefined && isDueMsBy(dueMs, Date.parse(answeredAt));
  // XP for the first correct answer of a question only, at a human pace (pace/pace.ts); the run counts
  // only answers that earned XP (a correct repeat or a withheld one neither adds to it nor breaks it; a
  // wrong answer breaks it).
  const pay = answerPays(data, state, {
    wouldEarn: marked.isCorrect && lesson.correct[question.id] !== true,
    answeredWrongBefore: state.errorBook[question.id] !== undefined,
    wasDue,
    isChoice: grading.method === 'choice',
    answeredAt,
  });
  const earnedXp = pay.xpWithheld === null && marked.isCorrect && lesson.correct[question.id] !== true;
  const correctRun = pendingReview
    ? state.correctRun
    : marked.isCorrect
      ? state.correctRun + (earnedXp ? 1 : 0)
      : 0;
  const events: LearnerEvent[] = [
    ...planEvents,
    learnerEvent('AnswerSubmitted', {
      questionId: question.id,
      lessonId: question.lessonId,
      questionType: question.type,
      difficulty: question.difficulty,
      source: data.source ?? 'quiz',
      selectedAnswer,
      correctAnswer: question.correctAnswer,
      isCorrect: marked.isCorrect,
      gradingMethod: grading.method,
      // The retired keyword rule's fields; the scoring points are in `points`.
      matchedKeywords: null,
      requiredKeywords: null,
      pointsEarned: marked.pointsEarned,
      pointsAvailable: marked.pointsAvailable,
      points: marked.points,
      copied: marked.copied,
      ...(marked.notes.length > 0 ? { notes: marked.notes } : {}),
      selfAssessed: selfAssessment !== undefined,
      ...(selfMarkCounted ? { selfMarkCounted: true } : {}),
      earnedXp,
      timeSpent,
      answeredAt,
      correctRun,
      firstAttempt,
      questionsCompleted,
      totalQuestions,
      wasDue,
      ...(pendingReview ? { pendingReview: true } : {}),
      ...(pay.xpWithheld === null ? {} : { xpWithheld: pay.xpWithheld }),
      ...(pay.pace === undefined ? {} : { pace: pay.pace }),
      at,
    }),
    ...xpForAnswer(earnedXp, correctRun).map((reason) => xp(at, reason, question.lessonId, question.id)),
    ...(wasDue && marked.isCorrect && isPaced(pay.xpWithheld)
      ? [xp(at, 'review_correct', question.lessonId, question.id)]
      : []),
  ];
  if (!lesson.completed && isLessonComplete(questionsCompleted, totalQuestions)) {
    events.push(
      learnerEvent('LessonCompleted', {
        lessonId: question.lessonId,
        questionsCompleted,
        totalQuestions,
        at,
      }),
      // A lesson raced through beyond the bound is completed for progress, without its XP.
      ...(isPaced(pay.xpWithheld) ? [xp(at, 'lesson_completed', question.lessonId, null)] : []),
    );
  }
  if (!pendingReview && (data.source ?? 'quiz') === 'quiz') {
    events.push(
      ...nodeCompletedByAnswers(lesson, question, marked.isCorrect, context, at, isPaced(pay.xpWithheld)),
    );
  }
  return accept(events);
}

/**
 * A roadmap node completes when its recorded answers pass (issue 37), whether or not the learner taps
 * 「查看結果」: the first time the node's session, with this answer, reaches the pass mark. The session
 * is kept (`byAnswers`), so a results call that follows scores the same answers. The unit's bonus comes
 * with the last node, unless the answer was beyond the pace.
 */
function nodeCompletedByAnswers(
  lesson: LessonState,
  question: { readonly id: string; readonly lessonId: number; readonly type: string },
  isCorrect: boolean,
  context: DecideContext,
  at: string,
  paced: boolean,
): LearnerEvent[] {
  // Only where the node's size is known (the API always says; a bare test context does not).
  const nodeQuestions = context.nodeQuestionCounts?.[question.lessonId]?.[question.type];
  const nodeTypes: readonly string[] = context.lessonNodeTypes?.[question.lessonId] ?? PRACTICE_NODE_TYPES;
  if (nodeQuestions === undefined || !nodeTypes.includes(question.type)) return [];
  if (lesson.nodeTypes.includes(question.type)) return [];
  const session = sessionWith(lesson.nodeSessions[question.type] ?? {}, question.id, isCorrect);
  const verdicts = Object.values(session);
  const correctAnswers = verdicts.filter(Boolean).length;
  const required = nodeRequiredQuestions(nodeQuestions);
  if (!isNodePassed(correctAnswers, verdicts.length, required)) return [];
  return [
    learnerEvent('NodeCompleted', {
      lessonId: question.lessonId,
      nodeType: question.type,
      score: percent(correctAnswers, verdicts.length),
      questionsAnswered: verdicts.length,
      correctAnswers,
      timeSpent: 0,
      firstCompletion: true,
      byAnswers: true,
      at,
    }),
    ...unitCompletedEvents(lesson, nodeTypes, question.type, question.lessonId, at, paced),
  ];
}

/** The unit's completion when `nodeType` was the last of its nodes to complete (its bonus when paid). */
function unitCompletedEvents(
  lesson: LessonState,
  nodeTypes: readonly string[],
  nodeType: string,
  lessonId: number,
  at: string,
  paysXp = true,
): LearnerEvent[] {
  const done = new Set([...lesson.nodeTypes, nodeType]);
  if (lesson.unitCompleted || !nodeTypes.every((type) => done.has(type))) return [];
  return [
    learnerEvent('UnitCompleted', { lessonId, unitNumber: lessonId, nodeTypes: [...nodeTypes], at }),
    ...(paysXp ? [xp(at, 'unit_completed', lessonId, null)] : []),
  ];
}

/** Whether an answer was within the pace (withheld only for being a relearned key, or not at all). */
const isPaced = (withheld: XpWithheld | null) => withheld === null || withheld === 'relearn';

type AnswerFacts = {
  /** Correct, and the first correct answer of the question. */
  readonly wouldEarn: boolean;
  /** The learner answered this question wrongly before (it is in the error book). */
  readonly answeredWrongBefore: boolean;
  readonly wasDue: boolean;
  readonly isChoice: boolean;
  readonly answeredAt: string;
};

/**
 * Whether a correct answer pays its XP (xpWithheld null) or why not, and the learner's pace bucket after
 * it (undefined: unchanged). A wrong answer before it pays nothing until its review is due ('relearn');
 * then the served time and the pace decide, when the caller tracks serving.
 */
function answerPays(
  data: SubmitAnswer['data'],
  state: LearnerState,
  facts: AnswerFacts,
): { readonly xpWithheld: XpWithheld | null; readonly pace?: LearnerState['pace'] } {
  // A self-mark pays once a teacher confirms it, unless the class's rule counts it at once (then at pace).
  if (facts.wouldEarn && data.selfAssessment !== undefined && data.selfMarkRule !== 'direct') {
    return { xpWithheld: 'unconfirmed' };
  }
  if (!facts.wouldEarn || data.servedAt === undefined) {
    return { xpWithheld: facts.wouldEarn && facts.answeredWrongBefore && !facts.wasDue ? 'relearn' : null };
  }
  const servedMs = data.servedAt === null ? Number.NaN : Date.parse(data.servedAt);
  const verdict = paceAnswer(
    state.pace,
    Number.isFinite(servedMs) ? servedMs : undefined,
    Date.parse(facts.answeredAt),
    minAnswerSeconds(facts.isChoice, data.selectedAnswer),
  );
  if (!verdict.paid) return { xpWithheld: verdict.reason };
  if (facts.answeredWrongBefore && !facts.wasDue) return { xpWithheld: 'relearn' };
  return { xpWithheld: null, pace: verdict.pace };
}

/** A self-assessment with a short answer capped at the rubric's lowest level (pace/self-marks.ts). */
function cappedSelfAssessment(s: SelfAssessment | undefined, answer: string): SelfAssessment | undefined {
  if (s === undefined || s.lowestLevelPoints === undefined) return s;
  const pointsEarned = selfMarkedPoints(answer, s.pointsEarned, s.pointsAvailable, s.lowestLevelPoints);
  return pointsEarned === s.pointsEarned ? s : { ...s, pointsEarned };
}

function isSelfAssessment(s: SelfAssessment): boolean {
  return (
    isCount(s.pointsEarned) &&
    Number.isInteger(s.pointsAvailable) &&
    s.pointsAvailable > 0 &&
    s.pointsEarned <= s.pointsAvailable
  );
}

type MarkedAnswer = {
  readonly isCorrect: boolean;
  readonly pointsEarned: number;
  readonly pointsAvailable: number;
  readonly points: readonly RecordedPoint[];
  readonly copied: boolean;
  /** The marker's notes (錯別字, negation, order, word list, uncertain); empty otherwise. */
  readonly notes: readonly MarkingNoteCode[];
};

/**
 * The answer's points: a self-assessment as the learner gave it (correct with full marks); a marked
 * free-text answer's scoring points; otherwise 1 or 0 out of 1.
 */
function markedPoints(grading: Grading, selfAssessment: SelfAssessment | undefined): MarkedAnswer {
  if (selfAssessment !== undefined) {
    return {
      isCorrect: selfAssessment.pointsEarned === selfAssessment.pointsAvailable,
      pointsEarned: selfAssessment.pointsEarned,
      pointsAvailable: selfAssessment.pointsAvailable,
      points: [],
      copied: false,
      notes: [],
    };
  }
  const marking = grading.marking;
  if (marking !== undefined) {
    return {
      isCorrect: grading.isCorrect,
      pointsEarned: marking.earned,
      pointsAvailable: marking.available,
      points: marking.points.map((p) => ({
        id: p.id,
        kind: p.kind,
        label: p.label,
        earned: p.earned,
        matched: p.matched,
        expected: p.expected,
      })),
      copied: marking.copied,
      notes: [...new Set(marking.notes.map((n) => n.code))],
    };
  }
  return {
    isCorrect: grading.isCorrect,
    pointsEarned: grading.isCorrect ? 1 : 0,
    pointsAvailable: 1,
    points: [],
    copied: false,
    notes: [],
  };
}

/** Checks the counts of a finished practice and returns the server's score, or a refusal. */
function checkedScore(data: {
  readonly score: number;
  readonly questionsAnswered: number;
  readonly correctAnswers: number;
  readonly timeSpent: number;
}): { readonly ok: true; readonly score: number } | { readonly ok: false; readonly error: DomainError } {
  const { questionsAnswered, correctAnswers } = data;
  if (
    !isCount(questionsAnswered) ||
    questionsAnswered === 0 ||
    !isCount(correctAnswers) ||
    correctAnswers > questionsAnswered
  ) {
    return refuse('INVALID_RESULT_COUNTS', '練習結果的題數無效');
  }
  if (!isDuration(data.timeSpent)) return refuse('INVALID_TIME_SPENT', '作答時間無效');
  const score = percent(correctAnswers, questionsAnswered);
  if (!(Math.abs(score - data.score) <= CLIENT_FIGURE_TOLERANCE)) {
    return refuse('SCORE_MISMATCH', '練習分數與答對題數不符');
  }
  return { ok: true, score };
}

function completeNode(
  { data }: CompleteNode,
  state: LearnerState,
  context: DecideContext,
  at: string,
): Outcome {
  const nodeTypes: readonly string[] = context.lessonNodeTypes?.[data.lessonId] ?? PRACTICE_NODE_TYPES;
  if (!nodeTypes.includes(data.nodeType)) return refuse('UNKNOWN_NODE_TYPE', '這課沒有這個練習類型');
  // The client's figures are checked for sense only; the verdict comes from the answers recorded.
  const checked = checkedScore(data);
  if (!checked.ok) return checked;
  const lesson = lessonState(state, data.lessonId);
  const verdicts = Object.values(lesson.nodeSessions[data.nodeType] ?? {});
  const questionsAnswered = verdicts.length;
  const correctAnswers = verdicts.filter(Boolean).length;
  const score = percent(correctAnswers, questionsAnswered);
  const requiredQuestions = nodeRequiredQuestions(
    context.nodeQuestionCounts?.[data.lessonId]?.[data.nodeType],
  );
  if (!isNodePassed(correctAnswers, questionsAnswered, requiredQuestions)) {
    return accept([
      learnerEvent('NodeFellShort', {
        lessonId: data.lessonId,
        nodeType: data.nodeType,
        score,
        questionsAnswered,
        correctAnswers,
        requiredScore: NODE_PASS_PERCENT,
        requiredQuestions,
        timeSpent: data.timeSpent,
        at,
      }),
    ]);
  }
  const firstCompletion = !lesson.nodeTypes.includes(data.nodeType);
  const events: LearnerEvent[] = [
    learnerEvent('NodeCompleted', {
      lessonId: data.lessonId,
      nodeType: data.nodeType,
      score,
      questionsAnswered,
      correctAnswers,
      timeSpent: data.timeSpent,
      firstCompletion,
      at,
    }),
  ];
  events.push(...unitCompletedEvents(lesson, nodeTypes, data.nodeType, data.lessonId, at));
  return accept(events);
}

/**
 * The answers recorded since the last finished vocabulary session, of the session's lessons (all when
 * `lessonIds` is null): what a session counts (issue 37).
 */
function recordedVocabularyAnswers(
  state: LearnerState,
  lessonIds: readonly number[] | null,
): { readonly answered: number; readonly correct: number } {
  const tally = state.vocabularyTally ?? {};
  const keys = lessonIds === null ? Object.keys(tally) : lessonIds.map(String);
  let answered = 0;
  let correct = 0;
  for (const key of keys) {
    answered += tally[key]?.[0] ?? 0;
    correct += tally[key]?.[1] ?? 0;
  }
  return { answered, correct };
}

/**
 * Records a finished vocabulary session with the answers the server recorded in it (at most what the
 * client claims): a claim with no recorded answers is refused, so it never marks homework done.
 */
function completeVocabularyExercise(
  { data }: CompleteVocabularyExercise,
  state: LearnerState,
  at: string,
): Outcome {
  if (!VOCABULARY_EXERCISE_TYPES.includes(data.exerciseType) || data.exerciseId.trim().length === 0) {
    return refuse('INVALID_EXERCISE', '詞語練習資料無效');
  }
  const checked = checkedScore(data);
  if (!checked.ok) return checked;
  const recorded = recordedVocabularyAnswers(state, data.lessonIds);
  const questionsAnswered = Math.min(data.questionsAnswered, recorded.answered);
  if (questionsAnswered === 0) return refuse('NO_RECORDED_ANSWERS', '這次練習沒有已記錄的答案');
  const correctAnswers = Math.min(data.correctAnswers, recorded.correct, questionsAnswered);
  return accept([
    learnerEvent('VocabularyExerciseCompleted', {
      exerciseType: data.exerciseType,
      exerciseId: data.exerciseId.trim(),
      lessonIds: data.lessonIds === null ? null : [...data.lessonIds],
      score: percent(correctAnswers, questionsAnswered),
      questionsAnswered,
      correctAnswers,
      timeSpent: data.timeSpent,
      difficulty: data.difficulty ?? 'intermediate',
      at,
    }),
  ]);
}

function saveErrorNote({ data }: SaveErrorNote, state: LearnerState, at: string): Outcome {
  const note = normaliseNote(data.note);
  if (note === null) return refuse('EMPTY_NOTE', '筆記不能留空');
  if (characterLength(note) > NOTE_MAX_LENGTH)
    return refuse('NOTE_TOO_LONG', `筆記不能多於 ${NOTE_MAX_LENGTH} 字`);
  if (state.errorBook[data.questionId] === undefined)
    return refuse('NOT_IN_ERROR_BOOK', '錯題簿中沒有這道題目');
  return accept([learnerEvent('ErrorNoteSaved', { questionId: data.questionId, note, at })]);
}

function masterErrorQuestion({ data }: MasterErrorQuestion, state: LearnerState, at: string): Outcome {
  const status = state.errorBook[data.questionId];
  if (status === undefined) return refuse('NOT_IN_ERROR_BOOK', '錯題簿中沒有這道題目');
  if (status === 'mastered') return refuse('ALREADY_MASTERED', '這道題目已標示為掌握');
  return accept([learnerEvent('ErrorQuestionMastered', { questionId: data.questionId, at })]);
}

function changeSchoolName({ data }: ChangeSchoolName, at: string): Outcome {
  const schoolName = normaliseSchoolName(data.schoolName);
  if (schoolName === null) return refuse('EMPTY_SCHOOL_NAME', '學校名稱不能留空');
  if (characterLength(schoolName) > SCHOOL_NAME_MAX_LENGTH) {
    return refuse('SCHOOL_NAME_TOO_LONG', `學校名稱不能多於 ${SCHOOL_NAME_MAX_LENGTH} 字`);
  }
  if (schoolName === data.currentSchoolName) return accept([]);
  return accept([learnerEvent('SchoolChanged', { at })]);
}

/** The most picks one run may report: every character of the longest text, and wrong picks besides. */
export const RECITATION_MAX_PICKS = 10_000;

type RecitationMarks = {
  characters: number;
  mistakes: number;
  accuracy: number;
  attempts: RecitationAttempt[];
  extra: { after: number; typed: string }[];
};

/** Marks a choice run's picks against the text: each must be at a recitable position of the range. */
function markPicks(
  text: string,
  start: number,
  end: number,
  picks: readonly RecitationPick[],
): RecitationMarks | DomainError {
  if (picks.length > RECITATION_MAX_PICKS) return { code: 'INVALID_ATTEMPTS', message: '背誦記錄過長' };
  const chars = Array.from(text);
  const attempts: RecitationAttempt[] = [];
  const done = new Set<number>();
  for (const pick of picks) {
    const character = chars[pick.position];
    if (
      !Number.isInteger(pick.position) ||
      pick.position < start ||
      pick.position >= end ||
      character === undefined ||
      !isRecitable(character) ||
      typeof pick.selected !== 'string' ||
      Array.from(pick.selected).length !== 1 ||
      !isDuration(pick.timeSpent)
    ) {
      return { code: 'INVALID_ATTEMPTS', message: '背誦記錄無效' };
    }
    const isCorrect = pick.selected === character;
    if (isCorrect) done.add(pick.position);
    attempts.push({
      position: pick.position,
      character,
      selected: pick.selected,
      isCorrect,
      timeSpent: pick.timeSpent,
    });
  }
  const characters = done.size;
  if (characters === 0) return { code: 'INVALID_ATTEMPTS', message: '背誦記錄沒有答對的字' };
  const mistakes = attempts.filter((a) => !a.isCorrect).length;
  return { characters, mistakes, accuracy: recitationAccuracy(characters, mistakes), attempts, extra: [] };
}

/**
 * Marks a written run (默書) against the range: every character of the range is one attempt. A variant or
 * Simplified form counts as right, except in the 易錯字 drill, which asks for the text's own form.
 */
function markWritten(
  text: string,
  start: number,
  end: number,
  written: string,
  forms: RecallForms,
): RecitationMarks | DomainError {
  if (Array.from(written).length > DICTATION_MAX_TYPED) {
    return { code: 'INVALID_WRITTEN', message: `默寫內容不可多於 ${DICTATION_MAX_TYPED} 字` };
  }
  const marking = markRecall(text, start, end, written, forms);
  if (marking.marks.length === 0) return { code: 'INVALID_RANGE', message: '背誦範圍沒有可默寫的字' };
  return {
    characters: marking.marks.length,
    mistakes: marking.wrong + marking.missing + marking.extras.length,
    accuracy: marking.accuracy,
    attempts: marking.marks.map((m) => ({
      position: m.position,
      character: m.character,
      selected: m.typed,
      isCorrect: m.status === 'correct',
      timeSpent: null,
    })),
    extra: marking.extras.map((x) => ({ after: x.after, typed: x.typed })),
  };
}

/**
 * The least time a written recitation takes (issue 37): a phrase of RECITATION_QUICK_CHARACTERS may be
 * typed at once; each character written beyond it takes RECITATION_MIN_MS_PER_CHARACTER (240 a minute;
 * punctuation and spaces aside). A passage pasted in from the lesson's text is refused.
 */
export const RECITATION_MIN_MS_PER_CHARACTER = 250;
export const RECITATION_QUICK_CHARACTERS = 12;

function writtenMinimumMs(written: string): number {
  const characters = Array.from(foldText(written)).length;
  return Math.max(0, characters - RECITATION_QUICK_CHARACTERS) * RECITATION_MIN_MS_PER_CHARACTER;
}

/**
 * The time a written run counts: the client's duration, but no more than the server's own time since it
 * served the recitation; none without a valid token (issue 37).
 */
function countedRecitationMs(data: FinishRecitation['data'], at: string): number {
  if (data.servedAt === undefined) return data.durationMs;
  if (data.servedAt === null) return 0;
  const served = Date.parse(data.servedAt);
  const elapsed = Number.isFinite(served) ? Math.max(0, Date.parse(at) - served) : 0;
  return Math.min(data.durationMs, elapsed);
}

function finishRecitation({ data }: FinishRecitation, at: string): Outcome {
  const { start, end } = data;
  const mode = data.mode ?? 'choice';
  if (!isCount(start) || !isCount(end) || end <= start) return refuse('INVALID_RANGE', '背誦範圍無效');
  if (!isDuration(data.durationMs)) return refuse('INVALID_TIME_SPENT', '背誦時間無效');
  if (data.text !== undefined && end > Array.from(data.text).length)
    return refuse('INVALID_RANGE', '背誦範圍無效');
  let marks: RecitationMarks | DomainError;
  if (mode !== 'choice') {
    if (data.text === undefined || data.written === undefined) {
      return refuse('INVALID_WRITTEN', '請先默寫');
    }
    if (countedRecitationMs(data, at) < writtenMinimumMs(data.written)) {
      return data.servedAt === null
        ? refuse('RECITATION_TOO_FAST', '未能核實默寫時間：請重新開始默寫，憑記憶寫出')
        : refuse('RECITATION_TOO_FAST', '默寫時間太短，請憑記憶默寫');
    }
    marks = markWritten(data.text, start, end, data.written, mode === 'miswrite' ? 'exact' : 'accepted');
  } else if (data.picks !== undefined && data.text !== undefined) {
    marks = markPicks(data.text, start, end, data.picks);
  } else {
    // A run counts only its recorded picks: the first release's bare counts are refused (issue 37).
    return refuse('INVALID_ATTEMPTS', '請提供作答記錄');
  }
  if ('code' in marks) return refuse(marks.code, marks.message);
  if (data.accuracy !== undefined && !(Math.abs(marks.accuracy - data.accuracy) <= CLIENT_FIGURE_TOLERANCE)) {
    return refuse('ACCURACY_MISMATCH', '背誦準確率與錯誤次數不符');
  }
  return accept([
    learnerEvent('RecitationFinished', {
      lessonId: data.lessonId,
      start,
      end,
      mode,
      characters: marks.characters,
      mistakes: marks.mistakes,
      durationMs: data.durationMs,
      accuracy: marks.accuracy,
      grade: recitationGrade(marks.accuracy),
      attempts: marks.attempts,
      extra: marks.extra,
      at,
    }),
  ]);
}

/**
 * The school year's default plan, when it applies to the learner and differs from what their stream
 * records: an ExamDateSet to fold before the command's own events. A learner's own date stays theirs.
 */
function defaultPlanEvents(state: LearnerState, context: DecideContext, at: string): ExamDateSet[] {
  const book = reviewLedgerOf(state);
  if (book.plan?.source === 'learner') return [];
  const plan = planInForce(book.plan, context.adminExamDates, at);
  if (book.plan !== null && book.plan.examDate === plan.examDate) return [];
  return [planEvent(plan, at)];
}

function planEvent(plan: ExamPlanRecord, at: string): ExamDateSet {
  return learnerEvent('ExamDateSet', { ...plan, at });
}

function setExamDate({ data }: SetExamDate, state: LearnerState, at: string): Outcome {
  const problem = examDateProblem(data.examDate, at);
  if (problem !== null) return refuse('INVALID_EXAM_DATE', problem);
  if (data.targetRecall !== undefined && !isTargetRecall(data.targetRecall)) {
    return refuse('INVALID_TARGET_RECALL', '目標記憶率須在 70% 至 97% 之間');
  }
  const book = reviewLedgerOf(state);
  const plan: ExamPlanRecord = {
    examDate: data.examDate,
    targetRecall: data.targetRecall ?? targetRecallOf(book),
    source: 'learner',
    examYear: null,
  };
  const current = book.plan;
  if (
    current !== null &&
    current.source === plan.source &&
    current.examDate === plan.examDate &&
    current.targetRecall === plan.targetRecall
  ) {
    return accept([]);
  }
  return accept([planEvent(plan, at)]);
}

/** The target recall a learner may choose: 0.7 to 0.97 (the contracts' bounds). */
export const TARGET_RECALL_RANGE = [0.7, 0.97] as const;
const isTargetRecall = (x: number) =>
  Number.isFinite(x) && x >= TARGET_RECALL_RANGE[0] && x <= TARGET_RECALL_RANGE[1];

/** The daily review goal a learner may set: 5 to 200 cards (the contracts' bounds). */
export const DAILY_GOAL_RANGE = [5, 200] as const;

function changeReviewSettings(
  { data }: ChangeReviewSettings,
  state: LearnerState,
  context: DecideContext,
  at: string,
): Outcome {
  const book = reviewLedgerOf(state);
  const events: LearnerEvent[] = [];
  if (data.examYear !== undefined) {
    const problem = examYearProblem(data.examYear, at, context.adminExamDates);
    if (problem !== null) return refuse('INVALID_EXAM_DATE', problem);
    const plan: ExamPlanRecord = {
      examDate: examDateForYear(data.examYear, context.adminExamDates),
      targetRecall: targetRecallOf(book),
      source: 'school_year_default',
      examYear: data.examYear,
    };
    const current = book.plan;
    if (
      current === null ||
      current.source !== plan.source ||
      current.examYear !== plan.examYear ||
      current.examDate !== plan.examDate
    ) {
      events.push(planEvent(plan, at));
    }
  } else {
    events.push(...defaultPlanEvents(state, context, at));
  }
  if (
    data.dailyGoal !== undefined &&
    !(
      Number.isInteger(data.dailyGoal) &&
      data.dailyGoal >= DAILY_GOAL_RANGE[0] &&
      data.dailyGoal <= DAILY_GOAL_RANGE[1]
    )
  ) {
    return refuse('INVALID_DAILY_GOAL', '每日目標須為 5 至 200 題');
  }
  const dailyGoal = data.dailyGoal ?? book.dailyGoal;
  const guideCompleted = data.guideCompleted ?? book.guideCompleted;
  if (dailyGoal !== book.dailyGoal || guideCompleted !== book.guideCompleted) {
    events.push(learnerEvent('ReviewSettingsChanged', { dailyGoal, guideCompleted, at }));
  }
  return accept(events);
}

/** Commands a teacher gives on a learner's stream. */
const TEACHER_COMMANDS: ReadonlySet<LearnerCommand['type']> = new Set([
  'DeclineAppeal',
  'AcceptAppeal',
  'RemarkAfterRevert',
  'MarkPendingAnswer',
  'ConfirmSelfMark',
  'ClearFairPlayFlag',
]);

/**
 * Confirms a self-marked answer (issue 37), once: at the teacher's mark (0 to the question's marks). It
 * counts in accuracy from now on, and earns the question's XP when full marks make it the learner's first
 * correct answer of the question (no run bonus: a confirmation is not an answer in a run).
 */
function confirmSelfMark({ data }: ConfirmSelfMark, state: LearnerState, at: string): Outcome {
  const { answer, pointsEarned } = data;
  if (!answer.selfAssessed) return refuse('NOT_SELF_MARKED', '這個答案不是自評的答案');
  if (answer.selfMarkCounted === true) return refuse('ALREADY_CONFIRMED', '這個自評已按班級規則計算');
  if (state.confirmedSelfMarks?.[String(answer.version)] === true) {
    return refuse('ALREADY_CONFIRMED', '這個自評已經確認');
  }
  if (!isCount(pointsEarned) || pointsEarned > answer.pointsAvailable) {
    return refuse('INVALID_SELF_ASSESSMENT', '分數無效');
  }
  const isCorrect = pointsEarned === answer.pointsAvailable;
  const earnedXp = isCorrect && lessonState(state, answer.lessonId).correct[answer.questionId] !== true;
  return accept([
    learnerEvent('SelfMarkConfirmed', {
      answerVersion: answer.version,
      questionId: answer.questionId,
      lessonId: answer.lessonId,
      selfMarkedPoints: answer.pointsEarned,
      pointsEarned,
      pointsAvailable: answer.pointsAvailable,
      isCorrect,
      earnedXp,
      teacherId: data.teacherId,
      at,
    }),
    ...(earnedXp ? [xp(at, 'correct_answer', answer.lessonId, answer.questionId)] : []),
  ]);
}

/** Clears the learner's flags for the week: only when there is one (the API reads them). */
function clearFairPlayFlag({ data }: ClearFairPlayFlag, at: string): Outcome {
  if (data.flags.length === 0) return refuse('NOT_FLAGGED', '這位同學本週沒有待覆核的標記');
  return accept([
    learnerEvent('FairPlayFlagCleared', {
      weekStart: data.weekStart,
      flags: [...data.flags],
      reviewerId: data.reviewerId,
      at,
    }),
  ]);
}

/** The length limit of an appeal's note and of a teacher's note on a declined appeal. */
export const APPEAL_NOTE_MAX_LENGTH = 300;

/**
 * An appeal: only of a free-text answer the server marked by its scheme and did not give full marks,
 * once per answer.
 */
function appealAnswer({ data }: AppealAnswer, state: LearnerState, at: string): Outcome {
  const { answer } = data;
  if (answer.pointCount === 0 || answer.selfAssessed) {
    return refuse('NOT_APPEALABLE', '只可就按得分點評分的答案提出申訴');
  }
  if (answer.isCorrect) return refuse('NOT_APPEALABLE', '這個答案已得全部分數');
  if (appealStatus(state, answer.version) !== undefined) {
    return refuse('ALREADY_APPEALED', '這個答案已提出申訴');
  }
  const note = data.note == null ? null : normaliseNote(data.note);
  if (note !== null && characterLength(note) > APPEAL_NOTE_MAX_LENGTH) {
    return refuse('NOTE_TOO_LONG', `申訴理由不能多於 ${APPEAL_NOTE_MAX_LENGTH} 字`);
  }
  return accept([
    learnerEvent('AnswerAppealed', {
      answerVersion: answer.version,
      questionId: answer.questionId,
      lessonId: answer.lessonId,
      questionType: answer.questionType,
      selectedAnswer: answer.selectedAnswer,
      pointsEarned: answer.pointsEarned,
      pointsAvailable: answer.pointsAvailable,
      note,
      at,
    }),
  ]);
}

function pendingAppeal(state: LearnerState, answer: AppealedAnswer): Outcome | null {
  const status = appealStatus(state, answer.version);
  if (status === undefined) return refuse('NO_APPEAL', '這個答案沒有申訴');
  if (status !== 'pending') return refuse('APPEAL_RESOLVED', '這項申訴已處理');
  return null;
}

function declineAppeal({ data }: DeclineAppeal, state: LearnerState, at: string): Outcome {
  const refused = pendingAppeal(state, data.answer);
  if (refused) return refused;
  const note = normaliseNote(data.note);
  if (note === null) return refuse('EMPTY_NOTE', '請寫下不接納的理由');
  if (characterLength(note) > APPEAL_NOTE_MAX_LENGTH) {
    return refuse('NOTE_TOO_LONG', `理由不能多於 ${APPEAL_NOTE_MAX_LENGTH} 字`);
  }
  const { answer } = data;
  return accept([
    learnerEvent('AppealDeclined', {
      answerVersion: answer.version,
      questionId: answer.questionId,
      lessonId: answer.lessonId,
      note,
      teacherId: data.teacherId,
      at,
    }),
  ]);
}

/**
 * Accepts an appeal: the rendering must be words of the answer, not words of the source, and the point
 * one of the scheme's; the answer is marked again with the rendering added to the point's accepted
 * renderings. XP by the fair-XP rules: the question's XP if this makes it the learner's first correct
 * answer of it (no run bonus: a re-mark is not an answer in a run).
 */
function acceptAppeal({ data }: AcceptAppeal, state: LearnerState, at: string): Outcome {
  const { answer, question, pointId } = data;
  const refused = pendingAppeal(state, answer);
  if (refused) return refused;
  if (question.id !== answer.questionId) return refuse('QUESTION_MISMATCH', '題目與申訴的答案不符');
  const scheme = question.marking;
  const point = scheme?.points.find((p) => p.id === pointId);
  if (!scheme || !point) return refuse('UNKNOWN_POINT', '評分準則中沒有這個得分點');
  const rendering = data.rendering.trim();
  const folded = foldText(rendering);
  if (folded.length === 0) return refuse('EMPTY_RENDERING', '請寫下答案中得分的字詞');
  if (!foldText(answer.selectedAnswer).includes(folded)) {
    return refuse('RENDERING_NOT_IN_ANSWER', '接納的譯法須出自學生的答案');
  }
  if (foldText(markingSource(question)).includes(folded)) {
    return refuse('RENDERING_COPIES_SOURCE', '接納的譯法不能是原文的字詞');
  }
  // 「有愧疚」 must never earn 「不疚」: a point that carries a negation takes only renderings that do.
  if (needsNegation(point) && !carriesNegation(rendering)) {
    return refuse(
      'RENDERING_DROPS_NEGATION',
      '這個得分點帶否定意思，接納的譯法必須保留否定詞（例如「不」「沒」「無」「未」「非」）',
    );
  }
  const extended: MarkingScheme = {
    points: scheme.points.map((p) => (p.id === pointId ? { ...p, accept: [...p.accept, rendering] } : p)),
  };
  const grading = gradeAnswer({ ...question, marking: extended }, answer.selectedAnswer);
  const marked = markedPoints(grading, undefined);
  const lesson = lessonState(state, answer.lessonId);
  const earnedXp = marked.isCorrect && lesson.correct[answer.questionId] !== true;
  return accept([
    learnerEvent('AnswerRemarked', {
      answerVersion: answer.version,
      questionId: answer.questionId,
      lessonId: answer.lessonId,
      questionType: answer.questionType,
      selectedAnswer: answer.selectedAnswer,
      pointId,
      rendering,
      teacherId: data.teacherId,
      previousPointsEarned: answer.pointsEarned,
      pointsEarned: marked.pointsEarned,
      pointsAvailable: marked.pointsAvailable,
      points: marked.points,
      isCorrect: marked.isCorrect,
      earnedXp,
      at,
    }),
    ...(earnedXp ? [xp(at, 'correct_answer', answer.lessonId, answer.questionId)] : []),
  ]);
}

/**
 * Marks again the answers a reverted rendering had earned a point: each answer whose marks change gets
 * an AnswerRemarkedOnRevert; none pays or takes back XP (the fair-XP rule of a revert).
 */
function remarkAfterRevert({ data }: RemarkAfterRevert, at: string): Outcome {
  const { question } = data;
  const events: LearnerEvent[] = [];
  for (const answer of data.answers) {
    if (answer.questionId !== question.id) return refuse('QUESTION_MISMATCH', '題目與答案不符');
    const marked = markedPoints(gradeAnswer(question, answer.selectedAnswer), undefined);
    if (marked.pointsEarned === answer.pointsEarned && marked.isCorrect === answer.isCorrect) continue;
    events.push(
      learnerEvent('AnswerRemarkedOnRevert', {
        answerVersion: answer.version,
        questionId: answer.questionId,
        lessonId: answer.lessonId,
        questionType: answer.questionType,
        difficulty: question.difficulty,
        correctAnswer: question.correctAnswer,
        selectedAnswer: answer.selectedAnswer,
        pointId: data.pointId,
        rendering: data.rendering,
        revertedBy: data.revertedBy,
        previousPointsEarned: answer.pointsEarned,
        wasCorrect: answer.isCorrect,
        pointsEarned: marked.pointsEarned,
        pointsAvailable: marked.pointsAvailable,
        points: marked.points,
        isCorrect: marked.isCorrect,
        at,
      }),
    );
  }
  return accept(events);
}

/** The length limit of a teacher's note on a marked pending answer. */
export const TEACHER_MARK_NOTE_MAX_LENGTH = 300;

/** The teacher's marks of a pending answer: its points as marked and the points earned, or a refusal. */
function teacherMarks(
  data: MarkPendingAnswer['data'],
): { points: RecordedPoint[]; pointsEarned: number } | DomainError {
  const { answer, earnedPointIds, pointsEarned } = data;
  if (answer.points.length > 0) {
    if (earnedPointIds === undefined || pointsEarned !== undefined) {
      return { code: 'INVALID_MARKS', message: '請逐一勾選答案得到的得分點' };
    }
    const known = new Set(answer.points.map((p) => p.id));
    if (earnedPointIds.some((id) => !known.has(id))) {
      return { code: 'UNKNOWN_POINT', message: '評分準則中沒有這個得分點' };
    }
    const earned = new Set(earnedPointIds);
    const points = answer.points.map((p) => ({ ...p, earned: earned.has(p.id) }));
    return { points, pointsEarned: points.filter((p) => p.earned).length };
  }
  if (
    pointsEarned === undefined ||
    earnedPointIds !== undefined ||
    !isCount(pointsEarned) ||
    pointsEarned > answer.pointsAvailable
  ) {
    return { code: 'INVALID_MARKS', message: `得分須為 0 至 ${answer.pointsAvailable} 分` };
  }
  return { points: [], pointsEarned };
}

/**
 * A teacher marks an answer the marker left pending (待老師批閱), once. XP by the fair-XP rules: the
 * question's XP if this makes it the learner's first correct answer of it (no run bonus and no review
 * XP: a mark is not an answer in a run, nor today's review).
 */
function markPendingAnswer({ data }: MarkPendingAnswer, state: LearnerState, at: string): Outcome {
  const { answer } = data;
  const lesson = lessonState(state, answer.lessonId);
  if (lesson.answered[answer.questionId] !== true) {
    return refuse('NOT_LEARNERS_ANSWER', '這位學生沒有作答這道題目');
  }
  if (!answer.pendingReview) return refuse('NOT_PENDING', '這個答案不用老師批閱');
  if (isTeacherMarked(state, answer.version)) return refuse('ALREADY_MARKED', '這個答案已批閱');
  const marks = teacherMarks(data);
  if ('code' in marks) return refuse(marks.code, marks.message);
  const note = data.note == null ? null : normaliseNote(data.note);
  if (note !== null && characterLength(note) > TEACHER_MARK_NOTE_MAX_LENGTH) {
    return refuse('NOTE_TOO_LONG', `評語不能多於 ${TEACHER_MARK_NOTE_MAX_LENGTH} 字`);
  }
  const isCorrect = marks.pointsEarned === answer.pointsAvailable;
  const earnedXp = isCorrect && lesson.correct[answer.questionId] !== true;
  return accept([
    learnerEvent('AnswerTeacherMarked', {
      answerVersion: answer.version,
      questionId: answer.questionId,
      lessonId: answer.lessonId,
      questionType: answer.questionType,
      difficulty: answer.difficulty,
      selectedAnswer: answer.selectedAnswer,
      correctAnswer: answer.correctAnswer,
      answeredAt: answer.answeredAt,
      teacherId: data.teacherId,
      provisionalPointsEarned: answer.pointsEarned,
      pointsEarned: marks.pointsEarned,
      pointsAvailable: answer.pointsAvailable,
      points: marks.points,
      isCorrect,
      note,
      earnedXp,
      at,
    }),
    ...(earnedXp ? [xp(at, 'correct_answer', answer.lessonId, answer.questionId)] : []),
  ]);
}

function decideCommand(
  command: LearnerCommand,
  state: LearnerState,
  context: DecideContext,
  at: string,
): Outcome {
  switch (command.type) {
    case 'SubmitAnswer':
      return submitAnswer(command, state, context, at);
    case 'CompleteNode':
      return completeNode(command, state, context, at);
    case 'CompleteVocabularyExercise':
      return completeVocabularyExercise(command, state, at);
    case 'SaveErrorNote':
      return saveErrorNote(command, state, at);
    case 'MasterErrorQuestion':
      return masterErrorQuestion(command, state, at);
    case 'ChangeSchoolName':
      return changeSchoolName(command, at);
    case 'FinishRecitation':
      return finishRecitation(command, at);
    case 'SignIn':
      return accept([]);
    case 'AppealAnswer':
      return appealAnswer(command, state, at);
    case 'DeclineAppeal':
      return declineAppeal(command, state, at);
    case 'AcceptAppeal':
      return acceptAppeal(command, state, at);
    case 'RemarkAfterRevert':
      return remarkAfterRevert(command, at);
    case 'MarkPendingAnswer':
      return markPendingAnswer(command, state, at);
    case 'ConfirmSelfMark':
      return confirmSelfMark(command, state, at);
    case 'ClearFairPlayFlag':
      return clearFairPlayFlag(command, at);
    case 'SetExamDate':
      return setExamDate(command, state, at);
    case 'ChangeReviewSettings':
      return changeReviewSettings(command, state, context, at);
    default:
      return assertNever(command);
  }
}

/**
 * Decides what a learner's command does. Any accepted command on a new Hong Kong day first yields
 * DailySignedIn, its 5 XP and the streak event (plus 20 XP on a streak milestone); a refused command
 * yields nothing at all. All events carry `at` = `context.now` (normalised to UTC ISO); an answer's
 * `answeredAt` (given offline) decides its Hong Kong day, within OFFLINE_ANSWER_WINDOW_MS.
 * @example decide({ type: 'SignIn', data: {} }, initialLearnerState, { now: '2024-09-02T08:00:00+08:00' })
 *   // { ok: true, events: [DailySignedIn, XpAwarded(5, daily_sign_in), StreakReset(1)] }
 */
export function decide(command: LearnerCommand, state: LearnerState, context: DecideContext): Decision {
  if (!isReadableTime(context.now)) return refuse('INVALID_NOW', '伺服器時間無效');
  const at = new Date(context.now).toISOString();
  const outcome = decideCommand(command, state, context, at);
  if (!outcome.ok) return outcome;
  // A teacher's resolution of an appeal is not the learner's activity: no sign-in, no streak.
  if (TEACHER_COMMANDS.has(command.type)) return outcome;
  // An answer given offline counts for the day it was given when that is the day of its arrival or the
  // day before (streakCountsAt); every event keeps the server's time as `at`.
  const dayAt = command.type === 'SubmitAnswer' ? streakCountsAt(command.data.answeredAt, at) : at;
  return { ok: true, events: [...startOfDay(state, at, dayAt), ...outcome.events] };
}
