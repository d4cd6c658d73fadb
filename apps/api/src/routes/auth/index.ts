import { INVITATION_MESSAGES } from '@wenyan/contracts';
import {
  consumeResetCode,
  createInvitedTeacher,
  createSession,
  createUser,
  deleteSession,
  deleteSessionsOfUser,
  findCredentials,
  findOrCreateOidcUser,
  findPasswordHash,
  findUserById,
  hashPassword,
  issueResetCode,
  passwordNeedsRehash,
  setPasswordHash,
  type UserRecord,
  verifyPassword,
} from '@wenyan/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { executeLearnerCommand } from '../../learner/commands.ts';
import {
  clearSessionCookie,
  isSameOriginRequest,
  SESSION_COOKIE,
  setSessionCookie,
} from '../../plugins/auth.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { contentSecurityPolicy } from '../../plugins/security.ts';
import { loadUserView } from '../../users-view.ts';
import {
  accountOf,
  addressOf,
  attemptLimiter,
  passwordCheckLimiter,
  signedInUsername,
  usernameIn,
} from './limits.ts';
import { LOGIN_SCRIPT_HASH, loginPageHtml } from './login-page.ts';
import { createOidc, type OidcChecks, type OidcIdentity } from './oidc.ts';
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
function assertPasswordAllowed(password: string, username: string, field: string): void {
  const problem = passwordProblem(password, username);
  if (problem) {
    throw new ApiError(400, 'VALIDATION_FAILED', `body.${field}: ${problem}`, [
      { field: `body.${field}`, message: problem },
    ]);
  }
}

/** Checks a password against an account, at the same cost whether or not the account has one. */
async function passwordMatches(password: string, stored: string | null | undefined): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  if (stored) return verifyPassword(password, stored);
  await verifyPassword(password, await dummyHash);
  return false;
}

/** Ends a session: its row goes, and every API process forgets it. */
async function signOut(app: FastifyInstance, token: string): Promise<void> {
  await deleteSession(app.deps.db, token);
  await app.sessions.forget(token);
}

/** The day's sign-in: the first of a Hong Kong day earns the daily XP and moves the streak. */
async function recordSignIn(app: FastifyInstance, request: FastifyRequest, user: UserRecord): Promise<void> {
  await executeLearnerCommand(app, request, user.id, { type: 'SignIn', data: {} }, () => null).catch(
    (err) => {
      request.log.warn({ err, userId: user.id }, 'sign-in event not recorded');
    },
  );
}

