/**
 * Teachers and classes: a teacher creates classes, learners join with a code, and the teacher reads
 * their learners' progress and replays a learner's history (read-only).
 */
import { z } from 'zod';
import {
  CountSchema,
  LessonIdSchema,
  NO_BIDI,
  nonNegativeIntParam,
  PercentSchema,
  positiveIntParam,
  repeatedParam,
  TimestampSchema,
  UserIdSchema,
} from './common.ts';
import { ErrorQuestionRecordSchema } from './error-book.ts';
import { FairPlayFlagSchema } from './fair-play.ts';
import { CalendarDateSchema, RecallSchema, ReviewCardSchema } from './reviews.ts';
import { UserStatsRecordSchema } from './users.ts';

/** A class's join code: 6–10 letters or digits, case-insensitive (sent upper-case). */
export const JoinCodeSchema = z
  .string({ error: '請輸入班別代碼' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,10}$/, { error: '班別代碼格式不正確' });
export type JoinCode = z.infer<typeof JoinCodeSchema>;

/** `/api/teacher/classes/:id/...`, `/api/classes/:id/...` */
export const ClassParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type ClassParams = z.infer<typeof ClassParamsSchema>;

/** `/api/teacher/learners/:id/...` */
export const LearnerParamsSchema = z.object({ id: UserIdSchema });
export type LearnerParams = z.infer<typeof LearnerParamsSchema>;

/** POST /api/teacher/classes. */
export const CreateClassBodySchema = z.object({
  name: z
    .string({ error: '請輸入班別名稱' })
    .trim()
    .min(1, { error: '請輸入班別名稱' })
    .max(60, { error: '班別名稱不能超過 60 個字' })
    .refine(...NO_BIDI),
});
export type CreateClassBody = z.infer<typeof CreateClassBodySchema>;

/** A class as its teacher sees it right after creating it. */
export const ClassSchema = z.object({
  id: z.string(),
  name: z.string(),
  joinCode: z.string(),
});
export type Class = z.infer<typeof ClassSchema>;

/** A class in the teacher's list. */
export const ClassSummarySchema = ClassSchema.extend({
  learnerCount: CountSchema,
  createdAt: TimestampSchema,
});
export type ClassSummary = z.infer<typeof ClassSummarySchema>;

export const ClassSummaryListSchema = z.array(ClassSummarySchema);
export type ClassSummaryList = z.infer<typeof ClassSummaryListSchema>;

/** The lesson a learner does worst on (lowest accuracy among lessons they have answered). */
export const WeakestLessonSchema = z.object({
  lessonId: LessonIdSchema,
  title: z.string(),
  accuracy: PercentSchema,
});
export type WeakestLesson = z.infer<typeof WeakestLessonSchema>;

/** One learner of a class, as the class table shows them. */
export const ClassLearnerSchema = z.object({
  id: UserIdSchema,
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  totalXP: CountSchema,
  level: z.number().int().positive(),
  streakDays: CountSchema,
  completedLessons: CountSchema,
  /** Null before the first answer. */
  accuracy: PercentSchema.nullable(),
  lastActiveDate: TimestampSchema.nullable(),
  weakestLesson: WeakestLessonSchema.nullable(),
  /**
   * Correct answers this Hong Kong week beyond the pace a reader answers at (no served question, too
   * fast, beyond the rate: issue 37), and whether they flag the learner (「待覆核」; off the league).
   */
  answersBeyondPace: CountSchema,
  flagged: z.boolean(),
  /** Why the learner is flagged this week (none once a review cleared them): 「待覆核」 when any. */
  flags: z.array(FairPlayFlagSchema),
});
export type ClassLearner = z.infer<typeof ClassLearnerSchema>;

export const ClassLearnerListSchema = z.array(ClassLearnerSchema);
export type ClassLearnerList = z.infer<typeof ClassLearnerListSchema>;

// ---------------------------------------------------------------------------------------------
// A learner's history (the event stream, read-only)
// ---------------------------------------------------------------------------------------------

/** The learner's figures right after an event, or at a moment of the replay. */
export const LearnerFiguresSchema = z.object({
  totalXP: CountSchema,
  level: z.number().int().positive(),
  streakDays: CountSchema,
  /** Null before the first answer. */
  accuracy: PercentSchema.nullable(),
});
export type LearnerFigures = z.infer<typeof LearnerFiguresSchema>;

