/**
 * Names (issue 23, item 5), through the API: usernames are unique after NFKC and case
 * folding, and bidirectional controls are refused in every name field with a 400 naming the field and
 * nothing written. (The CSV export's formula guard is the web client's: classTable.ts and its test.)
 */
import { usernameKey } from '@wenyan/store';
import { describe, expect, it } from 'vitest';
import { signUp, signUpTeacher } from '../support/accounts.ts';
import { type Mode, useTestApp } from '../support/app-harness.ts';

const PASSWORD = 'correct horse battery';
const BIDI = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];

describe('usernameKey', () => {
  it('folds case and compatibility forms to one key', () => {
    expect(usernameKey('RT_STU_A')).toBe('rt_stu_a');
    expect(usernameKey('ＲＴ＿ＳＴＵ＿Ａ')).toBe('rt_stu_a');
    expect(usernameKey('Straße')).toBe(usernameKey('STRASSE'));
  });
});

// One mode: names are checked by the routes and folded by the store's unique keys, the same SQL on PGlite
// and Postgres; nothing here goes through a queue or a broadcast (issue 39: a second mode only where it matters).
describe.each<Mode>(['embedded'])('names (%s mode)', (mode) => {
  const t = useTestApp(mode);

  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { password: PASSWORD, ...payload } });
  const rowCount = async (table: 'users' | 'events') =>
    Number(
      (
        await t.runtime.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a username that differs from a taken one only in case', async () => {
    const base = `rt_stu_${mode.slice(0, 3)}_${process.pid}`;
    expect((await register({ username: base })).statusCode).toBe(201);
    const lookalike = await register({ username: base.toUpperCase() });
    expect(lookalike.statusCode).toBe(409);
    expect(lookalike.json().error.code).toBe('USERNAME_TAKEN');
    // The account signs in under either spelling: there is only one.
    const upper = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: base.toUpperCase(), password: PASSWORD },
    });
    expect(upper.statusCode).toBe(200);
    expect(upper.json().username).toBe(base);
  });

  it('refuses bidirectional controls in the sign-up names, naming the field, writing nothing', async () => {
    const before = await rowCount('users');
    for (const [i, mark] of BIDI.entries()) {
      for (const field of ['firstName', 'lastName'] as const) {
        const res = await register({
          username: `bidi_${mode.slice(0, 3)}_${i}_${field}`,
          [field]: `陳${mark}大文`,
        });
        expect(res.statusCode, `${field} U+${mark.codePointAt(0)?.toString(16)}`).toBe(400);
        const detail = res.json().error.details[0];
        expect(detail.field).toBe(`body.${field}`);
        expect(detail.message).toMatch(/文字方向/);
      }
    }
    const username = await register({ username: `abc\u202Egpj` });
    expect(username.statusCode).toBe(400);
    expect(username.json().error.details[0].field).toBe('body.username');
    expect(await rowCount('users')).toBe(before);
  });

  it('refuses them in the school and class names, with no event and no class written', async () => {
    const learner = await signUp(t.app, 'bidischool');
    const events = await rowCount('events');
    for (const mark of BIDI) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${learner.id}/school`,
        headers: learner.headers,
        payload: { schoolName: `皇仁${mark}書院` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe('body.schoolName');
    }
    expect(await rowCount('events')).toBe(events);

    const teacher = await signUpTeacher(t.app, 'bidiclass');
    for (const mark of BIDI) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/teacher/classes',
        headers: teacher.headers,
        payload: { name: `中五${mark}甲班` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe('body.name');
    }
    const classes = await t.app.inject({
      method: 'GET',
      url: '/api/teacher/classes',
      headers: teacher.headers,
    });
    expect(classes.json()).toEqual([]);
    // Ordinary names still pass.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/teacher/classes',
      headers: teacher.headers,
      payload: { name: '中五甲班 (2026)' },
    });
    expect(ok.statusCode).toBe(201);
  });
});
