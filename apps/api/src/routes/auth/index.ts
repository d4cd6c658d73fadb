import {
  createSession,
  createUser,
  deleteSession,
  findCredentials,
  hashPassword,
  type Role,
  setRoles,
  type UserRecord,
  verifyPassword,
} from '@wenyan/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runLearnerCommand } from '../../learner/commands.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../plugins/auth.ts';
import { ApiError } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { loadUserView } from '../../users-view.ts';
import { loginPageHtml } from './login-page.ts';

/** A dummy hash so a sign-in for an unknown name costs as much as one for a known name. */
let dummyHash: Promise<string> | null = null;

/** Accounts named in ADMIN_USERNAMES hold the admin role (given at sign-up and sign-in). */
async function withConfiguredRoles(app: FastifyInstance, user: UserRecord): Promise<UserRecord> {
  if (!app.deps.env.ADMIN_USERNAMES.includes(user.username) || user.roles.includes('admin')) return user;
  return (await setRoles(app.deps.db, user.id, [...user.roles, 'admin'])) ?? user;
}

/** The day's sign-in: the first of a Hong Kong day earns the daily XP and moves the streak. */
async function recordSignIn(app: FastifyInstance, request: FastifyRequest, user: UserRecord): Promise<void> {
  await runLearnerCommand(app, request, user.id, { type: 'SignIn', data: {} }, () => null).catch((err) => {
    request.log.warn({ err, userId: user.id }, 'sign-in event not recorded');
  });
}

/** Identity: the sign-in page, local accounts, sessions, sign-out. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, env } = app.deps;
  const oidc = Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID);

  defineRoute(app, 'loginPage', async ({ request, reply }) => {
    if (request.user) return reply.redirect('/');
    return reply.type('text/html; charset=utf-8').send(loginPageHtml({ oidc }));
  });

  defineRoute(app, 'logoutRedirect', async ({ request, reply }) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(db, token);
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
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply);
    return { message: '已登出' };
  });

  defineRoute(app, 'getCurrentUser', async ({ user }) => loadUserView(db, user));
}
