/** Local accounts: sign-up (limited per address), sign-in (limited per address and account), sign-out, the current user. */
import {
  createInvitedTeacher,
  createUser,
  findCredentials,
  hashPassword,
  passwordNeedsRehash,
  setPasswordHash,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { clearSessionCookie, isSameOriginRequest, SESSION_COOKIE } from '../../plugins/auth.ts';
import { ApiError } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { loadUserView } from '../../users-view.ts';
import {
  assertPasswordAllowed,
  invalidInvitation,
  passwordMatches,
  signOut,
  startSession,
} from './credentials.ts';
import { addressOf, attemptLimiter, passwordCheckLimiter, usernameIn } from './limits.ts';

/** Sign-up, sign-in, sign-out (the call and the same-site link) and the current user. */
export async function signInRoutes(app: FastifyInstance): Promise<void> {
  const { db, env } = app.deps;

  // A link or an image on another site must not sign the learner out: only a navigation that shows it
  // came from this site does (the app itself signs out with POST /api/auth/logout first).
  defineRoute(app, 'logoutRedirect', async ({ request, reply }) => {
    if (!isSameOriginRequest(request, env.PUBLIC_ORIGIN)) return reply.redirect('/');
    const token = request.cookies[SESSION_COOKIE];
    if (token) await signOut(app, token);
    clearSessionCookie(reply);
    return reply.redirect('/');
  });

  defineRoute(
    app,
    'register',
    async ({ input, request, reply }) => {
      const { username, password, firstName, lastName, email, invitationCode } = input.body;
      assertPasswordAllowed(password, username, 'password');
      // No role comes from a chosen name: every account starts as a student (`npm run roles` grants more),
      // or as a teacher with an admin's invitation, redeemed in the same transaction (no half sign-up).
      const passwordHash = await hashPassword(password);
      const account = { username, passwordHash, firstName, lastName, email, roles: ['student' as const] };
      const created =
        invitationCode === undefined
          ? await createUser(db, account)
          : await createInvitedTeacher(db, account, invitationCode);
      if (created === 'invalid-invitation') throw invalidInvitation('body.invitationCode');
      if (!created) throw new ApiError(409, 'USERNAME_TAKEN', '此用戶名稱已被使用。');
      await startSession(app, request, reply, created, { rememberMe: false, recogniseDevice: true });
      return loadUserView(db, created);
    },
    // Sign-ups are limited per address; a whole class behind one school network may sign up at once.
    {
      successStatus: 201,
      preHandler: attemptLimiter(app, [
        { name: 'signup-address', max: Math.max(100, env.LOGIN_ADDRESS_RATE_LIMIT), key: addressOf },
      ]),
    },
  );

  // Guessing is counted per address and per account: rotating either alone gains nothing. The owner
  // (a recognised device of the account, or its own session) counts apart: strangers cannot lock them out.
  const signInLimits = passwordCheckLimiter(app, app.devices, usernameIn('username'), { perAddress: true });

  defineRoute(
    app,
    'login',
    async ({ input, request, reply }) => {
      const { username, password, rememberMe } = input.body;
      const found = await findCredentials(db, username);
      const ok = await passwordMatches(password, found?.passwordHash);
      if (!found || !ok) throw new ApiError(401, 'INVALID_CREDENTIALS', '用戶名稱或密碼不正確。');
      // A hash of an earlier scheme (scrypt) or weaker parameters is replaced while the password is at hand.
      if (found.passwordHash && passwordNeedsRehash(found.passwordHash)) {
        await setPasswordHash(db, found.user.id, await hashPassword(password));
      }
      await startSession(app, request, reply, found.user, {
        rememberMe: rememberMe ?? false,
        recogniseDevice: true,
      });
      return loadUserView(db, found.user);
    },
    { preHandler: signInLimits },
  );

  defineRoute(app, 'logout', async ({ request, reply }) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await signOut(app, token);
    clearSessionCookie(reply);
    return { message: '已登出' };
  });

  defineRoute(app, 'getCurrentUser', async ({ user }) => loadUserView(db, user));
}
