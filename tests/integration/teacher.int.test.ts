/**
 * Teachers end to end, in both modes: roles granted by an admin, classes and join codes, who may read
 * whom, and the replay of a learner's history checked against what the learner's own pages showed.
 *
 * The broken streak needs days apart, and the API stamps events with the server's clock. So the
 * history's later days are decided by the domain (`decide` with a chosen `now`, one day, two days and
 * four days after today) and appended through the store's `handleCommand`, exactly as the API does
 * it; everything else goes through the public API.
 */

import { learnerModel } from '@wenyan/api/src/learner/commands.ts';
// Brings in the app's `learnerContext()` decorator type.
import '@wenyan/api/src/plugins/content-facts.ts';
import { figuresOf } from '@wenyan/api/src/replay/replay.ts';
import {
  ClassLearnerListSchema,
  ClassSummaryListSchema,
  ErrorQuestionListSchema,
  type LearnerEvent,
  LearnerEventPageSchema,
  type LearnerState,
  LearnerStateSchema,
  UserSchema,
  UserStatsListSchema,
} from '@wenyan/contracts';
import { decide, foldLearnerView, type LearnerCommand, levelForXp, upcast } from '@wenyan/domain';
import {
  appendToStream,
  learnerStreamId,
  lessonQuestions,
  loadStreamHead,
  membershipChanges,
  readStream,
} from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { postAnswer, signUp, type TestAccount, UNGRANTED_CLASS, useAccounts } from '../support/accounts.ts';
import { MODES, type TestApp, useTestApp, waitForProjection } from '../support/app-harness.ts';
import { actOrThrow, answerCommand } from '../support/history.ts';

const DAY = 86_400_000;

/** The learner's stream version now. */
async function headOf(t: TestApp, userId: string): Promise<number> {
  return (await loadStreamHead(t.runtime.deps.db, learnerStreamId(userId)))?.version ?? 0;
}

