/**
 * Local accounts: register, sign in, sign out. The session itself is an httpOnly cookie.
 */
import { z } from 'zod';
import { NO_BIDI } from './common.ts';

export const AUTH_MESSAGES = {
  username: '用戶名稱須為 3 至 32 個字元，只可使用英文字母、數字、底線、點或連字號',
  password: '密碼須為 8 至 128 個字元',
  passwordRequired: '請輸入密碼',
  passwordBlank: '密碼不可只有空格',
  resetCode: '請輸入老師給你的重設碼',
  email: '電郵地址格式不正確',
} as const;

/** 3–32 characters of [a-zA-Z0-9_.-]. */
export const UsernameSchema = z
  .string({ error: AUTH_MESSAGES.username })
  .trim()
  .regex(/^[a-zA-Z0-9_.-]{3,32}$/, { error: AUTH_MESSAGES.username });
export type Username = z.infer<typeof UsernameSchema>;

/**
 * A new password: 8–128 characters, any (spaces too, but not spaces alone). The server also refuses
 * common passwords and ones containing the username (OWASP ASVS level 2; no composition rules).
 */
export const PasswordSchema = z
  .string({ error: AUTH_MESSAGES.password })
  .min(8, { error: AUTH_MESSAGES.password })
  .max(128, { error: AUTH_MESSAGES.password })
  .refine((p) => p.trim() !== '', { error: AUTH_MESSAGES.passwordBlank });

/** A password being checked (sign-in, the current password): never length-checked beyond 128. */
const GivenPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired })
  .max(128);

const optionalName = z
  .string()
  .trim()
  .max(50)
  .refine(...NO_BIDI)
  .optional()
  .transform((value) => (value ? value : undefined));

/** POST /api/auth/register → 201 with the new user (and a session). */
export const RegisterBodySchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
  firstName: optionalName,
  lastName: optionalName,
  email: z.email({ error: AUTH_MESSAGES.email }).max(254).optional(),
  /** A teacher invitation's code: the new account is a teacher (a wrong code refuses the sign-up). */
  invitationCode: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;
export type RegisterInput = z.input<typeof RegisterBodySchema>;

/** POST /api/auth/login → 200 with the user. A wrong username or password is 401 INVALID_CREDENTIALS. */
export const LoginBodySchema = z.object({
  username: UsernameSchema,
  /** Not length-checked beyond 128, so a sign-in never leaks the password rules. */
  password: GivenPasswordSchema,
  /** Keep the session for 90 days instead of 7 (spec part 1 §9). */
  rememberMe: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;
export type LoginInput = z.input<typeof LoginBodySchema>;

/** GET /api/login/callback: what the OpenID Connect provider sends back (code and state, or an error). */
export const OidcCallbackQuerySchema = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});
export type OidcCallbackQuery = z.infer<typeof OidcCallbackQuerySchema>;

/** POST /api/auth/password: the signed-in user changes their password; their other sessions end. */
export const ChangePasswordBodySchema = z.object({
  currentPassword: GivenPasswordSchema,
  newPassword: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/**
 * POST /api/teacher/learners/:id/reset-code: a one-time code for a learner who forgot their password,
 * shown once to the teacher or admin who asked for it, valid until `expiresAt` (a day).
 */
export const ResetCodeSchema = z.object({
  code: z.string(),
  expiresAt: z.iso.datetime(),
});
export type ResetCode = z.infer<typeof ResetCodeSchema>;

/** POST /api/auth/reset: the learner sets a new password with their code and is signed in. */
export const ResetPasswordBodySchema = z.object({
  username: UsernameSchema,
  code: z
    .string({ error: AUTH_MESSAGES.resetCode })
    .trim()
    .min(1, { error: AUTH_MESSAGES.resetCode })
    .max(32, { error: AUTH_MESSAGES.resetCode }),
  newPassword: PasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;
