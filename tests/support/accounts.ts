// The augmentation that gives FastifyInstance its `sessions`.
import type {} from '@wenyan/api/src/plugins/auth.ts';
import { type Role, setRoles } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';

let n = 0;

export interface TestAccount {
  id: string;
  username: string;
  cookie: string;
  headers: Record<string, string>;
}

/** Registers a fresh account through the public API and returns its session cookie. */
export async function signUp(app: FastifyInstance, prefix = 'learner'): Promise<TestAccount> {
  // Usernames are at most 32 characters: a long prefix is cut so that the unique tail always fits.
  const tail = `_${process.pid.toString(36)}_${(n++).toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const username = `${prefix.slice(0, 32 - tail.length)}${tail}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, password: 'correct horse battery', firstName: prefix },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const setCookie = res.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)])
    .map((c) => c.split(';')[0])
    .join('; ');
  const user = res.json() as { id: string };
  return { id: user.id, username, cookie, headers: { cookie } };
}

/**
 * Gives an account roles the way an operator does (`npm run roles`: straight in the database, no role
 * from a chosen name), and tells every API process to forget the account's cached sessions.
 */
export async function grantRoles(app: FastifyInstance, userId: string, roles: Role[]): Promise<void> {
  const updated = await setRoles(app.deps.db, userId, roles);
  if (!updated) throw new Error(`no account ${userId}`);
  await app.sessions.forgetUser(userId);
}

/** The admin sets an account's roles through the API (`PUT /api/admin/users/:id/roles`); the reply, unchecked. */
export function putRoles(app: FastifyInstance, admin: TestAccount, who: TestAccount, roles: string[]) {
  return app.inject({
    method: 'PUT',
    url: `/api/admin/users/${who.id}/roles`,
    headers: admin.headers,
    payload: { roles },
  });
}

/** A fresh account made admin by the operator's way (see `grantRoles`). */
export async function signUpAdmin(app: FastifyInstance, prefix = 'admin'): Promise<TestAccount> {
  // Usernames hold 32 characters: signUp adds about 20 to the prefix.
  const account = await signUp(app, prefix.slice(0, 10));
  await grantRoles(app, account.id, ['student', 'admin']);
  return account;
}

/** A fresh account made teacher by the operator's way (see `grantRoles`). */
export async function signUpTeacher(app: FastifyInstance, prefix = 'teacher'): Promise<TestAccount> {
  const account = await signUp(app, prefix);
  await grantRoles(app, account.id, ['student', 'teacher']);
  return account;
}

/** How `useAccounts` signs an account up: a username prefix (`signUp`, a learner) or a sign-up of its own. */
export type AccountSignUp = string | ((app: FastifyInstance) => Promise<TestAccount>);

/**
 * Accounts for the tests of the enclosing `describe`, signed up one after another in the order named,
 * in a `beforeAll` (so after the hooks registered before the call, `useTestApp`'s start among them, and
 * before those registered after it): a prefix for a learner, or `signUpTeacher`, `signUpAdmin` or a
 * closure of its own. Like `useTestApp`, each account reads through to the signed-up one, so use them
 * inside hooks and tests only:
 * `const { teacher, learner } = useAccounts(t, { teacher: signUpTeacher, learner: 'learner' })`.
 */
export function useAccounts<Name extends string>(
  t: { readonly app: FastifyInstance },
  signUps: Record<Name, AccountSignUp>,
): Record<Name, TestAccount> {
  const names = Object.keys(signUps) as Name[];
  const signedUp = new Map<Name, TestAccount>();
  beforeAll(async () => {
    for (const name of names) {
      const how = signUps[name];
      signedUp.set(name, typeof how === 'string' ? await signUp(t.app, how) : await how(t.app));
    }
  });
  const current = (name: Name): TestAccount => {
    const account = signedUp.get(name);
    if (!account) throw new Error(`${name} is signed up in beforeAll: use it in a hook or a test`);
    return account;
  };
  const accounts = {} as Record<Name, TestAccount>;
  for (const name of names) {
    accounts[name] = {
      get id() {
        return current(name).id;
      },
      get username() {
        return current(name).username;
      },
      get cookie() {
        return current(name).cookie;
      },
      get headers() {
        return current(name).headers;
      },
    };
  }
  return accounts;
}

/**
 * The accounts of the teacher and appeal tests, for `useAccounts`: an admin; two teachers signed up as
 * learners, for the test to grant the role through the admin's route; a learner and a classmate to put
 * in a class; an outsider.
 */
export const UNGRANTED_CLASS = {
  admin: signUpAdmin,
  teacher: 'teacher',
  otherTeacher: 'teacher',
  learner: 'learner',
  classmate: 'learner',
  outsider: 'learner',
} satisfies Record<string, AccountSignUp>;

/** The teacher opens a class; each of `pupils` joins it with its code (accepted: 200). */
export async function openClass(
  app: FastifyInstance,
  teacher: TestAccount,
  name: string,
  pupils: readonly TestAccount[] = [],
): Promise<{ id: string; joinCode: string }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/teacher/classes',
    headers: teacher.headers,
    payload: { name },
  });
  if (created.statusCode !== 201) throw new Error(`class not opened: ${created.statusCode} ${created.body}`);
  const { id, joinCode } = created.json() as { id: string; joinCode: string };
  for (const who of pupils) {
    const joined = await app.inject({
      method: 'POST',
      url: '/api/classes/join',
      headers: who.headers,
      payload: { joinCode },
    });
    expect(joined.statusCode).toBe(200);
  }
  return { id, joinCode };
}

/** Gives an account its names straight in the database (no route sets another's name). */
export async function setNames(
  app: FastifyInstance,
  who: TestAccount,
  firstName: string,
  lastName: string,
): Promise<void> {
  await app.deps.db
    .updateTable('users')
    .set({ first_name: firstName, last_name: lastName })
    .where('id', '=', who.id)
    .execute();
}

/** The account answers a question through the API (`POST /api/users/answers`); the reply, unchecked. */
export function postAnswer(
  app: FastifyInstance,
  who: TestAccount,
  questionId: string,
  selectedAnswer: string,
  more: { timeSpent?: number; answeredAt?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/users/answers',
    headers: who.headers,
    payload: {
      userId: who.id,
      questionId,
      selectedAnswer,
      timeSpent: more.timeSpent ?? 5,
      ...(more.answeredAt ? { answeredAt: more.answeredAt } : {}),
    },
  });
}
