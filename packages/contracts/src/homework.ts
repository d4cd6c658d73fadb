/**
 * Homework and class leagues: a teacher sets work for a class (a practice type of a lesson, a
 * vocabulary session, a mock paper, a recitation range or a number of answers) with a due time in
 * Hong Kong; the server decides each learner's status from their own events. Each class has a weekly
 * league of the XP earned since Monday 00:00 in Hong Kong.
 */
import { z } from 'zod';
import { CountSchema, INT4_MAX, LessonIdSchema, NO_BIDI, TimestampSchema, UserIdSchema } from './common.ts';

/** An assignment's id (a UUID the server draws). */
export const AssignmentIdSchema = z.string().min(1).max(64);

/** `/api/teacher/classes/:id/assignments/:assignmentId` */
export const AssignmentParamsSchema = z.object({
  id: z.string().min(1).max(64),
  assignmentId: AssignmentIdSchema,
});
export type AssignmentParams = z.infer<typeof AssignmentParamsSchema>;

export const VOCABULARY_SESSION_KINDS = ['lesson_specific', 'mixed_session', 'quick_practice'] as const;

/** What the students are asked to do (the kind picks the fields). */
export const AssignmentTaskInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('practice'), lessonId: LessonIdSchema, nodeType: z.string().min(1).max(64) }),
  z.object({
    kind: z.literal('vocabulary'),
    exerciseType: z.enum(VOCABULARY_SESSION_KINDS),
    lessonId: LessonIdSchema.nullable(),
  }),
  z.object({ kind: z.literal('paper'), paperId: z.number().int().positive().max(INT4_MAX) }),
  z.object({
    kind: z.literal('recitation'),
    lessonId: LessonIdSchema,
    start: z.number().int().nonnegative().max(100_000),
    end: z.number().int().positive().max(100_000),
  }),
  /** A number of answers (review cards are not in this release: any answer counts). */
  z.object({
    kind: z.literal('reviews'),
    count: z.number().int().min(1, { error: '題數須為 1 至 200' }).max(200),
  }),
]);
export type AssignmentTaskInput = z.infer<typeof AssignmentTaskInputSchema>;

/** The task as stored and shown (a paper carries its question count). */
export const AssignmentTaskSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('practice'), lessonId: z.number().int(), nodeType: z.string() }),
  z.object({
    kind: z.literal('vocabulary'),
    exerciseType: z.enum(VOCABULARY_SESSION_KINDS),
    lessonId: z.number().int().nullable(),
  }),
  z.object({ kind: z.literal('paper'), paperId: z.string(), questionCount: CountSchema }),
  z.object({
    kind: z.literal('recitation'),
    lessonId: z.number().int(),
    start: z.number().int(),
    end: z.number().int(),
  }),
  z.object({ kind: z.literal('reviews'), count: z.number().int() }),
]);
export type AssignmentTask = z.infer<typeof AssignmentTaskSchema>;

/** POST /api/teacher/classes/:id/assignments and PUT …/:assignmentId. `dueAt` is an instant with its offset (the form sends +08:00). */
export const AssignmentBodySchema = z.object({
  title: z
    .string({ error: '請輸入功課名稱' })
    .trim()
    .min(1, { error: '請輸入功課名稱' })
    .max(80, { error: '功課名稱不能超過 80 個字' })
    .refine(...NO_BIDI),
  task: AssignmentTaskInputSchema,
  dueAt: TimestampSchema,
});
export type AssignmentBody = z.infer<typeof AssignmentBodySchema>;

/** One assignment of a class. */
export const AssignmentSchema = z.object({
  id: AssignmentIdSchema,
  classId: z.string(),
  title: z.string(),
  task: AssignmentTaskSchema,
  /** A Chinese description of the task, e.g. 「《師說》詞語解釋練習」. */
  description: z.string(),
  dueAt: TimestampSchema,
  setAt: TimestampSchema,
  withdrawnAt: TimestampSchema.nullable(),
});
export type Assignment = z.infer<typeof AssignmentSchema>;

