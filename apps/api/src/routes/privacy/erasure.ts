/** Erasure of the learner's personal data, the signed-out page after it, and the privacy notice. */
import { ERASE_CONFIRMATION } from '@wenyan/contracts';
import { eraseLearner, findCredentials, verifyPassword } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { clearSessionCookie } from '../../plugins/auth.ts';
import { ApiError } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { passwordCheckLimiter, signedInUsername } from '../auth/limits.ts';
import { accountDeletedHtml, privacyNoticeHtml } from './privacy-page.ts';

/** Erasure (the password checked on the sign-in budgets), then the signed-out page; the privacy notice. */
export async function erasureRoutes(app: FastifyInstance): Promise<void> {
  const { db, leaderboard } = app.deps;

  defineRoute(
    app,
    'deleteMyAccount',
    async ({ input, user, reply }) => {
      const { password, confirm } = input.body;
      if (confirm !== ERASE_CONFIRMATION) {
        throw new ApiError(400, 'VALIDATION_FAILED', 'body.confirm', [
          { field: 'body.confirm', message: '未確認' },
        ]);
      }
      const credentials = await findCredentials(db, user.username);
      // A local account proves it is its owner with the password; a school (OIDC) account has none.
      if (credentials?.passwordHash) {
        if (!password || !(await verifyPassword(password, credentials.passwordHash))) {
          throw new ApiError(403, 'WRONG_PASSWORD', '密碼不正確。', [
            { field: 'body.password', message: '密碼不正確' },
          ]);
        }
      }
      await eraseLearner(db, user.id, () => leaderboard.remove([user.id]));
      await app.sessions.forgetUser(user.id);
      clearSessionCookie(reply);
      return { message: '帳戶已刪除：你的個人資料已從系統清除。' };
    },
    // Each wrong password is a full Argon2id check: the same budget as the owner's sign-ins and
    // password changes (per device or session), 429 past it.
    { preHandler: passwordCheckLimiter(app, app.devices, signedInUsername, { perAddress: false }) },
  );

  defineRoute(app, 'accountDeletedPage', async ({ reply }) =>
    reply.type('text/html; charset=utf-8').send(accountDeletedHtml()),
  );

  defineRoute(app, 'privacyNotice', async ({ reply }) =>
    reply.type('text/html; charset=utf-8').send(privacyNoticeHtml()),
  );
}
