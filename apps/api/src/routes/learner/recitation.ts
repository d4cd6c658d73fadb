/** Recitation: the served token a written run is timed from, and a finished run. */
import type { FastifyInstance } from 'fastify';
import { runLearnerCommand } from '../../learner/commands.ts';
import { xpAwards } from '../../learner/mappers.ts';
import { servedAt, servedToken } from '../../learner/served.ts';
import { totalsOf } from '../../learner/view.ts';
import { defineRoute } from '../../plugins/route.ts';
import { lessonText, unsupportedClaim } from './claims.ts';

/** Serve a recitation (its token) and finish a run (201). */
export async function recitationRoutes(app: FastifyInstance): Promise<void> {
  // The server's record of when it served a recitation (issue 37): a written run is timed from it.
  defineRoute(app, 'serveRecitation', async ({ input, user }) => {
    if ((await lessonText(app, input.body.lessonId)) === null)
      throw unsupportedClaim('body.lessonId', '沒有這一課');
    return { served: servedToken(user.id, recitationServedId(input.body.lessonId)) };
  });

  defineRoute(
    app,
    'finishRecitation',
    async (ctx) => {
      const { input } = ctx;
      const { body } = input;
      const text = await lessonText(app, body.lessonId);
      if (text === null) throw unsupportedClaim('body.lessonId', '沒有這一課');
      const length = Array.from(text).length;
      if (body.end > length) throw unsupportedClaim('body.end', `結束位置超出課文（共 ${length} 字）`);
      return runLearnerCommand(
        app,
        ctx,
        {
          type: 'FinishRecitation',
          data: {
            lessonId: body.lessonId,
            start: body.start,
            end: body.end,
            mode: body.mode,
            mistakes: body.mistakes,
            durationMs: body.durationMs,
            picks: body.picks,
            written: body.written,
            text,
            ...(app.deps.env.XP_PACE === 'off' || body.mode === 'choice'
              ? {}
              : { servedAt: servedAt(body.served, ctx.user.id, recitationServedId(body.lessonId)) }),
          },
        },
        (state, events) => {
          const done = events.find((e) => e.type === 'RecitationFinished');
          const run = done?.type === 'RecitationFinished' ? done.data : null;
          const written = run !== null && run.mode !== 'choice';
          return {
            xpAwarded: xpAwards(events),
            totals: totalsOf(state),
            accuracy: run?.accuracy ?? 0,
            grade: run?.grade ?? 'needs_improvement',
            mode: run?.mode ?? body.mode,
            characters: run?.characters ?? 0,
            mistakes: run?.mistakes ?? 0,
            marks: written
              ? run.attempts.map((a) => ({
                  position: a.position,
                  character: a.character,
                  typed: a.selected,
                  status: a.isCorrect
                    ? ('correct' as const)
                    : a.selected === ''
                      ? ('missing' as const)
                      : ('wrong' as const),
                }))
              : [],
            extras: written ? run.extra.map((x) => ({ after: x.after, typed: x.typed })) : [],
          };
        },
      );
    },
    { successStatus: 201 },
  );
}

/** The subject of a recitation's served token: the lesson (a passage's ranges share it). */
const recitationServedId = (lessonId: number) => `recitation:${lessonId}`;
