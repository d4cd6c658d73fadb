/**
 * Teachers running their classes (issue 25): teacher invitations, a student's own classes, accounts
 * made for a whole class, teachers' questions kept to their classes until an admin publishes them, and
 * printable worksheets.
 */
import { z } from 'zod';
import { SchemePointSchema } from './appeals.ts';
import { INT4_MAX, LessonIdSchema, NO_BIDI, TimestampSchema, UserIdSchema } from './common.ts';
import {
  CreateQuestionBodySchema,
  KeyedQuestionSchema,
  QuestionSchema,
  QuestionTypeSchema,
} from './questions.ts';

const idParam = z.string().regex(/^\d{1,18}$/, { error: 'must be a numeric id' });

// ---------------------------------------------------------------------------------------------
// Teacher invitations
// ---------------------------------------------------------------------------------------------

/** How long an invitation can be redeemed. */
export const TEACHER_INVITATION_DAYS = 7;

export const INVITATION_MESSAGES = {
  code: '請輸入教師邀請碼',
  invalid: '教師邀請碼不正確、已使用、已撤銷或已過期',
} as const;

/** An invitation code as typed: dashes and spaces are ignored, letters in any case (12 characters). */
export const InvitationCodeSchema = z
  .string({ error: INVITATION_MESSAGES.code })
  .trim()
  .min(1, { error: INVITATION_MESSAGES.code })
  .max(40, { error: INVITATION_MESSAGES.code });

/** POST /api/admin/teacher-invitations. */
export const CreateTeacherInvitationBodySchema = z.object({
  /** Whom it is for (shown only in the admin's list), e.g. 「陳老師（中文科）」. */
  note: z
    .string()
    .trim()
    .max(100)
    .refine(...NO_BIDI)
    .default(''),
});
export type CreateTeacherInvitationBody = z.infer<typeof CreateTeacherInvitationBodySchema>;

export const TEACHER_INVITATION_STATUSES = ['open', 'redeemed', 'revoked', 'expired'] as const;
export const TeacherInvitationStatusSchema = z.enum(TEACHER_INVITATION_STATUSES);

/** An invitation as the admin's list shows it (never its code: only its digest is stored). */
export const TeacherInvitationSchema = z
  .object({
    id: z.string(),
    note: z.string(),
    status: TeacherInvitationStatusSchema,
    createdAt: TimestampSchema,
    expiresAt: TimestampSchema,
    redeemedBy: z.string().nullable(),
    redeemedAt: TimestampSchema.nullable(),
  })
  .meta({ id: 'TeacherInvitation' });
export type TeacherInvitation = z.infer<typeof TeacherInvitationSchema>;
export const TeacherInvitationListSchema = z.array(TeacherInvitationSchema);

/** A new invitation: its code and link are shown this once. */
export const NewTeacherInvitationSchema = TeacherInvitationSchema.extend({
  code: z.string(),
  /** The sign-in page with the code filled in (a path on this site). */
  link: z.string(),
});
export type NewTeacherInvitation = z.infer<typeof NewTeacherInvitationSchema>;

export const InvitationParamsSchema = z.object({ id: idParam });

/** POST /api/auth/teacher-invitation: the signed-in user redeems a code and becomes a teacher. */
export const RedeemInvitationBodySchema = z.object({ code: InvitationCodeSchema });
export type RedeemInvitationBody = z.infer<typeof RedeemInvitationBodySchema>;

// ---------------------------------------------------------------------------------------------
// A student's classes
// ---------------------------------------------------------------------------------------------

/** One of the signed-in user's classes (「我的班別」). */
export const MyClassSchema = z.object({
  id: z.string(),
  name: z.string(),
  teacherName: z.string(),
  joinedAt: TimestampSchema,
});
export type MyClass = z.infer<typeof MyClassSchema>;
export const MyClassListSchema = z.array(MyClassSchema);

// ---------------------------------------------------------------------------------------------
// Accounts for a class
// ---------------------------------------------------------------------------------------------

/** The most accounts one request makes (a class of 40 and some to spare). */
export const CLASS_ACCOUNTS_LIMIT = 60;

export const CLASS_ACCOUNT_MESSAGES = {
  none: '請輸入至少一個學生姓名',
  tooMany: `每次最多建立 ${CLASS_ACCOUNTS_LIMIT} 個帳戶`,
  name: '學生姓名須為 1 至 50 個字元',
} as const;

const StudentNameSchema = z
  .string({ error: CLASS_ACCOUNT_MESSAGES.name })
  .trim()
  .min(1, { error: CLASS_ACCOUNT_MESSAGES.name })
  .max(50, { error: CLASS_ACCOUNT_MESSAGES.name })
  .refine(...NO_BIDI)
  .refine((name) => !/[\p{Cc}]/u.test(name), { error: CLASS_ACCOUNT_MESSAGES.name });

