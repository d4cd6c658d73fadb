/** Class leagues and the class's hide-the-global-board setting. */
import {
  classesOfLearner,
  findClass,
  globalLeaderboardHiddenFor,
  listClasses,
  setHideGlobalLeaderboard,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { ownClass } from '../teacher/index.ts';
import { readClassLeague } from './league.ts';

/** A class's league, the learner's (or teacher's) leagues, and whether the global board is hidden. */
export async function classBoardRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'getClassLeague', async ({ input, user }) => {
    const found = await findClass(db, input.params.id);
    if (!found) throw notFound('class');
    const league = await readClassLeague(db, found, user, new Date().toISOString());
    if (!league) throw forbidden('you are not in this class');
    return league;
  });

  defineRoute(app, 'getMyLeagues', async ({ user }) => {
    // A learner's classes, then the classes a teacher teaches (issue 40: a teacher is in no class as a
    // member, and their leagues page said so).
    const [joined, taught] = await Promise.all([
      classesOfLearner(db, user.id),
      user.roles.includes('teacher') ? listClasses(db, user.id) : Promise.resolve([]),
    ]);
    const classes = [...joined, ...taught.filter((t) => !joined.some((c) => c.id === t.id))];
    const now = new Date().toISOString();
    const leagues = await Promise.all(
      classes.map(async (c) => {
        const found = await findClass(db, c.id);
        return found ? readClassLeague(db, found, user, now) : null;
      }),
    );
    return leagues.filter((l) => l !== null);
  });

  defineRoute(app, 'getLeaderboardVisibility', async ({ user }) => ({
    globalHidden: await globalBoardHidden(app, user),
  }));

  defineRoute(app, 'setClassSettings', async ({ input, user }) => {
    const found = await ownClass(app, user, input.params.id);
    await setHideGlobalLeaderboard(db, found.id, input.body.hideGlobalLeaderboard);
    return { hideGlobalLeaderboard: input.body.hideGlobalLeaderboard };
  });
}

/** True when a teacher of one of the user's classes hid the global board (never for teachers and admins). */
export async function globalBoardHidden(
  app: FastifyInstance,
  user: { id: string; roles: readonly string[] },
) {
  if (user.roles.includes('teacher') || user.roles.includes('admin')) return false;
  return globalLeaderboardHiddenFor(app.deps.db, user.id);
}
