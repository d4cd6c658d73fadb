/** What the sign-in calls share: password checks at an even cost, the rules of a new one, sessions opened and ended. */
import { INVITATION_MESSAGES } from '@wenyan/contracts';
import { createSession, deleteSession, hashPassword, type UserRecord, verifyPassword } from '@wenyan/store';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { executeLearnerCommand } from '../../learner/commands.ts';
import { setSessionCookie } from '../../plugins/auth.ts';
import { ApiError } from '../../plugins/errors.ts';
import { passwordProblem } from './password-policy.ts';

/** A wrong, used, revoked or expired teacher invitation: 400 naming the field. */
export function invalidInvitation(field: string): ApiError {
  return new ApiError(400, 'INVALID_INVITATION', `${field}: ${INVITATION_MESSAGES.invalid}`, [
    { field, message: INVITATION_MESSAGES.invalid },
  ]);
}

/** A dummy hash so a sign-in for an unknown name costs as much as one for a known name. */
let dummyHash: Promise<string> | null = null;

/** A new password that breaks a rule beyond its length: 400 naming the field, in Traditional Chinese. */
export function assertPasswordAllowed(password: string, username: string, field: string): void {
  const problem = passwordProblem(password, username);
  if (problem) {
    throw new ApiError(400, 'VALIDATION_FAILED', `body.${field}: ${problem}`, [
      { field: `body.${field}`, message: problem },
    ]);
  }
}

/** Checks a password against an account, at the same cost whether or not the account has one. */
export async function passwordMatches(password: string, stored: string | null | undefined): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  if (stored) return verifyPassword(password, stored);
  await verifyPassword(password, await dummyHash);
  return false;
}

/** Ends a session: its row goes, and every API process forgets it. */
export async function signOut(app: FastifyInstance, token: string): Promise<void> {
  await deleteSession(app.deps.db, token);
  await app.sessions.forget(token);
}

/** The day's sign-in: the first of a Hong Kong day earns the daily XP and moves the streak. */
export async function recordSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRecord,
): Promise<void> {
  await executeLearnerCommand(app, request, user.id, { type: 'SignIn', data: {} }, () => null).catch(
    (err) => {
      request.log.warn({ err, userId: user.id }, 'sign-in event not recorded');
    },
  );
}

/**
 * Opens a session for a user who has just shown who they are: the session cookie, the recognised device
 * (a password sign-in's; the school's sign-in has no password to guess), and the day's sign-in.
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRecord,
  options: { rememberMe: boolean; recogniseDevice: boolean },
): Promise<void> {
  const session = await createSession(app.deps.db, user.id, options.rememberMe);
  setSessionCookie(request, reply, session.token, {
    expiresAt: session.expiresAt,
    rememberMe: options.rememberMe,
  });
  if (options.recogniseDevice) app.devices.remember(request, reply, user.username);
  await recordSignIn(app, request, user);
}