export const ASSIGNMENT_STATUSES = ['not_started', 'in_progress', 'done', 'late'] as const;
export const AssignmentStatusSchema = z.enum(ASSIGNMENT_STATUSES);
export type AssignmentStatus = z.infer<typeof AssignmentStatusSchema>;

/** A learner's progress on one assignment, decided by the server from their events. */
export const AssignmentProgressSchema = z.object({
  status: AssignmentStatusSchema,
  done: CountSchema,
  needed: CountSchema,
  completedAt: TimestampSchema.nullable(),
});
export type AssignmentProgress = z.infer<typeof AssignmentProgressSchema>;

/** GET /api/teacher/classes/:id/assignments: the open assignments and every learner's status on each. */
export const ClassHomeworkSchema = z.object({
  /** The class's leaderboard setting (shown beside its homework). */
  hideGlobalLeaderboard: z.boolean(),
  assignments: z.array(AssignmentSchema),
  learners: z.array(
    z.object({
      learnerId: UserIdSchema,
      /** Keyed by assignment id. */
      progress: z.record(z.string(), AssignmentProgressSchema),
    }),
  ),
});
export type ClassHomework = z.infer<typeof ClassHomeworkSchema>;

/** One event of an assignment's history. */
export const AssignmentHistoryEntrySchema = z.object({
  version: z.number().int().positive(),
  type: z.enum(['AssignmentSet', 'AssignmentEdited', 'AssignmentWithdrawn']),
  at: TimestampSchema,
  /** The user who made the change. */
  by: UserIdSchema,
  /** The assignment as it stood after this event. */
  title: z.string(),
  description: z.string(),
  dueAt: TimestampSchema,
});
export type AssignmentHistoryEntry = z.infer<typeof AssignmentHistoryEntrySchema>;
export const AssignmentHistorySchema = z.array(AssignmentHistoryEntrySchema);

/** GET /api/users/me/homework: the signed-in learner's open work, what is due first at the top. */
export const MyHomeworkSchema = z.array(
  AssignmentSchema.extend({ className: z.string(), progress: AssignmentProgressSchema }),
);
export type MyHomework = z.infer<typeof MyHomeworkSchema>;

// ---------------------------------------------------------------------------------------------
// Class leagues and settings
// ---------------------------------------------------------------------------------------------

/** One learner in a class league. */
export const LeagueEntrySchema = z.object({
  rank: z.number().int().positive(),
  /**
   * The teacher of the class sees the full name; everyone else the league name (never the username).
   * A name two members share carries a mark: their username for the teacher (「陳大文（c7-01）」), a tag
   * told from the user id for everyone else (「陳大文 #0421」).
   */
  name: z.string(),
  weeklyXp: CountSchema,
  isMe: z.boolean(),
});
export type LeagueEntry = z.infer<typeof LeagueEntrySchema>;

/** A class's weekly league: XP earned since Monday 00:00 in Hong Kong. */
export const ClassLeagueSchema = z
  .object({
    classId: z.string(),
    className: z.string(),
    weekStart: TimestampSchema,
    resetsAt: TimestampSchema,
    entries: z.array(LeagueEntrySchema),
  })
  .meta({ id: 'ClassLeague' });
export type ClassLeague = z.infer<typeof ClassLeagueSchema>;

export const ClassLeagueListSchema = z.array(ClassLeagueSchema);

/** PUT /api/teacher/classes/:id/settings */
export const ClassSettingsSchema = z.object({ hideGlobalLeaderboard: z.boolean() });
export type ClassSettings = z.infer<typeof ClassSettingsSchema>;

/** GET /api/users/me/leaderboard-visibility: whether a class of the learner's hides the global board. */
export const LeaderboardVisibilitySchema = z.object({ globalHidden: z.boolean() });
export type LeaderboardVisibility = z.infer<typeof LeaderboardVisibilitySchema>;
