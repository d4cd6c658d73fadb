/**
 * Review to exam day (issue 21): every question a learner has answered is a review card, scheduled by
 * FSRS and aimed at the learner's exam date. The learner's due list, review session, forecast and
 * settings (exam date, target recall, daily goal, the first-sign-in guide), accuracy by kind of
 * knowledge, a teacher's class forecast and the admin's default exam date of a school year.
 *
 * Probabilities (recall, target) are fractions 0–1 on the wire; screens print them as percents.
 */
import { z } from 'zod';
import {
  CountSchema,
  LessonIdSchema,
  nonNegativeIntParam,
  positiveIntParam,
  TimestampSchema,
  UserIdSchema,
} from './common.ts';
import { DEFAULT_DAILY_GOAL, KNOWLEDGE_TAG_LABELS, KNOWLEDGE_TAGS, REVIEW_SESSION_MODES } from './light.ts';
import { QuestionSchema, QuestionTypeSchema } from './questions.ts';

// ---------------------------------------------------------------------------------------------
// Knowledge tags (the same list as content/src/schema.ts's KnowledgeTagSchema; a store test checks it)
// ---------------------------------------------------------------------------------------------

export const KnowledgeTagSchema = z.enum(KNOWLEDGE_TAGS, { error: '請選擇知識類別' });
export type KnowledgeTag = z.infer<typeof KnowledgeTagSchema>;

export { KNOWLEDGE_TAG_LABELS, KNOWLEDGE_TAGS };

/** A question's tags, main one first (empty for a question not tagged yet). */
export const KnowledgeTagListSchema = z.array(KnowledgeTagSchema);

// ---------------------------------------------------------------------------------------------
// Shared values
// ---------------------------------------------------------------------------------------------

