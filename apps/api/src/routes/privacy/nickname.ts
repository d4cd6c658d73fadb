/** The learner's leaderboard nickname and opt-out. */
import { foldName } from '@wenyan/domain';
import { nameTakenByOther, readLeaderboardPreferences, setLeaderboardPreferences } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { attemptLimiter } from '../auth/limits.ts';

/** Nickname changes a learner may try a minute (each reads every account's names). */
const NICKNAME_CHANGES_PER_MINUTE = 10;

const NICKNAME_MESSAGES = {
  invisible: '暱稱必須有看得見的字',
  taken: '這個暱稱與其他同學的名稱太相似，請另選一個。',
} as const;

/** The leaderboard nickname (which must not fold to another learner's shown name) and opt-out. */
export async function leaderboardPreferenceRoutes(app: FastifyInstance): Promise<void> {
  const { db, leaderboard } = app.deps;

  defineRoute(app, 'getLeaderboardPreferences', async ({ user }) => {
    return readLeaderboardPreferences(db, user.id);
  });

  defineRoute(
    app,
    'setLeaderboardPreferences',
    async ({ input, user }) => {
      const { nickname, optOut } = input.body;
      if (nickname !== null) await assertNicknameFree(nickname, user.id);
      await setLeaderboardPreferences(db, user.id, { nickname, optOut }, (figures) =>
        figures ? leaderboard.update([figures]) : leaderboard.remove([user.id]),
      );
      return { nickname, optOut };
    },
    {
      preHandler: attemptLimiter(app, [
        {
          name: 'nickname-user',
          max: NICKNAME_CHANGES_PER_MINUTE,
          key: (request) => request.user?.id ?? null,
        },
      ]),
    },
  );

  /**
   * A nickname must show something, and must not pass for another learner's name on the board
   * (folded: full-width, invisible characters, case, accents and look-alike letters do not count).
   */
  async function assertNicknameFree(nickname: string, userId: string): Promise<void> {
    const key = foldName(nickname);
    if (key === '') {
      throw new ApiError(400, 'VALIDATION_FAILED', `body.nickname: ${NICKNAME_MESSAGES.invisible}`, [
        { field: 'body.nickname', message: NICKNAME_MESSAGES.invisible },
      ]);
    }
    const current = await readLeaderboardPreferences(db, userId);
    if (current.nickname !== null && foldName(current.nickname) === key) return;
    if (await nameTakenByOther(db, key, userId)) {
      throw new ApiError(409, 'NICKNAME_TAKEN', NICKNAME_MESSAGES.taken, [
        { field: 'body.nickname', message: NICKNAME_MESSAGES.taken },
      ]);
    }
  }
}
