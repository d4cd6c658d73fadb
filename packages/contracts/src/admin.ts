/**
 * The admin panel: text upload, the six content imports, system status and role assignment.
 */
import { z } from 'zod';
import { CountSchema } from './common.ts';
import { FairPlayFlagSchema } from './fair-play.ts';
import { QuestionTypeSchema } from './questions.ts';
import { RoleSchema } from './users.ts';

export const UPLOAD_TYPES = ['lesson', 'questions', 'dse-paper', 'vocabulary', 'json'] as const;
export const UploadTypeSchema = z.enum(UPLOAD_TYPES, { error: '請選擇內容類型' });
export type UploadType = z.infer<typeof UploadTypeSchema>;

/** The admin panel's message when the title or the content is empty (spec part 2 §5). */
export const UPLOAD_REQUIRED_MESSAGE = '請填寫標題和內容';

/** POST /api/admin/upload-text → `{ message }`. */
export const UploadTextBodySchema = z.object({
  title: z
    .string({ error: UPLOAD_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: UPLOAD_REQUIRED_MESSAGE })
    .max(200),
  content: z
    .string({ error: UPLOAD_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: UPLOAD_REQUIRED_MESSAGE })
    .max(1_000_000, { error: '內容太長' }),
  type: UploadTypeSchema,
});
export type UploadTextBody = z.infer<typeof UploadTextBodySchema>;

/** The six imports, as `/api/admin/import-<name>`, in the order the panel's bulk import runs them. */
export const ADMIN_IMPORTS = [
  'dse-questions',
  'new-lessons',
  'poetry-questions',
  'additional-word-questions',
  'vocabulary-sessions',
  'mind-maps',
] as const;
export type AdminImport = (typeof ADMIN_IMPORTS)[number];

/** What an import answers. Imports are idempotent: a second run imports 0 and skips what exists. */
export const ImportResultSchema = z.object({
  message: z.string(),
  imported: CountSchema,
  skipped: CountSchema,
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** GET /api/admin/status: real figures, replacing the spec's static ones. */
export const AdminStatusSchema = z.object({
  questions: z.object({
    total: CountSchema,
    byType: z.partialRecord(QuestionTypeSchema, CountSchema),
  }),
  papers: CountSchema,
  lessons: CountSchema,
  events: CountSchema,
  learners: CountSchema,
  /** Projection jobs waiting. */
  queueDepth: CountSchema,
  /** Age of the oldest event not yet projected; 0 when projections are up to date. */
  projectionLagSeconds: z.number().nonnegative(),
  /**
   * Learners flagged this Hong Kong week for correct answers beyond the pace (issue 37: 「待覆核」),
   * most first, at most 50.
   */
  paceFlagged: z.array(
    z.object({
      id: z.string(),
      username: z.string().nullable(),
      answersBeyondPace: CountSchema,
      /** Why (an accuracy jump flags too); a learner whose flags a review cleared is not listed. */
      flags: z.array(FairPlayFlagSchema),
    }),
  ),
});
export type AdminStatus = z.infer<typeof AdminStatusSchema>;

/** `/api/admin/users/:id/roles` */
export const AdminUserParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type AdminUserParams = z.infer<typeof AdminUserParamsSchema>;

/** PUT /api/admin/users/:id/roles: the full set of roles, replacing the old one. */
export const SetRolesBodySchema = z.object({
  roles: z
    .array(RoleSchema)
    .min(1, { error: '至少需要一個角色' })
    .refine((roles) => new Set(roles).size === roles.length, { error: '角色不可重複' }),
});
export type SetRolesBody = z.infer<typeof SetRolesBodySchema>;

/** GET /api/admin/users?username=: find an account to grant roles to. */
export const AdminUserQuerySchema = z.object({
  username: z.string().trim().min(1, { error: '請輸入用戶名稱' }).max(64),
});
export type AdminUserQuery = z.infer<typeof AdminUserQuerySchema>;

/** An account as the admin panel sees it. */
export const AdminUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  roles: z.array(RoleSchema),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
