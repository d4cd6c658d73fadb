import { ERASE_CONFIRMATION } from '@wenyan/contracts';
import { foldName } from '@wenyan/domain';
import {
  eraseLearner,
  exportLearnerData,
  findCredentials,
  nameTakenByOther,
  readLeaderboardPreferences,
  setLeaderboardPreferences,
  verifyPassword,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { clearSessionCookie } from '../../plugins/auth.ts';
import { ApiError } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { attemptLimiter, passwordCheckLimiter, signedInUsername } from '../auth/limits.ts';
import { accountDeletedHtml, privacyNoticeHtml } from './privacy-page.ts';
import { hongKongIsoDay, readableExportHtml } from './readable-export.ts';

/**
 * One CSV cell: quoted when it must be, and a text that a spreadsheet would run as a formula (starting
 * with =, +, -, @, a tab or a carriage return) is kept as text with a leading apostrophe.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV (UTF-8 with a BOM, so Excel reads Chinese), columns from the first row. */
export function toCsv(rows: ReadonlyArray<Record<string, unknown>>): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [
    columns.map(csvCell).join(','),
    ...rows.map((row) => columns.map((c) => csvCell(row[c])).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Nickname changes a learner may try a minute (each reads every account's names). */
const NICKNAME_CHANGES_PER_MINUTE = 10;

const NICKNAME_MESSAGES = {
  invisible: '暱稱必須有看得見的字',
  taken: '這個暱稱與其他同學的名稱太相似，請另選一個。',
} as const;

/** The learner's own data: export, erasure, leaderboard nickname and opt-out; the privacy notice. */
export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const { db, leaderboard } = app.deps;

  defineRoute(app, 'exportMyData', async ({ user, reply }) => {
    const data = await exportLearnerData(db, user.id);
    reply.header('content-disposition', `attachment; filename="wenyan-data-${user.id}.json"`);
    reply.header('cache-control', 'no-store');
    return data;
  });

  defineRoute(app, 'exportMyDataCsv', async ({ input, user, reply }) => {
    const data = await exportLearnerData(db, user.id);
    const { table } = input.query;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="wenyan-${table}-${user.id}.csv"`)
      .header('cache-control', 'no-store')
      .send(toCsv(data.tables[table] ?? []));
  });

  // The same data for a person: Chinese labels, Hong Kong times, named by the Hong Kong day.
  defineRoute(app, 'exportMyDataReadable', async ({ user, reply }) => {
    const data = await exportLearnerData(db, user.id);
    const fileName = `文言通-我的資料-${hongKongIsoDay(data.exportedAt)}.html`;
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'content-disposition',
        `inline; filename="wenyan-my-data-${hongKongIsoDay(data.exportedAt)}.html"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      )
      .header('cache-control', 'no-store')
      .send(readableExportHtml(data));
  });

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

  defineRoute(app, 'accountDeletedPage', async ({ reply }) =>
    reply.type('text/html; charset=utf-8').send(accountDeletedHtml()),
  );

  defineRoute(app, 'privacyNotice', async ({ reply }) =>
    reply.type('text/html; charset=utf-8').send(privacyNoticeHtml()),
  );
}
