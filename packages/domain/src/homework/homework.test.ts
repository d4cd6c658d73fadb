import { describe, expect, it } from 'vitest';
import type { LearnerEvent } from '../learner/events.ts';
import {
  type Assignment,
  type ClassEvent,
  type ClassState,
  decideClass,
  evolveClass,
  initialClassState,
  openAssignments,
  selfMarkRuleOf,
  strictestSelfMarkRule,
} from './assignments.ts';
import { assignmentProgress } from './completion.ts';
import {
  hongKongWeekStart,
  leagueName,
  leagueStandings,
  nextHongKongWeekStart,
  teacherLeagueName,
} from './league.ts';

const SET_AT = '2026-11-20T02:00:00.000Z';
const DUE = '2026-11-27T15:59:00.000Z'; // Friday 23:59 in Hong Kong

const practice: Assignment = {
  id: 'a1',
  title: '師說 詞解',
  task: { kind: 'practice', lessonId: 1, nodeType: 'word_interpretation' },
  dueAt: DUE,
  setAt: SET_AT,
  setBy: '7',
  withdrawnAt: null,
};

const answer = (at: string, extra: Partial<Record<string, unknown>> = {}): LearnerEvent =>
  ({
    type: 'AnswerSubmitted',
    schemaVersion: 2,
    data: {
      at,
      questionId: 'q1',
      lessonId: 1,
      questionType: 'word_interpretation',
      source: 'quiz',
      ...extra,
    },
  }) as unknown as LearnerEvent;
const nodeCompleted = (at: string, lessonId = 1, nodeType = 'word_interpretation'): LearnerEvent =>
  ({ type: 'NodeCompleted', schemaVersion: 1, data: { at, lessonId, nodeType } }) as unknown as LearnerEvent;

const fold = (events: ClassEvent[]): ClassState => events.reduce(evolveClass, initialClassState);
const given = (state: ClassState) => ({
  when: (command: Parameters<typeof decideClass>[0], now = SET_AT) =>
    decideClass(command, state, { now, actor: '7' }),
});

describe('completion of an assignment', () => {
  it('is not started with no events after it was set', () => {
    expect(assignmentProgress(practice, [nodeCompleted('2026-11-19T00:00:00.000Z')]).status).toBe(
      'not_started',
    );
  });
  it('is in progress after an answer of the practice type, done when the node completes before the due time', () => {
    const started = [answer('2026-11-21T01:00:00.000Z')];
    expect(assignmentProgress(practice, started).status).toBe('in_progress');
    const finished = [...started, nodeCompleted('2026-11-21T01:10:00.000Z')];
    expect(assignmentProgress(practice, finished)).toMatchObject({
      status: 'done',
      completedAt: '2026-11-21T01:10:00.000Z',
      done: 1,
      needed: 1,
    });
  });
  it('is done when 8 answers of the practice type reach 80 %, without the results screen (issue 37)', () => {
    const at = (minute: number) => `2026-11-21T01:${String(minute).padStart(2, '0')}:00.000Z`;
    const answers = Array.from({ length: 8 }, (_, i) =>
      answer(at(i), { questionId: `q${i}`, isCorrect: i !== 3 }),
    );
    expect(assignmentProgress(practice, answers.slice(0, 7)).status).toBe('in_progress');
    expect(assignmentProgress(practice, answers)).toMatchObject({ status: 'done', completedAt: at(7) });
    // Two wrong of eight is 75 %: not yet.
    const short = answers.map((a, i) =>
      i === 5 ? answer(at(5), { questionId: 'q5', isCorrect: false }) : a,
    );
    expect(assignmentProgress(practice, short).status).toBe('in_progress');
  });
  it('is late when finished after the due time', () => {
    expect(assignmentProgress(practice, [nodeCompleted('2026-11-27T16:00:00.000Z')]).status).toBe('late');
  });
  it('ignores another lesson or practice type', () => {
    const other = [
      nodeCompleted('2026-11-21T01:00:00.000Z', 2),
      nodeCompleted('2026-11-21T01:00:00.000Z', 1, 'theme_understanding'),
    ];
    expect(assignmentProgress(practice, other).status).toBe('not_started');
  });
  it('counts an offline answer at the moment it was given', () => {
    const reviews: Assignment = { ...practice, task: { kind: 'reviews', count: 2 } };
    const events = [
      answer('2026-11-28T00:00:00.000Z', { answeredAt: '2026-11-27T10:00:00.000Z', wasDue: true }),
      answer('2026-11-28T00:00:01.000Z', { answeredAt: '2026-11-27T10:01:00.000Z', wasDue: true }),
    ];
    expect(assignmentProgress(reviews, events)).toMatchObject({
      status: 'done',
      completedAt: '2026-11-27T10:01:00.000Z',
    });
  });
  it('needs every question of a paper, and counts reviews one due card answered at a time', () => {
    const paper: Assignment = {
      ...practice,
      task: { kind: 'paper', paperId: 'p1', questionIds: ['q1', 'q2'] },
    };
    const one = [answer('2026-11-21T00:00:00.000Z'), answer('2026-11-21T00:01:00.000Z')];
    expect(assignmentProgress(paper, one)).toMatchObject({ status: 'in_progress', done: 1, needed: 2 });
    const both = [...one, answer('2026-11-21T00:02:00.000Z', { questionId: 'q2' })];
    expect(assignmentProgress(paper, both).status).toBe('done');
    const reviews: Assignment = { ...practice, task: { kind: 'reviews', count: 3 } };
    // An answer to a card that was not due is practice, not a review.
    expect(assignmentProgress(reviews, one).status).toBe('not_started');
    const due = [
      answer('2026-11-21T00:00:00.000Z', { wasDue: true }),
      answer('2026-11-21T00:01:00.000Z', { wasDue: true, isCorrect: false }),
    ];
    expect(assignmentProgress(reviews, [...one, ...due])).toMatchObject({
      status: 'in_progress',
      done: 2,
      needed: 3,
    });
  });
  it('needs a recitation that covers the range', () => {
    const recite: Assignment = { ...practice, task: { kind: 'recitation', lessonId: 1, start: 10, end: 40 } };
    const at = '2026-11-21T00:00:00.000Z';
    const part = {
      type: 'RecitationFinished',
      schemaVersion: 2,
      data: { at, lessonId: 1, start: 10, end: 30 },
    };
    const whole = {
      type: 'RecitationFinished',
      schemaVersion: 2,
      data: { at, lessonId: 1, start: 0, end: 50 },
    };
    expect(assignmentProgress(recite, [part as unknown as LearnerEvent]).status).toBe('in_progress');
    expect(assignmentProgress(recite, [whole as unknown as LearnerEvent]).status).toBe('done');
  });
});

