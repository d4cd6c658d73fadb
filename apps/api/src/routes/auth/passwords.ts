/** Passwords: the owner's change (other sessions signed out), a reset with a teacher's code, the code issued. */
import {
  consumeResetCode,
  deleteSessionsOfUser,
  findCredentials,
  findPasswordHash,
  findUserById,
  hashPassword,
  issueResetCode,
  setPasswordHash,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { loadUserView } from '../../users-view.ts';
import { assertPasswordAllowed, passwordMatches, startSession } from './credentials.ts';
import { accountOf, addressOf, attemptLimiter, passwordCheckLimiter, signedInUsername } from './limits.ts';

/** A password changed by its owner, reset with a teacher's code, and the code issued. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const { db, env } = app.deps;

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
      await startSession(app, request, reply, found.user, { rememberMe: false, recogniseDevice: true });
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
}
