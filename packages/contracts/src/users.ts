/**
 * The user, their per-lesson stats and the learner's write calls (answers, XP, node completion, school).
 */
import { z } from 'zod';
import {
  CountInputSchema,
  CountSchema,
  INT4_MAX,
  LessonIdSchema,
  NO_BIDI,
  PercentSchema,
  PROFILE_SHAPE,
  ProgressResultSchema,
  positiveIntParam,
  SecondsSchema,
  TimestampSchema,
  TotalsSchema,
  UserIdInputSchema,
  UserIdSchema,
} from './common.ts';
import { QuestionTypeSchema } from './questions.ts';
import { AnswerReviewSchema } from './reviews.ts';

/** Roles: a student learns, a teacher reads their classes' learners, an admin manages content and roles. */
export const ROLES = ['student', 'teacher', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** The signed-in user as the API shows them (GET /api/auth/user, GET /api/user/:id...). */
export const UserSchema = z
  .object({
    id: UserIdSchema,
    /** Null for an account that signs in only through a school's OpenID Connect provider. */
    username: z.string().nullable(),
    ...PROFILE_SHAPE,
    totalXP: CountSchema,
    level: z.number().int().positive(),
    streakDays: CountSchema,
    lastActiveDate: TimestampSchema.nullable(),
    /** Lessons that reached the completion rule (80 % of their questions): the teacher's table shows the same. */
    completedLessons: CountSchema,
    /** The learner's accuracy (domain `learnerAccuracy`, one decimal): every screen shows this figure. */
    averageAccuracy: PercentSchema,
    /** The word-frequency tier the learner practises at (400 by default). */
    characterThreshold: z.number().int().positive(),
    roles: z.array(RoleSchema),
    /**
     * True for an account a teacher made for a class until its owner replaces the one-time password
     * (`POST /api/auth/password`); every other call answers 403 PASSWORD_CHANGE_REQUIRED meanwhile.
     */
    mustChangePassword: z.boolean().optional(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

// ---------------------------------------------------------------------------------------------
// Path parameters
// ---------------------------------------------------------------------------------------------

/** `/api/users/:id/...`, `/api/user/:id` */
export const UserParamsSchema = z.object({ id: UserIdSchema });
export type UserParams = z.infer<typeof UserParamsSchema>;

/** `/api/users/:userId/...` */
export const UserIdParamsSchema = z.object({ userId: UserIdSchema });
export type UserIdParams = z.infer<typeof UserIdParamsSchema>;

/** `/api/users/:id/lessons/:lessonId/...` */
export const UserLessonParamsSchema = z.object({ id: UserIdSchema, lessonId: positiveIntParam() });
export type UserLessonParams = z.infer<typeof UserLessonParamsSchema>;

/** `/api/users/:userId/lessons/:lessonId/nodes/:type/complete` */
export const NodeCompleteParamsSchema = z.object({
  userId: UserIdSchema,
  lessonId: positiveIntParam(),
  type: QuestionTypeSchema,
});
export type NodeCompleteParams = z.infer<typeof NodeCompleteParamsSchema>;

// ---------------------------------------------------------------------------------------------
// Stats
// ---------------------------------------------------------------------------------------------

/** One learner's progress on one lesson (spec part 2 §3). */
export const UserStatsRecordSchema = z.object({
  lessonId: LessonIdSchema,
  questionsCompleted: CountSchema,
  totalQuestions: CountSchema,
  xpEarned: CountSchema,
  /** Percent of answers correct on this lesson. */
  accuracy: PercentSchema,
  /**
   * The lesson's progress, computed by the server (domain `lessonProgressPercent`: questionsCompleted ÷
   * totalQuestions, capped at 100): the one figure the lobby, library, profile and teacher show.
   */
  progressPercent: PercentSchema,
});
export type UserStatsRecord = z.infer<typeof UserStatsRecordSchema>;

export const UserStatsListSchema = z.array(UserStatsRecordSchema);
export type UserStatsList = z.infer<typeof UserStatsListSchema>;

/** POST /api/users/:userId/stats: kept for compatibility; the figures are checked, never trusted. */
export const AwardXpBodySchema = z.object({
  xpGained: z.number().int().nonnegative().max(10_000),
  streakDays: z.number().int().nonnegative().max(INT4_MAX),
});
export type AwardXpBody = z.infer<typeof AwardXpBodySchema>;

/** The answer to the compatibility stats call: the learner's true totals. */
export const AwardXpResultSchema = TotalsSchema;
export type AwardXpResult = z.infer<typeof AwardXpResultSchema>;

/** GET /api/users/:id/lessons/:lessonId/completed-activities: the question types completed on that lesson. */
export const CompletedActivitiesSchema = z.array(QuestionTypeSchema);
export type CompletedActivities = z.infer<typeof CompletedActivitiesSchema>;

/**
 * GET /api/users/:id/lessons/:lessonId/node-results: whether the unit (the lesson's roadmap) is
 * completed, and each roadmap node the learner has finished a session of: completed or not, and its
 * best session score (the roadmap shows how far a node fell short of the 80 % it needs).
 */
export const NodeResultListSchema = z.object({
  unitCompleted: z.boolean(),
  nodes: z.array(
    z.object({
      type: QuestionTypeSchema,
      completed: z.boolean(),
      bestScore: z.number().int().min(0).max(100),
      requiredScore: z.number().int(),
    }),
  ),
});
export type NodeResultList = z.infer<typeof NodeResultListSchema>;

// ---------------------------------------------------------------------------------------------
// Answers and nodes
// ---------------------------------------------------------------------------------------------

/** POST /api/users/answers. The server grades `selectedAnswer`; `isCorrect` is accepted and ignored. */
export const SubmitAnswerBodySchema = z.object({
  userId: UserIdInputSchema,
  questionId: z
    .union([z.string().min(1).max(100), z.number().int().nonnegative()])
    .transform((value) => String(value)),
  selectedAnswer: z.string().max(5000),
  isCorrect: z.boolean().optional(),
  timeSpent: SecondsSchema,
  /**
   * When the learner gave the answer, if it was given offline and sent later (ISO 8601 with offset). The
   * server counts it for that Hong Kong day when it is no more than 72 hours before it arrives and not in
   * the future; otherwise for the moment it arrives.
   */
  answeredAt: z.iso.datetime({ offset: true }).optional(),
  /** Long paper questions: the rubric level the learner gives their own answer (required there). */
  selfAssessedLevel: z.string().min(1).max(20).optional(),
  /** The question's `served` token as it was served: without it (or too soon after it) no XP is paid. */
  served: z.string().max(64).optional(),
});
export type SubmitAnswerBody = z.infer<typeof SubmitAnswerBodySchema>;

/** `pending`: the marker could not be sure, and the answer waits for a teacher (待老師批閱). */
export const MARKING_VERDICTS = ['correct', 'partial', 'incorrect', 'pending'] as const;

/** One scoring point of a marked answer: what it tests, and the learner's words or the rendering missed. */
export const MarkedPointSchema = z.object({
  id: z.string(),
  kind: z.string(),
  label: z.string(),
  earned: z.boolean(),
  /** The accepted rendering found in the answer, or null. */
  matched: z.string().nullable(),
  /** The accepted rendering shown when the point was missed. */
  expected: z.string(),
});
export type MarkedPoint = z.infer<typeof MarkedPointSchema>;

/**
 * How an answer was marked: points earned out of points available, the verdict (全對 / 部分正確 /
 * 未達要求), the points (free text with a scheme; empty otherwise), whether the answer merely copied
 * the source, and whether the learner marked it against the rubric.
 */
export const AnswerMarkingSchema = z.object({
  verdict: z.enum(MARKING_VERDICTS),
  earned: z.number().int().nonnegative(),
  available: z.number().int().positive(),
  copied: z.boolean(),
  selfAssessed: z.boolean(),
  points: z.array(MarkedPointSchema),
  /**
   * What the marker noted beyond the points, each a line for the student: a 錯別字 still given the
   * point, a negation added or missing, words in an order that changes the meaning, a word list.
   */
  notes: z.array(z.object({ code: z.string(), message: z.string() })).optional(),
});
export type AnswerMarking = z.infer<typeof AnswerMarkingSchema>;

/**
 * Why a correct answer paid no XP (issue 37): `not_served` (no valid served token), `too_fast` (sooner
 * after serving than a reader answers), `pace` (faster than the learner's rate), `relearn` (right after a
 * wrong answer: it pays when its review is due), `unconfirmed` (self-marked: it pays once a teacher
 * confirms the mark).
 */
export const XP_WITHHELD_REASONS = ['not_served', 'too_fast', 'pace', 'relearn', 'unconfirmed'] as const;
export const XpWithheldSchema = z.enum(XP_WITHHELD_REASONS);
export type XpWithheld = z.infer<typeof XpWithheldSchema>;

/** The graded answer: the verdict, the explanation and what it earned. */
export const AnswerResultSchema = ProgressResultSchema.extend({
  /** The answer's version in the learner's stream: what an appeal names. */
  answerVersion: z.number().int().positive(),
  isCorrect: z.boolean(),
  /** The key: the right option, or the model answer of free text. */
  correctAnswer: z.string(),
  explanation: z.string(),
  culturalContext: z.string().nullable(),
  marking: AnswerMarkingSchema,
  /** True when this answer earned XP (the first correct answer of this question). */
  earnedXp: z.boolean(),
  /** Present when a correct answer earned no XP though it would have: why (recorded all the same). */
  xpWithheld: XpWithheldSchema.optional(),
  /** The review card after this answer (absent from replies stored before reviews existed). */
  review: AnswerReviewSchema.optional(),
});
export type AnswerResult = z.infer<typeof AnswerResultSchema>;

/** POST /api/users/:userId/lessons/:lessonId/nodes/:type/complete. The score is checked against the answers. */
export const NodeCompleteBodySchema = z
  .object({
    score: z.number().min(0).max(100),
    questionsAnswered: CountInputSchema,
    correctAnswers: CountInputSchema,
    timeSpent: SecondsSchema,
  })
  .refine((body) => body.correctAnswers <= body.questionsAnswered, {
    message: '答對題數不能多於作答題數',
    path: ['correctAnswers'],
  });
export type NodeCompleteBody = z.infer<typeof NodeCompleteBodySchema>;

/** The answer to a node completion: the awards, the totals and the lesson's completed types. */
export const NodeCompleteResultSchema = ProgressResultSchema.extend({
  completedActivities: CompletedActivitiesSchema,
  /** The server's verdict on the session, from the answers it recorded (80 % correct completes a node). */
  node: z.object({
    completed: z.boolean(),
    score: z.number().int().min(0).max(100),
    questionsAnswered: CountSchema,
    correctAnswers: CountSchema,
    requiredScore: z.number().int(),
    requiredQuestions: CountSchema,
  }),
});
export type NodeCompleteResult = z.infer<typeof NodeCompleteResultSchema>;

// ---------------------------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------------------------

/** PATCH /api/users/:id/school. Trimmed; empty is refused. */
export const UpdateSchoolBodySchema = z.object({
  schoolName: z
    .string({ error: '請輸入學校名稱' })
    .trim()
    .min(1, { error: '請輸入學校名稱' })
    .max(100, { error: '學校名稱不能超過 100 個字' })
    .refine(...NO_BIDI),
});
export type UpdateSchoolBody = z.infer<typeof UpdateSchoolBodySchema>;