/** A calendar date `YYYY-MM-DD` that exists (2027-02-30 is refused). */
export const CalendarDateSchema = z
  .string({ error: '請輸入日期（YYYY-MM-DD）' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式須為 YYYY-MM-DD' })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { error: '沒有這一天' },
  );
export type CalendarDate = z.infer<typeof CalendarDateSchema>;

/** A share of cards recalled, or a probability of recall: 0 to 1. */
export const RecallSchema = z.number().min(0).max(1);

/** The target recall on the exam day a learner may choose (default 0.9). */
export const TARGET_RECALL_MIN = 0.7;
export const TARGET_RECALL_MAX = 0.97;
export const DEFAULT_TARGET_RECALL = 0.9;
export const TargetRecallSchema = z
  .number({ error: '目標記憶率須為 0.7 至 0.97 之間的數字' })
  .min(TARGET_RECALL_MIN, { error: '目標記憶率不能低於 70%' })
  .max(TARGET_RECALL_MAX, { error: '目標記憶率不能高於 97%' });

/** The daily review goal a learner may set (cards a day). */
export const DAILY_GOAL_MIN = 5;
export const DAILY_GOAL_MAX = 200;
export { DEFAULT_DAILY_GOAL };
export const DailyGoalSchema = z
  .number({ error: '每日目標須為整數' })
  .int({ error: '每日目標須為整數' })
  .min(DAILY_GOAL_MIN, { error: `每日目標最少 ${DAILY_GOAL_MIN} 題` })
  .max(DAILY_GOAL_MAX, { error: `每日目標最多 ${DAILY_GOAL_MAX} 題` });

/** An HKDSE exam year (the calendar year of the exam). The server also bounds it by today. */
export const ExamYearSchema = z
  .number({ error: '請選擇應考年份' })
  .int({ error: '請選擇應考年份' })
  .min(2000, { error: '請選擇應考年份' })
  .max(2100, { error: '請選擇應考年份' });

/** The FSRS card states (ts-fsrs's `State`). */
export const REVIEW_CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export const ReviewCardStateSchema = z.enum(REVIEW_CARD_STATES);
export type ReviewCardState = z.infer<typeof ReviewCardStateSchema>;

/** Where the exam date in force came from: the learner's own choice, or the school year's default. */
export const EXAM_DATE_SOURCES = ['learner', 'school_year_default'] as const;
export const ExamDateSourceSchema = z.enum(EXAM_DATE_SOURCES);
export type ExamDateSource = z.infer<typeof ExamDateSourceSchema>;

// ---------------------------------------------------------------------------------------------
// Settings: exam date, target recall, daily goal, first-sign-in guide
// ---------------------------------------------------------------------------------------------

/**
 * PUT /api/users/:id/exam-date. A date before today (Hong Kong) or more than three years ahead is a
 * 400 naming `body.examDate` (the server checks the bounds against its clock). `targetRecall` keeps
 * its current value when absent.
 */
export const SetExamDateBodySchema = z.object({
  examDate: CalendarDateSchema,
  targetRecall: TargetRecallSchema.optional(),
});
export type SetExamDateBody = z.infer<typeof SetExamDateBodySchema>;

/**
 * PATCH /api/users/:id/review-settings: any of the three, at least one. `examYear` (the guide's
 * question) sets the exam date to that year's HKDSE Chinese Language date (the admin's default for
 * the year, else the known date); a year already past or more than three ahead is a 400.
 */
export const UpdateReviewSettingsBodySchema = z
  .object({
    dailyGoal: DailyGoalSchema.optional(),
    examYear: ExamYearSchema.optional(),
    /** The first-sign-in guide was finished (or skipped): it is not shown again. */
    guideCompleted: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: '請最少更改一項設定',
  });
export type UpdateReviewSettingsBody = z.infer<typeof UpdateReviewSettingsBodySchema>;

/** A learner's review settings (GET/PATCH review-settings, PUT exam-date). */
export const ReviewSettingsSchema = z.object({
  learnerId: UserIdSchema,
  /** The exam date in force. */
  examDate: CalendarDateSchema,
  examDateSource: ExamDateSourceSchema,
  /** The exam year the learner chose in the guide or settings (null: never chosen). */
  examYear: z.number().int().nullable(),
  targetRecall: RecallSchema,
  dailyGoal: z.number().int().positive(),
  /** False until the first-sign-in guide is finished: the client shows it at sign-in. */
  guideCompleted: z.boolean(),
});
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Cards and the due list
// ---------------------------------------------------------------------------------------------

/** One review card: a question the learner has answered, its FSRS memory and its next review. */
export const ReviewCardSchema = z.object({
  questionId: z.string(),
  lessonId: LessonIdSchema,
  questionType: QuestionTypeSchema,
  /** When the scheduler asks for the next review. */
  due: TimestampSchema,
  state: ReviewCardStateSchema,
  /** FSRS stability in days: the interval after which recall falls to 90 %. */
  stability: z.number().nonnegative(),
  /** FSRS difficulty, 1 (easy) to 10 (hard). */
  difficulty: z.number().min(0).max(10),
  reps: CountSchema,
  lapses: CountSchema,
  lastReviewedAt: TimestampSchema,
  /** Probability of recall now and on the exam day if not reviewed again (FSRS's forgetting curve). */
  recallNow: RecallSchema,
  predictedExamRecall: RecallSchema,
  tags: KnowledgeTagListSchema,
  /** The question is an open item of the error book (not ticked 「已掌握」 by the learner). */
  inErrorBook: z.boolean(),
});
export type ReviewCard = z.infer<typeof ReviewCardSchema>;

/** GET /api/users/:id/reviews?due=today: 50 cards by default (up to 1000); `limit` 0 answers the counts only (the header's badge). */
export const DueReviewsQuerySchema = z.object({
  due: z.literal('today', { error: 'due 只可為 today' }).default('today'),
  limit: nonNegativeIntParam().max(1000).default(50),
});
export type DueReviewsQuery = z.infer<typeof DueReviewsQuerySchema>;

/** The cards due by the end of the learner's Hong Kong day, soonest first, and today's progress. */
export const DueReviewListSchema = z.object({
  learnerId: UserIdSchema,
  /** The end of the learner's Hong Kong day (exclusive): cards due before it are listed. */
  dueBy: TimestampSchema,
  /** How many cards are due by then (the list may be cut by `limit`). */
  dueCount: CountSchema,
  /** Due reviews the learner has answered today (Hong Kong), and their daily goal. */
  reviewedToday: CountSchema,
  dailyGoal: z.number().int().positive(),
  examDate: CalendarDateSchema,
  cards: z.array(ReviewCardSchema),
});
export type DueReviewList = z.infer<typeof DueReviewListSchema>;

// ---------------------------------------------------------------------------------------------
// A review session
// ---------------------------------------------------------------------------------------------

/**
 * What a review session draws:
 * - `due`: today's due cards (「今日複習」), error-book items first, interleaved across lessons;
 * - `error_book`: the open error-book items (「練習錯題」), due ones first;
 * - `tag`: the cards of one kind of knowledge (「溫習最弱一環」), due ones first, then the least
 *   likely to be recalled. `tag` is required with this mode; without it the weakest tag is taken.
 */
export { REVIEW_SESSION_MODES };
export const ReviewSessionModeSchema = z.enum(REVIEW_SESSION_MODES);
export type ReviewSessionMode = z.infer<typeof ReviewSessionModeSchema>;

/** GET /api/users/:id/reviews/session. */
export const ReviewSessionQuerySchema = z.object({
  mode: ReviewSessionModeSchema.default('due'),
  tag: KnowledgeTagSchema.optional(),
  limit: positiveIntParam().max(50).default(20),
});
export type ReviewSessionQuery = z.infer<typeof ReviewSessionQuerySchema>;

/** One question of a review session: the question without its key, and why it was drawn. */
export const ReviewSessionItemSchema = z.object({
  question: QuestionSchema,
  tags: KnowledgeTagListSchema,
  due: TimestampSchema,
  /** Due by the end of today: a correct answer earns review XP. */
  isDue: z.boolean(),
  inErrorBook: z.boolean(),
});
export type ReviewSessionItem = z.infer<typeof ReviewSessionItemSchema>;

export const ReviewSessionSchema = z.object({
  mode: ReviewSessionModeSchema,
  /** The tag drawn (mode `tag`), else null. */
  tag: KnowledgeTagSchema.nullable(),
  /** Cards due today in all (the session may hold fewer). */
  dueCount: CountSchema,
  items: z.array(ReviewSessionItemSchema),
});
export type ReviewSession = z.infer<typeof ReviewSessionSchema>;

/** What the answer's reply says about the card (`AnswerResultSchema.review`). */
export const AnswerReviewSchema = z.object({
  /** The card was due by the end of the day when answered (a correct answer then earns review XP). */
  wasDue: z.boolean(),
  /** The review XP this answer earned (0 unless due and correct). */
  reviewXp: CountSchema,
  /** When the scheduler asks for this question again. */
  nextDue: TimestampSchema,
});
export type AnswerReview = z.infer<typeof AnswerReviewSchema>;

// ---------------------------------------------------------------------------------------------
// The forecast
// ---------------------------------------------------------------------------------------------

/** One lesson's cards on the exam day. */
export const LessonForecastSchema = z.object({
  lessonId: LessonIdSchema,
  title: z.string(),
  cardCount: CountSchema,
  /** The mean predicted recall of the lesson's cards on the exam day with no further review. */
  predictedRecall: RecallSchema,
  /** The same if the learner does every review the scheduler asks for (each answered correctly). */
  plannedRecall: RecallSchema,
  dueToday: CountSchema,
});
export type LessonForecast = z.infer<typeof LessonForecastSchema>;

/** GET /api/users/:id/reviews/forecast. */
export const ReviewForecastSchema = z.object({
  learnerId: UserIdSchema,
  examDate: CalendarDateSchema,
  examDateSource: ExamDateSourceSchema,
  targetRecall: RecallSchema,
  /** Whole Hong Kong days from today to the exam day (0 on the day, negative after it). */
  daysToExam: z.number().int(),
  cardCount: CountSchema,
  dueToday: CountSchema,
  /** Over all cards, as in `LessonForecastSchema`. */
  predictedRecall: RecallSchema,
  plannedRecall: RecallSchema,
  /** Mean reviews a day the plan asks for from today to the day before the exam (0 after it). */
  reviewsPerDay: z.number().nonnegative(),
  lessons: z.array(LessonForecastSchema),
  /** The plan day by day, today first, up to the day before the exam (at most 366 days). */
  days: z.array(z.object({ date: CalendarDateSchema, reviews: CountSchema })),
});
export type ReviewForecast = z.infer<typeof ReviewForecastSchema>;

// ---------------------------------------------------------------------------------------------
// Accuracy and open items by kind of knowledge
// ---------------------------------------------------------------------------------------------

/** One kind of knowledge (or, with `tag` null, the questions not tagged yet). */
export const KnowledgeTagStatSchema = z.object({
  tag: KnowledgeTagSchema.nullable(),
  /** The tag's label (「未分類」 for untagged questions). */
  label: z.string(),
  /** Answers to questions carrying the tag (any position), and how many were correct. */
  answers: CountSchema,
  correct: CountSchema,
  /** correct ÷ answers in percent, one decimal; null before any answer. */
  accuracy: z.number().min(0).max(100).nullable(),
  /** Open error-book items carrying the tag. */
  openErrors: CountSchema,
  /** Cards carrying the tag, and those due today. */
  cardCount: CountSchema,
  dueToday: CountSchema,
});
export type KnowledgeTagStat = z.infer<typeof KnowledgeTagStatSchema>;

/** GET /api/users/:id/knowledge-tags: every tag (answered or not), then the untagged row if any. */
export const KnowledgeTagStatsSchema = z.object({
  learnerId: UserIdSchema,
  tags: z.array(KnowledgeTagStatSchema),
  /** The tag with the lowest accuracy among those with at least 3 answers (ties: more open items). */
  weakest: KnowledgeTagSchema.nullable(),
});
export type KnowledgeTagStats = z.infer<typeof KnowledgeTagStatsSchema>;

// ---------------------------------------------------------------------------------------------
// The teacher's class forecast
// ---------------------------------------------------------------------------------------------

/** One learner of the class and their review plan. */
export const ClassLearnerForecastSchema = z.object({
  id: UserIdSchema,
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  examDate: CalendarDateSchema,
  targetRecall: RecallSchema,
  cardCount: CountSchema,
  dueToday: CountSchema,
  /** Cards due before the start of today (Hong Kong): reviews asked for and not done. */
  overdue: CountSchema,
  reviewedToday: CountSchema,
  dailyGoal: z.number().int().positive(),
  predictedRecall: RecallSchema,
  reviewsPerDay: z.number().nonnegative(),
  /** Behind on reviews: `overdue` is at least the learner's daily goal. */
  behind: z.boolean(),
});
export type ClassLearnerForecast = z.infer<typeof ClassLearnerForecastSchema>;

/** One set text over the class: its cards and their mean predicted recall on each learner's exam day. */
export const ClassLessonForecastSchema = z.object({
  lessonId: LessonIdSchema,
  title: z.string(),
  learnerCount: CountSchema,
  cardCount: CountSchema,
  predictedRecall: RecallSchema,
  overdue: CountSchema,
});
export type ClassLessonForecast = z.infer<typeof ClassLessonForecastSchema>;

/** GET /api/teacher/classes/:id/reviews/forecast. */
export const ClassForecastSchema = z.object({
  classId: z.string(),
  learners: z.array(ClassLearnerForecastSchema),
  lessons: z.array(ClassLessonForecastSchema),
});
export type ClassForecast = z.infer<typeof ClassForecastSchema>;

// ---------------------------------------------------------------------------------------------
// The admin's default exam date of a school year
// ---------------------------------------------------------------------------------------------

/** `/api/admin/exam-dates/:year` (the calendar year of the exam). */
export const ExamYearParamsSchema = z.object({
  year: positiveIntParam().min(2000).max(2100),
});
export type ExamYearParams = z.infer<typeof ExamYearParamsSchema>;

/** PUT /api/admin/exam-dates/:year: the date must fall in that year (else a 400 naming `body.examDate`). */
export const SetDefaultExamDateBodySchema = z.object({ examDate: CalendarDateSchema });
export type SetDefaultExamDateBody = z.infer<typeof SetDefaultExamDateBodySchema>;

/** One exam year's date: the admin's, or the built-in known date (`source`). */
export const DefaultExamDateSchema = z.object({
  year: z.number().int(),
  examDate: CalendarDateSchema,
  source: z.enum(['admin', 'built_in']),
  updatedAt: TimestampSchema.nullable(),
});
export type DefaultExamDate = z.infer<typeof DefaultExamDateSchema>;

/** GET /api/admin/exam-dates: the years known, soonest first, and the one in force for learners today. */
export const DefaultExamDateListSchema = z.object({
  current: DefaultExamDateSchema,
  years: z.array(DefaultExamDateSchema),
});
export type DefaultExamDateList = z.infer<typeof DefaultExamDateListSchema>;
