import {
  type ClassAccount,
  type NewTeacherInvitation,
  TEACHER_INVITATION_DAYS,
  type TeacherInvitation,
} from '@wenyan/contracts';
import {
  classesWithTeachers,
  createClassAccounts,
  createTeacherInvitation,
  findUserById,
  hashPassword,
  listTeacherInvitations,
  newOneTimeCode,
  redeemTeacherInvitation,
  revokeTeacherInvitation,
  type TeacherInvitationRecord,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { loadUserView } from '../../users-view.ts';
import { invalidInvitation } from '../auth/credentials.ts';
import { attemptLimiter } from '../auth/limits.ts';
import { ownClass } from '../teacher/index.ts';

function toInvitation(r: TeacherInvitationRecord): TeacherInvitation {
  return {
    id: r.id,
    note: r.note,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    redeemedBy: r.redeemedBy,
    redeemedAt: r.redeemedAt?.toISOString() ?? null,
  };
}

/** Teacher invitations, a learner's own classes, and accounts made for a whole class. */
export async function classroomRoutes(app: FastifyInstance): Promise<void> {
  const { db, env } = app.deps;

  defineRoute(
    app,
    'createTeacherInvitation',
    async ({ input, user }): Promise<NewTeacherInvitation> => {
      const { invitation, code } = await createTeacherInvitation(db, {
        createdBy: user.id,
        note: input.body.note,
        days: TEACHER_INVITATION_DAYS,
      });
      return { ...toInvitation(invitation), code, link: `/api/login?invite=${encodeURIComponent(code)}` };
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'listTeacherInvitations', async () =>
    (await listTeacherInvitations(db)).map(toInvitation),
  );

  defineRoute(app, 'revokeTeacherInvitation', async ({ input }) => {
    const result = await revokeTeacherInvitation(db, input.params.id);
    if (!result) throw notFound('invitation');
    if (!result.revoked) {
      throw new ApiError(409, 'CONFLICT', `此邀請已${STATUS_WORDS[result.invitation.status]}，不能撤銷`);
    }
    return toInvitation(result.invitation);
  });

  defineRoute(
    app,
    'redeemTeacherInvitation',
    async ({ input, user }) => {
      const roles = await redeemTeacherInvitation(db, user.id, input.body.code);
      if (!roles) throw invalidInvitation('body.code');
      // Every session of the account, in every API process, sees the new role at its next request.
      await app.sessions.forgetUser(user.id);
      const updated = await findUserById(db, user.id);
      if (!updated) throw notFound('user');
      return loadUserView(db, updated);
    },
    {
      // Codes are 59 bits, but guessing is still counted per account like sign-in attempts.
      preHandler: attemptLimiter(app, [
        { name: 'invitation-account', max: env.LOGIN_RATE_LIMIT, key: (request) => request.user?.id ?? null },
      ]),
    },
  );

  defineRoute(app, 'listMyClasses', async ({ user }) =>
    (await classesWithTeachers(db, user.id)).map((c) => ({
      id: c.id,
      name: c.name,
      teacherName: c.teacherName,
      joinedAt: c.joinedAt.toISOString(),
    })),
  );

  defineRoute(
    app,
    'createClassAccounts',
    async ({ input, user }) => {
      const found = await ownClass(app, user, input.params.id);
      // Hashed before the transaction (Argon2id on the thread pool), so the transaction stays short.
      const students = await Promise.all(
        input.body.names.map(async (name) => {
          const password = newOneTimeCode();
          return { name, password, passwordHash: await hashPassword(password) };
        }),
      );
      const made = await createClassAccounts(db, { classId: found.id, teacherId: user.id, students });
      app.invalidateContent();
      const accounts: ClassAccount[] = made.map((account, index) => ({
        userId: account.userId,
        name: account.name,
        username: account.username,
        password: students[index]!.password,
      }));
      return { classId: found.id, className: found.name, accounts };
    },
    { successStatus: 201 },
  );
}

const STATUS_WORDS: Record<TeacherInvitationRecord['status'], string> = {
  open: '開放',
  redeemed: '使用',
  revoked: '撤銷',
  expired: '過期',
};
