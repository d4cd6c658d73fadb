import * as content from '@wenyan/content';
import { QUESTION_TYPES } from '@wenyan/contracts';
import {
  contentAndLearnerCounts,
  countEvents,
  findCredentials,
  findUserById,
  type ImportResult,
  importDsePapers,
  importLessonQuestions,
  importLessons,
  importMindMaps,
  importVocabularySessions,
  insertContentQuestions,
  projectionLagSeconds,
  questionCountsByType,
  saveUploadedText,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { flaggedLearners } from '../../learner/fair-play.ts';
import { ApiError } from '../../plugins/errors.ts';
import { member } from '../../plugins/exact-reply.ts';
import { defineRoute } from '../../plugins/route.ts';

const POETRY_LESSONS = new Set(content.lessons.filter((l) => l.genre !== 'prose').map((l) => l.id));

const imported = (what: string, r: ImportResult) => ({
  message:
    r.imported > 0
      ? `已匯入${what} ${r.imported} 項（已有 ${r.skipped} 項）`
      : `${what}已是最新（${r.skipped} 項已存在）`,
  ...r,
});

/** The admin panel's calls: the six content imports, the text upload, and the real system status. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db, queue } = app.deps;
  const after = (r: ImportResult) => {
    app.invalidateContent();
    return r;
  };

  defineRoute(app, 'importDseQuestions', async () => imported('DSE 試題', after(await importDsePapers(db))));
  defineRoute(app, 'importNewLessons', async () => imported('課文', after(await importLessons(db))));
  defineRoute(app, 'importPoetryQuestions', async () =>
    imported('詩詞題目', after(await importLessonQuestions(db, (q) => POETRY_LESSONS.has(q.lessonId)))),
  );
  defineRoute(app, 'importAdditionalWordQuestions', async () =>
    imported(
      '詞解題目',
      after(
        await importLessonQuestions(
          db,
          (q) => q.type === 'word_interpretation' && !POETRY_LESSONS.has(q.lessonId),
        ),
      ),
    ),
  );
  defineRoute(app, 'importVocabularySessions', async () =>
    imported('混合詞彙練習', after(await importVocabularySessions(db))),
  );
  defineRoute(app, 'importMindMaps', async () => imported('心智圖', after(await importMindMaps(db))));

  // An upload is kept for review; JSON uploads of questions are checked against the content schema and
  // imported (idempotently), so a teacher's corrected file can be loaded without a release.
  defineRoute(app, 'uploadText', async ({ input, user }) => {
    const { title, content: text, type } = input.body;
    let extra = '';
    if (type === 'questions' || type === 'json') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'INVALID_CONTENT', '內容不是有效的 JSON', [
          { field: 'body.content', message: 'invalid JSON' },
        ]);
      }
      const result = z.array(content.QuestionSchema).safeParse(parsed);
      if (!result.success) {
        throw new ApiError(
          400,
          'INVALID_CONTENT',
          '題目格式不正確',
          result.error.issues
            .slice(0, 20)
            .map((i) => ({ field: `body.content.${i.path.join('.')}`, message: i.message })),
        );
      }
      const inserted = await insertContentQuestions(db, result.data, user.id);
      app.invalidateContent();
      extra = `，匯入 ${inserted.imported} 題（略過 ${inserted.skipped} 題）`;
    }
    await saveUploadedText(db, { title, content: text, type, uploadedBy: user.id });
    return { message: `已上載「${title}」${extra}` };
  });

  defineRoute(app, 'findUser', async ({ input }) => {
    const found = await findCredentials(db, input.query.username);
    if (!found) throw new ApiError(404, 'NOT_FOUND', '找不到此用戶');
    return { id: found.user.id, username: found.user.username, roles: found.user.roles };
  });

  defineRoute(app, 'getAdminStatus', async () => {
    // Figures for a person to read: a replica's lag is no matter (its lag adds to the projection's).
    const { readDb } = app.deps;
    const [byType, counts, events, depth, lag, flagged] = await Promise.all([
      questionCountsByType(readDb),
      contentAndLearnerCounts(readDb),
      countEvents(readDb),
      queue.depth().catch(() => 0),
      projectionLagSeconds(readDb),
      flaggedLearners(readDb, new Date().toISOString()),
    ]);
    const accounts = await Promise.all(flagged.map((f) => findUserById(readDb, f.userId)));
    const total = Object.values(byType).reduce((a, b) => a + b, 0);
    return {
      questions: {
        total,
        byType: Object.fromEntries(
          Object.entries(byType).map(([type, n]) => [member(QUESTION_TYPES, type), n]),
        ),
      },
      papers: counts.papers,
      lessons: counts.lessons,
      events,
      learners: counts.learners,
      queueDepth: Math.max(0, depth),
      projectionLagSeconds: lag,
      paceFlagged: flagged.map((f, i) => ({
        id: f.userId,
        username: accounts[i]?.username ?? null,
        answersBeyondPace: f.answersBeyondPace,
        flags: f.flags,
      })),
    };
  });
}