/**
 * GET /api/teacher/learners/:id/events: a page of the learner's stream, in stream order.
 * `after` is the last version already seen (exclusive); `types` filters by event type (repeated
 * parameter); `from`/`to` bound the recorded time.
 */
export const LearnerEventsQuerySchema = z.object({
  after: nonNegativeIntParam().default(0),
  limit: positiveIntParam().max(200).default(50),
  types: repeatedParam(z.string().min(1).max(100)).optional(),
  from: TimestampSchema.optional(),
  to: TimestampSchema.optional(),
});
export type LearnerEventsQuery = z.infer<typeof LearnerEventsQuerySchema>;

/** One event of a learner's stream, with a summary in words for the teacher. */
export const LearnerEventSchema = z.object({
  /** The event's version in the learner's stream (1, 2, 3... without gaps). */
  version: z.number().int().positive(),
  /** The domain's event type, e.g. "AnswerSubmitted". */
  type: z.string(),
  recordedAt: TimestampSchema,
  /** Traditional Chinese, e.g. "答對《師說》詞解題一題，獲得 10 XP". */
  summary: z.string(),
  data: z.record(z.string(), z.unknown()),
  stateAfter: LearnerFiguresSchema,
});
export type LearnerEvent = z.infer<typeof LearnerEventSchema>;

export const LearnerEventPageSchema = z.object({
  learnerId: UserIdSchema,
  items: z.array(LearnerEventSchema),
  /** Pass as `after` for the next page; null when this page reached the end. */
  nextAfter: z.number().int().nonnegative().nullable(),
});
export type LearnerEventPage = z.infer<typeof LearnerEventPageSchema>;

/**
 * The `at` of a replay: a stream version (digits) or an ISO time. Parsed to a number or the ISO string.
 *
 * @example AtParamSchema.parse('12') // 12
 */
export const AtParamSchema = z.union([
  z
    .string()
    .regex(/^\d+$/)
    .transform((value) => Number(value)),
  TimestampSchema,
]);
export type AtParam = z.infer<typeof AtParamSchema>;

/** GET /api/teacher/learners/:id/state?at=...: without `at`, the present state. */
export const LearnerStateQuerySchema = z.object({ at: AtParamSchema.optional() });
export type LearnerStateQuery = z.infer<typeof LearnerStateQuerySchema>;

/**
 * The learner's review cards as they were at a moment of the replay: due counts are taken at the end of
 * that moment's Hong Kong day, and recall at that moment (the cards soonest due first, at most 200).
 */
export const ReplayReviewsSchema = z.object({
  examDate: CalendarDateSchema,
  targetRecall: RecallSchema,
  cardCount: CountSchema,
  /** Cards due by the end of the moment's Hong Kong day. */
  dueCount: CountSchema,
  cards: z.array(ReviewCardSchema),
});
export type ReplayReviews = z.infer<typeof ReplayReviewsSchema>;

/** The learner's state as it was at a version or time: totals, per-lesson stats, open error-book items, review cards. */
export const LearnerStateSchema = z.object({
  learnerId: UserIdSchema,
  /** The last event included (version 0 and recordedAt null before any event). */
  at: z.object({ version: CountSchema, recordedAt: TimestampSchema.nullable() }),
  totals: LearnerFiguresSchema,
  lessons: z.array(UserStatsRecordSchema),
  openErrors: z.array(ErrorQuestionRecordSchema),
  reviews: ReplayReviewsSchema,
});
export type LearnerState = z.infer<typeof LearnerStateSchema>;

// ---------------------------------------------------------------------------------------------
// Learners joining and leaving
// ---------------------------------------------------------------------------------------------

/** POST /api/classes/join. Joining a class one is already in succeeds again. */
export const JoinClassBodySchema = z.object({ joinCode: JoinCodeSchema });
export type JoinClassBody = z.infer<typeof JoinClassBodySchema>;

/** The class a learner joined. */
export const JoinedClassSchema = z.object({ id: z.string(), name: z.string() });
export type JoinedClass = z.infer<typeof JoinedClassSchema>;