describe.each(MODES)('teachers (%s mode)', (mode) => {
  let classId: string;
  let joinCode: string;
  const t = useTestApp(mode);
  // The teachers sign up as learners: the roles tests grant them the role.
  const { admin, teacher, otherTeacher, learner, classmate, outsider } = useAccounts(t, UNGRANTED_CLASS);

  const get = (who: TestAccount | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
  const send = (who: TestAccount, method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const grantTeacher = async (who: TestAccount) => {
    const res = await send(admin, 'PUT', `/api/admin/users/${who.id}/roles`, {
      roles: ['student', 'teacher'],
    });
    expect(res.statusCode).toBe(200);
    expect(UserSchema.parse(res.json()).roles).toEqual(['student', 'teacher']);
  };

  describe('roles', () => {
    it('lets only an admin grant the teacher role', async () => {
      const refused = await send(learner, 'PUT', `/api/admin/users/${learner.id}/roles`, {
        roles: ['teacher'],
      });
      expect(refused.statusCode).toBe(403);
      const early = await send(teacher, 'POST', '/api/teacher/classes', { name: '中五甲班' });
      expect(early.statusCode).toBe(403);
      await grantTeacher(teacher);
      await grantTeacher(otherTeacher);
    });

    it('answers 404 for an unknown user and 400 for an empty or unknown role list', async () => {
      expect(
        (await send(admin, 'PUT', '/api/admin/users/999999/roles', { roles: ['student'] })).statusCode,
      ).toBe(404);
      expect(
        (await send(admin, 'PUT', '/api/admin/users/abc/roles', { roles: ['student'] })).statusCode,
      ).toBe(404);
      expect(
        (await send(admin, 'PUT', `/api/admin/users/${learner.id}/roles`, { roles: [] })).statusCode,
      ).toBe(400);
      const bad = await send(admin, 'PUT', `/api/admin/users/${learner.id}/roles`, { roles: ['king'] });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('classes', () => {
    it('gives a new class a join code and lists it for its teacher only', async () => {
      const res = await send(teacher, 'POST', '/api/teacher/classes', { name: '  中五甲班 ' });
      expect(res.statusCode).toBe(201);
      const created = res.json() as { id: string; name: string; joinCode: string };
      expect(created.name).toBe('中五甲班');
      expect(created.joinCode).toMatch(/^[A-Z0-9]{8}$/);
      classId = created.id;
      joinCode = created.joinCode;

      const mine = ClassSummaryListSchema.parse((await get(teacher, '/api/teacher/classes')).json());
      expect(mine).toEqual([expect.objectContaining({ id: classId, joinCode, learnerCount: 0 })]);
      const theirs = ClassSummaryListSchema.parse((await get(otherTeacher, '/api/teacher/classes')).json());
      expect(theirs).toEqual([]);
      const all = ClassSummaryListSchema.parse((await get(admin, '/api/teacher/classes')).json());
      expect(all.map((c) => c.id)).toContain(classId);
      expect((await get(learner, '/api/teacher/classes')).statusCode).toBe(403);
      expect((await get(null, '/api/teacher/classes')).statusCode).toBe(401);
      expect((await send(teacher, 'POST', '/api/teacher/classes', { name: ' ' })).statusCode).toBe(400);
    });

    it('lets a learner join with the code in any case, twice without harm, and records the change', async () => {
      const res = await send(learner, 'POST', '/api/classes/join', { joinCode: joinCode.toLowerCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: classId, name: '中五甲班' });
      expect((await send(learner, 'POST', '/api/classes/join', { joinCode })).statusCode).toBe(200);
      expect((await send(classmate, 'POST', '/api/classes/join', { joinCode })).statusCode).toBe(200);
      expect((await send(outsider, 'POST', '/api/classes/join', { joinCode: 'ZZZZZZZZ' })).statusCode).toBe(
        404,
      );
      expect((await send(outsider, 'POST', '/api/classes/join', { joinCode: '!' })).statusCode).toBe(400);

      const changes = await membershipChanges(t.runtime.deps.db, classId);
      expect(changes.map((c) => [c.userId, c.change])).toEqual([
        [learner.id, 'joined'],
        [classmate.id, 'joined'],
      ]);
      const mine = ClassSummaryListSchema.parse((await get(teacher, '/api/teacher/classes')).json());
      expect(mine[0]?.learnerCount).toBe(2);
    });

    it('shows the class table to its teacher and an admin, not to another teacher', async () => {
      const url = `/api/teacher/classes/${classId}/learners`;
      const rows = ClassLearnerListSchema.parse((await get(teacher, url)).json());
      expect(rows.map((r) => r.id)).toEqual([learner.id, classmate.id]);
      expect(rows[0]).toMatchObject({
        totalXP: 5,
        level: 1,
        streakDays: 1,
        accuracy: null,
        weakestLesson: null,
      });
      expect((await get(admin, url)).statusCode).toBe(200);
      expect((await get(otherTeacher, url)).statusCode).toBe(403);
      expect((await get(learner, url)).statusCode).toBe(403);
      expect((await get(teacher, '/api/teacher/classes/999999/learners')).statusCode).toBe(404);
    });

    it('lets a teacher read only the learners of their own classes (403 otherwise), an admin all', async () => {
      const state = (id: string) => `/api/teacher/learners/${id}/state`;
      const events = (id: string) => `/api/teacher/learners/${id}/events`;
      expect((await get(teacher, state(learner.id))).statusCode).toBe(200);
      expect((await get(teacher, events(learner.id))).statusCode).toBe(200);
      expect((await get(teacher, state(outsider.id))).statusCode).toBe(403);
      expect((await get(teacher, events(outsider.id))).statusCode).toBe(403);
      expect((await get(otherTeacher, state(learner.id))).statusCode).toBe(403);
      expect((await get(otherTeacher, events(learner.id))).statusCode).toBe(403);
      expect((await get(admin, state(outsider.id))).statusCode).toBe(200);
      expect((await get(admin, state('999999'))).statusCode).toBe(404);
      expect((await get(null, state(learner.id))).statusCode).toBe(401);
    });

    it('lets no student read any replay: not a classmate’s, not their own', async () => {
      for (const [who, id] of [
        [classmate, learner.id],
        [learner, classmate.id],
        [outsider, learner.id],
        [learner, learner.id],
      ] as const) {
        expect((await get(who, `/api/teacher/learners/${id}/state`)).statusCode).toBe(403);
        expect((await get(who, `/api/teacher/learners/${id}/events`)).statusCode).toBe(403);
      }
    });

    it('lets a learner leave; the teacher then reads them no more, and the change is recorded', async () => {
      const res = await send(classmate, 'POST', `/api/classes/${classId}/leave`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: '已退出班別' });
      expect((await send(classmate, 'POST', `/api/classes/${classId}/leave`)).statusCode).toBe(404);
      expect((await get(teacher, `/api/teacher/learners/${classmate.id}/state`)).statusCode).toBe(403);
      const changes = await membershipChanges(t.runtime.deps.db, classId);
      expect(changes.map((c) => [c.userId, c.change])).toEqual([
        [learner.id, 'joined'],
        [classmate.id, 'joined'],
        [classmate.id, 'left'],
      ]);
    });
  });

  describe('the replay of a learner’s history', () => {
    /** What the learner's own pages showed at a moment, and the stream version at that moment. */
    interface Seen {
      label: string;
      version: number;
      user: ReturnType<typeof UserSchema.parse>;
      stats: ReturnType<typeof UserStatsListSchema.parse>;
      errors: ReturnType<typeof ErrorQuestionListSchema.parse>;
    }
    const seen: Seen[] = [];
    const today = Date.now();
    let questions: Array<{ id: string; lessonId: number; type: string; difficulty: string; answer: string }>;
    let lesson2: typeof questions;

    async function look(label: string): Promise<Seen> {
      const version = await waitForProjection(t, learner.id);
      const user = UserSchema.parse((await get(learner, '/api/auth/user')).json());
      const stats = UserStatsListSchema.parse((await get(learner, `/api/users/${learner.id}/stats`)).json());
      const errors = ErrorQuestionListSchema.parse(
        (await get(learner, `/api/users/${learner.id}/error-questions`)).json(),
      );
      const moment = { label, version, user, stats, errors };
      seen.push(moment);
      return moment;
    }

    async function answer(q: (typeof questions)[number], right: boolean) {
      const res = await postAnswer(t.app, learner, q.id, right ? q.answer : '不知道', { timeSpent: 12 });
      expect(res.statusCode).toBe(200);
      expect(res.json().isCorrect).toBe(right);
    }

    /** A command decided at a chosen time and appended as the API appends it. */
    async function actAt(at: number, command: LearnerCommand) {
      const context = { ...(await t.app.learnerContext()), now: new Date(at).toISOString() };
      expect(await actOrThrow(t.runtime.deps.db, learner.id, command, context)).toBeGreaterThan(0);
      await t.runtime.deps.queue.enqueue(learner.id);
    }

    /** The right answer to a question as the API serves it. */
    const rightAnswer = (q: (typeof questions)[number]): LearnerCommand =>
      answerCommand(
        { id: q.id, lesson_id: q.lessonId, type: q.type, difficulty: q.difficulty, correct_answer: q.answer },
        q.answer,
        20,
      );

    const stateAt = async (at: string | number | null): Promise<LearnerState> => {
      const query = at === null ? '' : `?at=${encodeURIComponent(String(at))}`;
      const res = await get(teacher, `/api/teacher/learners/${learner.id}/state${query}`);
      expect(res.statusCode).toBe(200);
      return LearnerStateSchema.parse(res.json());
    };

    /** The replayed state must show what the learner's pages showed. */
    function expectSameAsSeen(state: LearnerState, moment: Seen) {
      expect(state.at.version, moment.label).toBe(moment.version);
      expect(state.totals, moment.label).toMatchObject({
        totalXP: moment.user.totalXP,
        level: moment.user.level,
        streakDays: moment.user.streakDays,
      });
      const byLesson = <T extends { lessonId: number }>(list: T[]) =>
        [...list].sort((a, b) => a.lessonId - b.lessonId);
      expect(byLesson(state.lessons), moment.label).toEqual(byLesson(moment.stats));
      const open = moment.errors.filter((e) => e.isActive);
      const pick = (e: LearnerState['openErrors'][number]) => ({
        questionId: e.questionId,
        attemptCount: e.attemptCount,
        incorrectAnswer: e.incorrectAnswer,
        userExplanation: e.userExplanation,
      });
      expect(
        state.openErrors.map(pick).sort((a, b) => a.questionId.localeCompare(b.questionId)),
        moment.label,
      ).toEqual(open.map(pick).sort((a, b) => a.questionId.localeCompare(b.questionId)));
    }

    beforeAll(async () => {
      const pick = async (lessonId: number) =>
        (await lessonQuestions(t.runtime.deps.db, lessonId))
          .filter((q) => q.type === 'word_interpretation' && q.session_id === null && q.paper_id === null)
          .map((q) => ({
            id: q.id,
            lessonId: q.lesson_id,
            type: q.type,
            difficulty: q.difficulty,
            answer: q.correct_answer,
          }));
      questions = await pick(7);
      lesson2 = await pick(2);
      expect(questions.length).toBeGreaterThanOrEqual(5);
      expect(lesson2.length).toBeGreaterThanOrEqual(3);
    });

    it('builds the history through the public API, noting what the learner saw at each step', async () => {
      const q = questions;
      await look('signed up');
      for (const i of [0, 1, 2]) await answer(q[i]!, true);
      await look('three right answers in a row');
      await answer(q[3]!, false);
      const wrong = await look('a wrong answer');
      expect(wrong.errors.map((e) => e.questionId)).toEqual([q[3]!.id]);

      // Through the API, except in the embedded mode, where the note and mastery routes still hang:
      // their answer reads through `db` inside the command's transaction, and PGlite has one
      // connection (reported to the lead). There the same commands go through the domain and store.
      if (mode === 'distributed') {
        const note = await send(learner, 'PATCH', `/api/users/${learner.id}/error-questions/${q[3]!.id}`, {
          isCorrect: false,
          userExplanation: '「師」解作老師',
        });
        expect(note.statusCode).toBe(200);
      } else {
        await actAt(Date.now(), {
          type: 'SaveErrorNote',
          data: { questionId: q[3]!.id, note: '「師」解作老師' },
        });
      }
      await look('an error note');
      if (mode === 'distributed') {
        const master = await send(
          learner,
          'PATCH',
          `/api/users/${learner.id}/error-questions/${q[3]!.id}/master`,
        );
        expect(master.statusCode).toBe(200);
      } else {
        await actAt(Date.now(), { type: 'MasterErrorQuestion', data: { questionId: q[3]!.id } });
      }
      const mastered = await look('a mastered question');
      expect(mastered.errors.find((e) => e.questionId === q[3]!.id)?.isActive).toBe(false);
      await answer(q[4]!, false);
      await look('another wrong answer, left open');
    });

    it('adds days apart: the streak grows to three, then breaks after a missed day', async () => {
      await actAt(today + DAY, rightAnswer(lesson2[0]!));
      expect((await look('the next day')).user.streakDays).toBe(2);
      await actAt(today + 2 * DAY, rightAnswer(lesson2[1]!));
      const third = await look('the third day in a row');
      expect(third.user.streakDays).toBe(3);
      await actAt(today + 4 * DAY, rightAnswer(lesson2[2]!));
      const broken = await look('after a missed day');
      expect(broken.user.streakDays).toBe(1);
      expect(broken.user.totalXP).toBeGreaterThan(third.user.totalXP);
    });

    it('gives, at every version noted, the state the learner’s pages showed then', async () => {
      expect(seen.length).toBe(9);
      for (const moment of seen) expectSameAsSeen(await stateAt(moment.version), moment);
      const last = seen.at(-1)!;
      expectSameAsSeen(await stateAt(null), last);
      const open = (await stateAt(last.version)).openErrors;
      expect(open.map((e) => e.questionId)).toEqual([questions[4]!.id]);
      expect(open[0]?.question.id).toBe(questions[4]!.id);
    });

    it('gives the state at a moment, with the streak as it showed then (0 once a day was missed)', async () => {
      const nextDay = seen[6]!;
      const third = seen[7]!;
      expectSameAsSeen(await stateAt(new Date(today + DAY + 60_000).toISOString()), nextDay);
      // The day after the third day: the streak is still alive (yesterday counts).
      const dayAfter = await stateAt(new Date(today + 3 * DAY).toISOString());
      expect(dayAfter.at.version).toBe(third.version);
      expect(dayAfter.totals.streakDays).toBe(3);
      // Just before the fourth day's answer, the third day is two days back: the page showed 0.
      const before = await stateAt(new Date(today + 4 * DAY - 1).toISOString());
      expect(before.at.version).toBe(third.version);
      expect(before.totals).toMatchObject({ totalXP: third.user.totalXP, streakDays: 0 });
      // Before the first event there is nothing; version 0 is the empty state.
      const start = await stateAt(0);
      expect(start).toMatchObject({ at: { version: 0, recordedAt: null }, lessons: [], openErrors: [] });
      expect(start.totals).toEqual({ totalXP: 0, level: 1, streakDays: 0, accuracy: null });
      expect((await stateAt(100_000)).at.version).toBe(seen.at(-1)!.version);
      expect((await get(teacher, `/api/teacher/learners/${learner.id}/state?at=yesterday`)).statusCode).toBe(
        400,
      );
    });

    it('pages through every event in stream order, each with its words and the state right after it', async () => {
      const items: LearnerEvent[] = [];
      let after = 0;
      for (let pages = 0; pages < 50; pages++) {
        const res = await get(teacher, `/api/teacher/learners/${learner.id}/events?after=${after}&limit=7`);
        expect(res.statusCode).toBe(200);
        const page = LearnerEventPageSchema.parse(res.json());
        expect(page.learnerId).toBe(learner.id);
        items.push(...page.items);
        if (page.nextAfter === null) break;
        after = page.nextAfter;
      }
      const last = seen.at(-1)!;
      expect(items.map((e) => e.version)).toEqual(Array.from({ length: last.version }, (_, i) => i + 1));
      for (const moment of seen) {
        const event = items.find((e) => e.version === moment.version)!;
        expect(event.stateAfter, moment.label).toMatchObject({
          totalXP: moment.user.totalXP,
          level: moment.user.level,
          streakDays: moment.user.streakDays,
        });
      }
      const types = [...new Set(items.map((e) => e.type))];
      for (const type of [
        'AnswerSubmitted',
        'XpAwarded',
        'DailySignedIn',
        'StreakExtended',
        'StreakReset',
        'ErrorNoteSaved',
        'ErrorQuestionMastered',
      ]) {
        expect(types, type).toContain(type);
      }
      const words = items.map((e) => e.summary);
      expect(words).toContain('答對《師說》詞解題一題');
      expect(words).toContain('獲得 15 XP（連續答對獎勵・《師說》）');
      expect(words).toContain('連續學習延長至 3 天，達成 3 天里程碑');
      expect(words).toContain('連續學習中斷（之前連續 3 天），重新由第 1 天開始');
      expect(words).toContain('為錯題寫下筆記：「「師」解作老師」');
      expect(words).toContain('把一道錯題標記為已掌握');
      expect(words.some((w) => w.startsWith('答錯《師說》詞解題一題：作答「不知道」'))).toBe(true);
      const reset = items.find((e) => e.type === 'StreakReset' && e.data.previousStreakDays === 3)!;
      expect(reset.recordedAt.slice(0, 10)).toBe(new Date(today + 4 * DAY).toISOString().slice(0, 10));
    });

    it('filters the events by type and by time', async () => {
      const url = `/api/teacher/learners/${learner.id}/events`;
      const resets = LearnerEventPageSchema.parse((await get(teacher, `${url}?types=StreakReset`)).json());
      expect(resets.items.map((e) => e.data.previousStreakDays)).toEqual([0, 3]);
      expect(resets.nextAfter).toBeNull();
      const two = LearnerEventPageSchema.parse(
        (await get(teacher, `${url}?types=StreakReset&types=StreakExtended&limit=2`)).json(),
      );
      expect(two.items.map((e) => e.type)).toEqual(['StreakReset', 'StreakExtended']);
      expect(two.nextAfter).toBe(two.items[1]!.version);
      const from = encodeURIComponent(new Date(today + DAY / 2).toISOString());
      const later = LearnerEventPageSchema.parse(
        (await get(teacher, `${url}?from=${from}&limit=200`)).json(),
      );
      expect(later.items[0]?.version).toBe(seen[5]!.version + 1);
      expect(later.items.at(-1)?.version).toBe(seen.at(-1)!.version);
      expect((await get(teacher, `${url}?limit=500`)).statusCode).toBe(400);
    });

    it('shows the learner in the class table as their pages show them now', async () => {
      const last = seen.at(-1)!;
      const rows = ClassLearnerListSchema.parse(
        (await get(teacher, `/api/teacher/classes/${classId}/learners`)).json(),
      );
      const row = rows.find((r) => r.id === learner.id)!;
      expect(row).toMatchObject({
        totalXP: last.user.totalXP,
        level: levelForXp(last.user.totalXP),
        streakDays: 1,
        completedLessons: 0,
        weakestLesson: { lessonId: 7, title: '師說', accuracy: 60 },
      });
      expect(row.accuracy).toBe(80);
      expect(row.lastActiveDate).toBe(new Date(today + 4 * DAY).toISOString());
    });
  });

  describe('a long history', () => {
    it('gives the same state with snapshots as a fold from the first event', async () => {
      const long = await signUp(t.app, 'long');
      await send(long, 'POST', '/api/classes/join', { joinCode });
      const bank = (await lessonQuestions(t.runtime.deps.db, 3)).filter(
        (q) => q.type === 'word_interpretation',
      );
      const db = t.runtime.deps.db;
      const streamId = learnerStreamId(long.id);
      let { state, version } = { state: learnerModel.initialState, version: await headOf(t, long.id) };
      for (const e of await readStream(db, streamId)) state = learnerModel.evolve(state, e);
      let clock = Date.now();
      for (let day = 0; version < 700; day++) {
        const batch: Array<{ type: string; schemaVersion: number; data: Record<string, unknown> }> = [];
        for (let i = 0; i < 40; i++) {
          const q = bank[(version + i) % bank.length]!;
          clock += 5 * 60_000 + (i === 39 ? DAY * (day % 3 === 2 ? 2 : 1) : 0);
          const decision = decide(
            answerCommand({ ...q, keywords: null }, i % 4 === 0 ? '不知道' : q.correct_answer, 10),
            state,
            { now: new Date(clock).toISOString() },
          );
          if (!decision.ok) throw new Error(decision.error.message);
          for (const e of decision.events) {
            state = learnerModel.evolve(state, {
              position: '0',
              eventId: '',
              streamId,
              version: 0,
              type: e.type,
              schemaVersion: e.schemaVersion,
              data: e.data,
              metadata: {},
              recordedAt: new Date(),
            });
            batch.push({
              type: e.type,
              schemaVersion: e.schemaVersion,
              data: e.data as Record<string, unknown>,
            });
          }
        }
        await db.transaction().execute(async (trx) => {
          await appendToStream(trx, streamId, version, batch, { actor: long.id }, { state, schema: 1 });
        });
        version += batch.length;
      }
      const all = (await readStream(db, streamId)).map((e) =>
        upcast({ type: e.type, schemaVersion: e.schemaVersion, data: e.data }),
      );
      for (const at of [1, 249, 250, 251, 499, 500, 613, version, 250, 613, version]) {
        const res = await get(teacher, `/api/teacher/learners/${long.id}/state?at=${at}`);
        const replayed = LearnerStateSchema.parse(res.json());
        const expected = foldLearnerView(all.slice(0, at));
        expect(replayed.at.version).toBe(at);
        expect(replayed.totals).toEqual(figuresOf(expected));
      }
      // An event page folds the core alone, from a snapshot's core: the same figures after each event.
      for (const after of [0, 248, 250, 600]) {
        const res = await get(teacher, `/api/teacher/learners/${long.id}/events?after=${after}&limit=5`);
        const page = LearnerEventPageSchema.parse(res.json());
        expect(page.items.map((e) => e.version)).toEqual([1, 2, 3, 4, 5].map((i) => after + i));
        for (const item of page.items) {
          expect(item.stateAfter).toEqual(figuresOf(foldLearnerView(all.slice(0, item.version))));
        }
      }
      const snapshots = await db
        .withTables<{ learner_replay_snapshots: { user_id: string; version: number } }>()
        .selectFrom('learner_replay_snapshots')
        .select('version')
        .where('user_id', '=', long.id)
        .orderBy('version')
        .execute();
      const every = Array.from({ length: Math.floor(version / 250) }, (_, i) => (i + 1) * 250);
      expect(snapshots.map((s) => s.version)).toEqual(every);
    });
  });
});