/** POST /api/teacher/classes/:id/accounts: the students' names (see `parseStudentNames`). */
export const CreateClassAccountsBodySchema = z.object({
  names: z
    .array(StudentNameSchema, { error: CLASS_ACCOUNT_MESSAGES.none })
    .min(1, { error: CLASS_ACCOUNT_MESSAGES.none })
    .max(CLASS_ACCOUNTS_LIMIT, { error: CLASS_ACCOUNT_MESSAGES.tooMany }),
});
export type CreateClassAccountsBody = z.infer<typeof CreateClassAccountsBodySchema>;

/** A new account: its one-time password is shown this once (the slip), never stored but as a hash. */
export const ClassAccountSchema = z.object({
  userId: UserIdSchema,
  name: z.string(),
  username: z.string(),
  password: z.string(),
});
export type ClassAccount = z.infer<typeof ClassAccountSchema>;
export const ClassAccountsSchema = z.object({
  classId: z.string(),
  className: z.string(),
  accounts: z.array(ClassAccountSchema),
});
export type ClassAccounts = z.infer<typeof ClassAccountsSchema>;

/**
 * Students' names from a pasted list (one a line) or a CSV file: the first column of each row, a
 * header row named 姓名/name/學生 dropped, quotes removed, blank rows skipped.
 * @example parseStudentNames('姓名,學號\n陳大文,1\n"李小明",2') // ['陳大文', '李小明']
 */
export function parseStudentNames(text: string): string[] {
  const names: string[] = [];
  for (const [index, line] of text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .entries()) {
    const first = line.match(/^\s*"((?:[^"]|"")*)"|^([^,\t]*)/);
    const cell = (first?.[1]?.replace(/""/g, '"') ?? first?.[2] ?? '').trim();
    if (cell === '') continue;
    if (index === 0 && /^(姓名|名稱|學生|學生姓名|name|student|student name)$/i.test(cell)) continue;
    names.push(cell);
  }
  return names;
}

// ---------------------------------------------------------------------------------------------
// Teachers' questions and their review
// ---------------------------------------------------------------------------------------------

/** `class`: served only to the learners of its author's classes; `published`: to everyone; `withdrawn`: to nobody. */
export const TEACHER_QUESTION_STATUSES = ['class', 'published', 'withdrawn'] as const;
export const TeacherQuestionStatusSchema = z.enum(TEACHER_QUESTION_STATUSES);

export const QuestionChangeSchema = z.object({
  change: z.enum(['added', 'edited', 'published', 'withdrawn']),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  at: TimestampSchema,
});

/** A teacher's question with its key, where it is served, its author and its recorded changes. */
export const TeacherQuestionSchema = KeyedQuestionSchema.extend({
  status: TeacherQuestionStatusSchema,
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: TimestampSchema,
  history: z.array(QuestionChangeSchema),
}).meta({ id: 'TeacherQuestion' });
export type TeacherQuestion = z.infer<typeof TeacherQuestionSchema>;
export const TeacherQuestionListSchema = z.array(TeacherQuestionSchema);

export const TeacherQuestionsQuerySchema = z.object({ status: TeacherQuestionStatusSchema.optional() });
export const QuestionIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** PUT /api/questions/:id: the add form's fields (the lesson may change too). */
export const EditQuestionBodySchema = CreateQuestionBodySchema;
export type EditQuestionBody = z.infer<typeof EditQuestionBodySchema>;

/** Most questions a teacher adds in an hour (admins are not limited). */
export const QUESTIONS_PER_HOUR = 30;

// ---------------------------------------------------------------------------------------------
// Worksheets
// ---------------------------------------------------------------------------------------------

export const WorksheetParamsSchema = z.object({
  lessonId: z.coerce.number<string | number>().int().positive().max(INT4_MAX),
  type: QuestionTypeSchema,
});

/**
 * `?questions=id,id,…`: only these of the lesson's questions of the type (the class report's
 * worksheet of the items most got wrong); absent, the whole set.
 */
export const WorksheetQuerySchema = z
  .object({
    questions: z
      .string()
      .max(2000)
      .regex(/^[\w-]{1,64}(,[\w-]{1,64})*$/, { error: '題目編號以逗號分隔' })
      .optional(),
  })
  .strict();
export type WorksheetQuery = z.infer<typeof WorksheetQuerySchema>;

const WorksheetHeadSchema = z.object({
  lessonId: LessonIdSchema,
  lessonTitle: z.string(),
  author: z.string(),
  type: QuestionTypeSchema,
  typeTitle: z.string(),
});

/** A worksheet: the questions a learner would be served (no keys), to print with space to answer. */
export const WorksheetSchema = WorksheetHeadSchema.extend({ questions: z.array(QuestionSchema) });
export type Worksheet = z.infer<typeof WorksheetSchema>;

/** Its answer key: each question's answer, explanation and marking scheme (teachers and admins). */
export const WorksheetKeySchema = WorksheetHeadSchema.extend({
  questions: z.array(
    KeyedQuestionSchema.extend({
      /** A free-text question's scoring points with every accepted rendering; [] for a choice question. */
      scheme: z.array(SchemePointSchema),
    }),
  ),
});
export type WorksheetKey = z.infer<typeof WorksheetKeySchema>;