describe('the class stream', () => {
  const draft = { title: '師說 詞解', task: practice.task, dueAt: DUE };
  it('sets an assignment due in the future, and refuses a due time that has passed', () => {
    const set = given(initialClassState).when({ type: 'SetAssignment', assignmentId: 'a1', draft });
    expect(set.ok && set.events.map((e) => e.type)).toEqual(['AssignmentSet']);
    const past = given(initialClassState).when({ type: 'SetAssignment', assignmentId: 'a1', draft }, DUE);
    expect(past).toMatchObject({ ok: false, error: { code: 'DUE_IN_THE_PAST' } });
  });
  it('edits and withdraws as events; a withdrawn assignment leaves the open list and cannot change again', () => {
    const set = decideClass({ type: 'SetAssignment', assignmentId: 'a1', draft }, initialClassState, {
      now: SET_AT,
      actor: '7',
    });
    if (!set.ok) throw new Error('refused');
    let state = fold(set.events);
    const edit = given(state).when({
      type: 'EditAssignment',
      assignmentId: 'a1',
      draft: { ...draft, title: '新題目' },
    });
    if (!edit.ok) throw new Error('refused');
    state = fold([...set.events, ...edit.events]);
    expect(openAssignments(state).map((a) => a.title)).toEqual(['新題目']);
    expect(
      given(state).when({ type: 'EditAssignment', assignmentId: 'a1', draft: { ...draft, title: '新題目' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'NOTHING_CHANGED' },
    });
    const withdraw = given(state).when({ type: 'WithdrawAssignment', assignmentId: 'a1' });
    if (!withdraw.ok) throw new Error('refused');
    state = fold([...set.events, ...edit.events, ...withdraw.events]);
    expect(openAssignments(state)).toEqual([]);
    expect(given(state).when({ type: 'WithdrawAssignment', assignmentId: 'a1' })).toMatchObject({
      ok: false,
      error: { code: 'ASSIGNMENT_WITHDRAWN' },
    });
    expect(given(state).when({ type: 'WithdrawAssignment', assignmentId: 'zz' })).toMatchObject({
      ok: false,
      error: { code: 'ASSIGNMENT_NOT_FOUND' },
    });
  });
});

describe('the Hong Kong week', () => {
  it('begins on Monday 00:00 in Hong Kong (Sunday 16:00 UTC)', () => {
    // Sunday 23:59:59 in Hong Kong is still the week of Monday 16 November.
    expect(hongKongWeekStart('2026-11-22T15:59:59.999Z')).toBe('2026-11-15T16:00:00.000Z');
    // Monday 00:00 in Hong Kong starts a new week.
    expect(hongKongWeekStart('2026-11-22T16:00:00.000Z')).toBe('2026-11-22T16:00:00.000Z');
    // Monday 07:00 UTC is Monday 15:00 in Hong Kong.
    expect(hongKongWeekStart('2026-11-23T07:00:00.000Z')).toBe('2026-11-22T16:00:00.000Z');
    expect(nextHongKongWeekStart('2026-11-23T07:00:00.000Z')).toBe('2026-11-29T16:00:00.000Z');
  });
});

describe('the league', () => {
  it('names a learner by nickname, else first name and surname initial, never the username', () => {
    const base = { userId: '1', weeklyXp: 0, firstName: '志明', lastName: '陳', nickname: null };
    expect(leagueName(base, 1)).toBe('陳志明');
    expect(leagueName({ ...base, firstName: 'Chi Ming', lastName: 'Chan' }, 1)).toBe('Chi Ming C.');
    expect(leagueName({ ...base, nickname: '文言小王子' }, 1)).toBe('文言小王子');
    expect(leagueName({ ...base, firstName: null, lastName: null }, 3)).toBe('同學 3');
  });
  it('shows the teacher the full name in its own order', () => {
    const base = { userId: '1', weeklyXp: 0, firstName: '志明', lastName: '陳', nickname: null };
    expect(teacherLeagueName(base)).toBe('陳志明');
    expect(teacherLeagueName({ ...base, firstName: 'Amy', lastName: 'Chan' })).toBe('Amy Chan');
    expect(teacherLeagueName({ ...base, firstName: null, lastName: null })).toBeNull();
  });
  it('ranks by this week’s XP, ties sharing a rank', () => {
    const m = (userId: string, weeklyXp: number) => ({
      userId,
      weeklyXp,
      firstName: null,
      lastName: null,
      nickname: null,
    });
    expect(leagueStandings([m('1', 10), m('2', 30), m('3', 10)])).toEqual([
      { userId: '2', rank: 1, weeklyXp: 30 },
      { userId: '1', rank: 2, weeklyXp: 10 },
      { userId: '3', rank: 2, weeklyXp: 10 },
    ]);
  });
});

describe('the class’s self-mark rule (issue 37)', () => {
  const context = { now: SET_AT, actor: 't1' };

  it('is 須老師確認 until the teacher sets 直接計算, an event; the same rule again changes nothing', () => {
    expect(selfMarkRuleOf(initialClassState)).toBe('confirm');
    const decided = decideClass({ type: 'SetSelfMarkRule', rule: 'direct' }, initialClassState, context);
    expect(decided).toEqual({
      ok: true,
      events: [{ type: 'SelfMarkRuleSet', schemaVersion: 1, data: { rule: 'direct', at: SET_AT, by: 't1' } }],
    });
    const state = decided.ok ? decided.events.reduce(evolveClass, initialClassState) : initialClassState;
    expect(selfMarkRuleOf(state)).toBe('direct');
    expect(decideClass({ type: 'SetSelfMarkRule', rule: 'direct' }, state, context)).toMatchObject({
      ok: false,
      error: { code: 'NOTHING_CHANGED' },
    });
  });

  it('refuses a rule that is neither 須老師確認 nor 直接計算 (a client sending something else)', () => {
    const unknown = { type: 'SetSelfMarkRule', rule: 'trust-me' } as unknown as Parameters<
      typeof decideClass
    >[0];
    expect(decideClass(unknown, initialClassState, context)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_TASK' },
    });
  });

  it('the strictest of a learner’s classes wins; no class means 須老師確認', () => {
    expect(strictestSelfMarkRule([])).toBe('confirm');
    expect(strictestSelfMarkRule(['direct'])).toBe('direct');
    expect(strictestSelfMarkRule(['direct', 'confirm'])).toBe('confirm');
    expect(strictestSelfMarkRule(['direct', 'direct'])).toBe('direct');
  });
});
