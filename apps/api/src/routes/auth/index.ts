import {
  createSession,
  createUser,
  deleteSession,
  findCredentials,
  findOrCreateOidcUser,
  hashPassword,
  type Role,
  setRoles,
  type UserRecord,
  verifyPassword,
} from '@wenyan/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { executeLearnerCommand } from '../../learner/commands.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../plugins/auth.ts';
import { ApiError } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { loadUserView } from '../../users-view.ts';
import { loginPageHtml } from './login-page.ts';
import { createOidc, type OidcChecks, type OidcIdentity } from './oidc.ts';

/** A dummy hash so a sign-in for an unknown name costs as much as one for a known name. */
let dummyHash: Promise<string> | null = null;

/** Accounts named in ADMIN_USERNAMES hold the admin role (given at sign-up and sign-in). */
async function withConfiguredRoles(app: FastifyInstance, user: UserRecord): Promise<UserRecord> {
  if (!app.deps.env.ADMIN_USERNAMES.includes(user.username) || user.roles.includes('admin')) return user;
  const updated = await setRoles(app.deps.db, user.id, [...user.roles, 'admin']);
  await app.sessions.forgetUser(user.id);
  return updated ?? user;
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
    if (request.user) return reply.redirect('/');
    const local = (request.query as { local?: string } | undefined)?.local === '1';
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
    return reply.type('text/html; charset=utf-8').send(loginPageHtml({ oidc: oidc !== null }));
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
    const user = await withConfiguredRoles(app, await findOrCreateOidcUser(db, identity, ['student']));
    const session = await createSession(db, user.id, false);
    setSessionCookie(request, reply, session.token, session.expiresAt);
    await recordSignIn(app, request, user);
    return reply.redirect('/');
  });

  defineRoute(app, 'logoutRedirect', async ({ request, reply }) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await signOut(app, token);
    clearSessionCookie(reply);
    return reply.redirect('/');
  });

  defineRoute(
    app,
    'register',
    async ({ input, request, reply }) => {
      const { username, password, firstName, lastName, email } = input.body;
      const roles: Role[] = env.ADMIN_USERNAMES.includes(username) ? ['student', 'admin'] : ['student'];
      const created = await createUser(db, {
        username,
        passwordHash: await hashPassword(password),
        firstName,
        lastName,
        email,
        roles,
      });
      if (!created) throw new ApiError(409, 'USERNAME_TAKEN', '此用戶名稱已被使用。');
      const session = await createSession(db, created.id, false);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      await recordSignIn(app, request, created);
      return loadUserView(db, created);
    },
    // Sign-ups are limited per address; a whole class behind one school network may sign up at once.
    {
      successStatus: 201,
      config: { rateLimit: { max: Math.max(100, env.LOGIN_RATE_LIMIT * 10), timeWindow: '1 minute' } },
    },
  );

  defineRoute(
    app,
    'login',
    async ({ input, request, reply }) => {
      const { username, password, rememberMe } = input.body;
      const found = await findCredentials(db, username);
      dummyHash ??= hashPassword('not-a-real-password');
      const ok = found?.passwordHash
        ? await verifyPassword(password, found.passwordHash)
        : await verifyPassword(password, await dummyHash).then(() => false);
      if (!found || !ok) throw new ApiError(401, 'INVALID_CREDENTIALS', '用戶名稱或密碼不正確。');
      const user = await withConfiguredRoles(app, found.user);
      const session = await createSession(db, user.id, rememberMe ?? false);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      await recordSignIn(app, request, user);
      return loadUserView(db, user);
    },
    {
      config: {
        rateLimit: {
          max: env.LOGIN_RATE_LIMIT,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) =>
            `${request.ip}:${String((request.body as { username?: unknown } | undefined)?.username ?? '')}`,
        },
      },
    },
  );

  defineRoute(app, 'logout', async ({ request, reply }) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await signOut(app, token);
    clearSessionCookie(reply);
    return { message: '已登出' };
  });

  defineRoute(app, 'getCurrentUser', async ({ user }) => loadUserView(db, user));
}
