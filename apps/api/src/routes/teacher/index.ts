import {
  addClassMember,
  type ClassRecord,
  classMembers,
  createClass,
  findClass,
  findClassByJoinCode,
  findUserById,
  listClasses,
  readLeaderboardPreferences,
  removeClassMember,
  setRoles,
  teacherHasLearner,
  type UserRecord,
} from '@wenyan/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readFairPlay } from '../../learner/fair-play.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { learnerEventPage, learnerStateAt, lessonTitles } from '../../replay/queries.ts';
import { loadUserView } from '../../users-view.ts';
import { classLearnerRow } from './learners.ts';

/**
 * Decorates `teachesLearner(teacherId, learnerId)`: true when the learner is a member of one of the
 * teacher's classes. Registered without encapsulation so every route's auth rule can ask it.
 */
export async function registerTeacherAccess(app: FastifyInstance): Promise<void> {
  app.decorate('teachesLearner', (teacherId: string, learnerId: string) =>
    teacherHasLearner(app.deps.db, teacherId, learnerId),
  );
}

const isAdmin = (user: UserRecord) => user.roles.includes('admin');
const isTeacher = (user: UserRecord) => user.roles.includes('teacher') || isAdmin(user);

/** The class when the user may read it: its teacher, or an admin (404 unknown, 403 someone else's). */
export async function ownClass(app: FastifyInstance, user: UserRecord, id: string): Promise<ClassRecord> {
  const found = await findClass(app.deps.db, id);
  if (!found) throw notFound('class');
  if (found.teacherId !== user.id && !isAdmin(user)) throw forbidden('this is not one of your classes');
  return found;
}

/**
 * A replay is for teachers and admins only, never for a student, not even about themself (the issue's
 * rule; the route's auth rule says the same, and this holds whatever the rule says).
 */
async function replayLearner(app: FastifyInstance, user: UserRecord, learnerId: string): Promise<UserRecord> {
  if (!isTeacher(user)) throw forbidden('only teachers can replay a learner’s history');
  const learner = await findUserById(app.deps.db, learnerId);
  if (!learner) throw notFound('learner');
  return learner;
}

const joinRateKey = (request: FastifyRequest) => request.user?.id ?? request.ip;

/** Classes, the class dashboard, a learner's replay, joining and leaving, and granting roles. */
export async function teacherRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(
    app,
    'createClass',
    async ({ input, user }) => {
      const created = await createClass(db, { teacherId: user.id, name: input.body.name });
      return { id: created.id, name: created.name, joinCode: created.joinCode };
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'listClasses', async ({ user }) => {
    const classes = await listClasses(db, isAdmin(user) ? null : user.id);
    return classes.map((c) => ({
      id: c.id,
      name: c.name,
      joinCode: c.joinCode,
      learnerCount: c.learnerCount,
      createdAt: c.createdAt.toISOString(),
    }));
  });

  defineRoute(app, 'listClassLearners', async ({ input, user }) => {
    const found = await ownClass(app, user, input.params.id);
    const [members, titles] = await Promise.all([classMembers(db, found.id), lessonTitles(db)]);
    const now = new Date().toISOString();
    const fairPlay = await readFairPlay(
      db,
      members.map((m) => m.userId),
      now,
    );
    return Promise.all(
      members.map((member) => classLearnerRow(db, member, titles, now, fairPlay.get(member.userId))),
    );
  });

  defineRoute(app, 'listLearnerEvents', async ({ input, user }) => {
    const learner = await replayLearner(app, user, input.params.id);
    const page = await learnerEventPage(db, learner.id, input.query, await lessonTitles(db));
    return { learnerId: learner.id, ...page };
  });

  defineRoute(app, 'getLearnerState', async ({ input, user }) => {
    const learner = await replayLearner(app, user, input.params.id);
    return learnerStateAt(db, learner.id, input.query.at);
  });

  defineRoute(
    app,
    'joinClass',
    async ({ input, user }) => {
      const found = await findClassByJoinCode(db, input.body.joinCode);
      if (!found) throw notFound('class');
      await addClassMember(db, { classId: found.id, userId: user.id, actorId: user.id });
      // The questions served to the learner now include the class teacher's own.
      app.invalidateContent();
      return { id: found.id, name: found.name };
    },
    { config: { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: joinRateKey } } },
  );

  defineRoute(app, 'leaveClass', async ({ input, user }) => {
    const { left } = await removeClassMember(db, {
      classId: input.params.id,
      userId: user.id,
      actorId: user.id,
    });
    if (!left) throw notFound('class membership');
    app.invalidateContent();
    return { message: '已退出班別' };
  });

  defineRoute(app, 'setUserRoles', async ({ input }) => {
    const target = await findUserById(db, input.params.id);
    const updated = target && (await setRoles(db, target.id, input.body.roles));
    if (!updated) throw notFound('user');
    // A new teacher or admin leaves the students' board (setRoles); the Redis ranking follows now.
    if ((await readLeaderboardPreferences(db, updated.id)).optOut) {
      await app.deps.leaderboard.remove([updated.id]);
    }
    await app.sessions.forgetUser(updated.id);
    return loadUserView(db, updated);
  });
}