/** Identity: the sign-in page, local accounts, sessions, sign-out. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, env } = app.deps;
  const oidc = createOidc(env);
  const OIDC_COOKIE = 'wyt_oidc';
  const callbackUrl = (request: FastifyRequest) =>
    `${env.PUBLIC_ORIGIN ?? `${request.protocol}://${request.headers.host}`}/api/login/callback`;

  // With a school provider configured, /api/login goes there (the local form stays at ?local=1).
  defineRoute(app, 'loginPage', async ({ request, reply }) => {
    const query = (request.query ?? {}) as { local?: string; invite?: string };
    // A signed-in user following a teacher invitation's link redeems it in 設定.
    if (request.user) {
      const invite = typeof query.invite === 'string' ? query.invite.slice(0, 40) : '';
      return reply.redirect(invite ? `/settings?invite=${encodeURIComponent(invite)}` : '/');
    }
    const local = query.local === '1' || typeof query.invite === 'string';
    if (oidc && !local) {
      const { url, checks } = await oidc.start(callbackUrl(request));
      reply.setCookie(OIDC_COOKIE, JSON.stringify(checks), {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/api/login',
        maxAge: 600,
      });
      return reply.redirect(url.href);
    }
    return reply
      .header('content-security-policy', contentSecurityPolicy([LOGIN_SCRIPT_HASH]))
      .type('text/html; charset=utf-8')
      .send(loginPageHtml({ oidc: oidc !== null }));
  });

  defineRoute(app, 'loginCallback', async ({ request, reply }) => {
    if (!oidc) throw new ApiError(404, 'NOT_FOUND', 'no sign-in provider is configured');
    let checks: OidcChecks;
    try {
      checks = JSON.parse(request.cookies[OIDC_COOKIE] ?? '') as OidcChecks;
    } catch {
      throw new ApiError(400, 'VALIDATION_FAILED', 'the sign-in expired; please sign in again');
    }
    reply.clearCookie(OIDC_COOKIE, { path: '/api/login' });
    const current = new URL(request.url, callbackUrl(request));
    let identity: OidcIdentity;
    try {
      identity = await oidc.finish(current, checks);
    } catch (err) {
      request.log.warn({ err }, 'school sign-in failed');
      throw new ApiError(400, 'VALIDATION_FAILED', 'the school sign-in did not complete; please try again');
    }
    const user = await findOrCreateOidcUser(db, identity, ['student']);
    const session = await createSession(db, user.id, false);
    setSessionCookie(request, reply, session.token, { expiresAt: session.expiresAt, rememberMe: false });
    await recordSignIn(app, request, user);
    return reply.redirect('/');
  });

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
      const session = await createSession(db, created.id, false);
      setSessionCookie(request, reply, session.token, { expiresAt: session.expiresAt, rememberMe: false });
      app.devices.remember(request, reply, created.username);
      await recordSignIn(app, request, created);
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
      const user = found.user;
      const session = await createSession(db, user.id, rememberMe ?? false);
      setSessionCookie(request, reply, session.token, {
        expiresAt: session.expiresAt,
        rememberMe: rememberMe ?? false,
      });
      app.devices.remember(request, reply, user.username);
      await recordSignIn(app, request, user);
      return loadUserView(db, user);
    },
    { preHandler: signInLimits },
  );

  defineRoute(
    app,
    'changePassword',
    async ({ input, request, user }) => {
      const { currentPassword, newPassword } = input.body;
      const stored = await findPasswordHash(db, user.id);
      if (!(await passwordMatches(currentPassword, stored))) {
        throw new ApiError(400, 'INVALID_CREDENTIALS', 'body.currentPassword: 目前的密碼不正確', [
          { field: 'body.currentPassword', message: '目前的密碼不正確' },
        ]);
      }
      assertPasswordAllowed(newPassword, user.username, 'newPassword');
      if (newPassword === currentPassword) {
        throw new ApiError(400, 'VALIDATION_FAILED', 'body.newPassword: 新密碼不可與目前的密碼相同', [
          { field: 'body.newPassword', message: '新密碼不可與目前的密碼相同' },
        ]);
      }
      await setPasswordHash(db, user.id, await hashPassword(newPassword), true);
      // Whoever else holds a session (a shared computer, a thief) is signed out, in every API process.
      const token = request.cookies[SESSION_COOKIE];
      await deleteSessionsOfUser(db, user.id, token);
      await app.sessions.forgetUser(user.id);
      return { message: '密碼已更改，其他裝置已登出。' };
    },
    // The same budget as the owner's sign-ins and account deletion (per device or session).
    { preHandler: passwordCheckLimiter(app, app.devices, signedInUsername, { perAddress: false }) },
  );

  defineRoute(
    app,
    'resetPassword',
    async ({ input, request, reply }) => {
      const { username, code, newPassword } = input.body;
      const found = await findCredentials(db, username);
      const badCode = () =>
        new ApiError(400, 'INVALID_RESET_CODE', 'body.code: 重設碼不正確或已過期', [
          { field: 'body.code', message: '重設碼不正確或已過期，請向老師索取新的重設碼' },
        ]);
      if (!found) throw badCode();
      // The rules first, so a refused password does not use the code up.
      assertPasswordAllowed(newPassword, found.user.username, 'newPassword');
      if (!(await consumeResetCode(db, found.user.id, code))) throw badCode();
      await setPasswordHash(db, found.user.id, await hashPassword(newPassword), true);
      await deleteSessionsOfUser(db, found.user.id);
      await app.sessions.forgetUser(found.user.id);
      const session = await createSession(db, found.user.id, false);
      setSessionCookie(request, reply, session.token, { expiresAt: session.expiresAt, rememberMe: false });
      app.devices.remember(request, reply, found.user.username);
      await recordSignIn(app, request, found.user);
      return loadUserView(db, { ...found.user, mustChangePassword: false });
    },
    {
      preHandler: attemptLimiter(app, [
        { name: 'reset-address', max: env.LOGIN_ADDRESS_RATE_LIMIT, key: addressOf },
        { name: 'reset-account', max: env.LOGIN_RATE_LIMIT, key: accountOf('username') },
      ]),
    },
  );

  defineRoute(
    app,
    'issueResetCode',
    async ({ input, user }) => {
      const learner = await findUserById(db, input.params.id);
      if (!learner) throw notFound('learner');
      const isAdmin = user.roles.includes('admin');
      // A teacher resets only a learner's password; nobody resets their own this way (they change it).
      if (learner.id === user.id || (!isAdmin && learner.roles.some((r) => r !== 'student'))) {
        throw forbidden('a reset code is for a learner of your class');
      }
      if ((await findPasswordHash(db, learner.id)) === null) {
        throw new ApiError(409, 'NO_LOCAL_PASSWORD', 'this account signs in through the school');
      }
      const issued = await issueResetCode(db, learner.id, user.id);
      return { code: issued.code, expiresAt: issued.expiresAt.toISOString() };
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'logout', async ({ request, reply }) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await signOut(app, token);
    clearSessionCookie(reply);
    return { message: '已登出' };
  });

  defineRoute(app, 'getCurrentUser', async ({ user }) => loadUserView(db, user));
}
