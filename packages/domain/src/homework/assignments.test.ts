import { describe, expect, it } from 'vitest';
import { DomainRuleError } from '../shared/errors.ts';
import {
  type AssignmentDraft,
  type AssignmentTask,
  type ClassCommand,
  type ClassEvent,
  type ClassState,
  decideClass,
  evolveClass,
  initialClassState,
  openAssignments,
  toClassEvent,
} from './assignments.ts';

const NOW = '2026-11-20T02:00:00.000Z';
const LATER = '2026-11-27T15:59:00.000Z';
const practice: AssignmentTask = { kind: 'practice', lessonId: 1, nodeType: 'word_interpretation' };
const draft: AssignmentDraft = { title: '師說 詞解', task: practice, dueAt: LATER };

const decide = (command: ClassCommand, state: ClassState = initialClassState, now = NOW) =>
  decideClass(command, state, { now, actor: '7' });
const set = (task: AssignmentTask, dueAt = LATER) =>
  decide({ type: 'SetAssignment', assignmentId: 'a1', draft: { title: '功課', task, dueAt } });
const refusalOf = (decision: ReturnType<typeof decideClass>) => (decision.ok ? null : decision.error.code);

/** The class state after the teacher set `draft` at NOW. */
function stateWithSet(d: AssignmentDraft = draft): ClassState {
  const decision = decide({ type: 'SetAssignment', assignmentId: 'a1', draft: d });
  if (!decision.ok) throw new Error(decision.error.message);
  return decision.events.reduce(evolveClass, initialClassState);
}

describe('the shape of a task', () => {
  it('refuses a practice without a practice type', () => {
    expect(refusalOf(set({ kind: 'practice', lessonId: 1, nodeType: '' }))).toBe('INVALID_TASK');
  });
  it('accepts a vocabulary session of any kind, with or without a lesson', () => {
    expect(set({ kind: 'vocabulary', exerciseType: 'mixed_session', lessonId: null }).ok).toBe(true);
    expect(set({ kind: 'vocabulary', exerciseType: 'lesson_specific', lessonId: 3 }).ok).toBe(true);
  });
  it('refuses a paper with no questions and accepts one with questions', () => {
    expect(refusalOf(set({ kind: 'paper', paperId: 'p1', questionIds: [] }))).toBe('INVALID_TASK');
    expect(set({ kind: 'paper', paperId: 'p1', questionIds: ['q1'] }).ok).toBe(true);
  });
  it('refuses a recitation range that starts before the text or is empty', () => {
    expect(refusalOf(set({ kind: 'recitation', lessonId: 1, start: -1, end: 5 }))).toBe('INVALID_TASK');
    expect(refusalOf(set({ kind: 'recitation', lessonId: 1, start: 5, end: 5 }))).toBe('INVALID_TASK');
    expect(set({ kind: 'recitation', lessonId: 1, start: 0, end: 5 }).ok).toBe(true);
  });
  it('asks for 1 to 200 reviews, a whole number', () => {
    for (const count of [0, 201, 2.5]) {
      expect(refusalOf(set({ kind: 'reviews', count }))).toBe('INVALID_TASK');
    }
    expect(set({ kind: 'reviews', count: 1 }).ok).toBe(true);
    expect(set({ kind: 'reviews', count: 200 }).ok).toBe(true);
  });
  it('throws for a task kind the stream does not know (a caller breaking the types)', () => {
    const unknown = { kind: 'essay' } as unknown as AssignmentTask;
    expect(() => set(unknown)).toThrow(DomainRuleError);
  });
});

describe('setting an assignment', () => {
  it('refuses a due time that is not a readable time', () => {
    expect(refusalOf(set(practice, 'next Friday'))).toBe('DUE_IN_THE_PAST');
  });
  it('stores the due time as a UTC instant, whatever offset the form sent', () => {
    const decision = set(practice, '2026-11-27T23:59:00+08:00');
    const [setEvent] = decision.ok ? decision.events : [];
    expect(setEvent?.type === 'AssignmentSet' && setEvent.data.dueAt).toBe('2026-11-27T15:59:00.000Z');
  });
});

describe('editing an assignment', () => {
  it('refuses an assignment the class does not have', () => {
    expect(refusalOf(decide({ type: 'EditAssignment', assignmentId: 'zz', draft }))).toBe(
      'ASSIGNMENT_NOT_FOUND',
    );
  });
  it('refuses a withdrawn assignment', () => {
    let state = stateWithSet();
    const withdrawn = decide({ type: 'WithdrawAssignment', assignmentId: 'a1' }, state);
    if (!withdrawn.ok) throw new Error('refused');
    state = withdrawn.events.reduce(evolveClass, state);
    expect(
      refusalOf(
        decide({ type: 'EditAssignment', assignmentId: 'a1', draft: { ...draft, title: '新' } }, state),
      ),
    ).toBe('ASSIGNMENT_WITHDRAWN');
  });
  it('allows a title fix after the due time has passed when the due time is kept', () => {
    const state = stateWithSet();
    const afterDue = '2026-11-28T00:00:00.000Z';
    const fixed = decide(
      { type: 'EditAssignment', assignmentId: 'a1', draft: { ...draft, title: '新' } },
      state,
      afterDue,
    );
    expect(fixed.ok).toBe(true);
  });
  it('refuses moving the due time into the past', () => {
    const state = stateWithSet();
    const moved = { ...draft, dueAt: '2026-11-19T00:00:00.000Z' };
    expect(refusalOf(decide({ type: 'EditAssignment', assignmentId: 'a1', draft: moved }, state))).toBe(
      'DUE_IN_THE_PAST',
    );
  });
  it('checks the task when the due time is kept and when it is moved', () => {
    const state = stateWithSet();
    const badTask: AssignmentTask = { kind: 'practice', lessonId: 1, nodeType: '' };
    expect(
      refusalOf(
        decide({ type: 'EditAssignment', assignmentId: 'a1', draft: { ...draft, task: badTask } }, state),
      ),
    ).toBe('INVALID_TASK');
    const moved = { ...draft, task: badTask, dueAt: '2026-11-28T15:59:00.000Z' };
    expect(refusalOf(decide({ type: 'EditAssignment', assignmentId: 'a1', draft: moved }, state))).toBe(
      'INVALID_TASK',
    );
  });
  it('records a moved due time ahead of now', () => {
    const state = stateWithSet();
    const moved = { ...draft, dueAt: '2026-11-28T15:59:00.000Z' };
    const decision = decide({ type: 'EditAssignment', assignmentId: 'a1', draft: moved }, state);
    if (!decision.ok) throw new Error('refused');
    const after = decision.events.reduce(evolveClass, state);
    expect(after.assignments.a1?.dueAt).toBe('2026-11-28T15:59:00.000Z');
    // The assignment keeps its place and the moment it was set.
    expect(after.order).toEqual(['a1']);
    expect(after.assignments.a1?.setAt).toBe(NOW);
  });
  it('throws for a command the stream does not know', () => {
    expect(() => decide({ type: 'CloseClass' } as unknown as ClassCommand)).toThrow(DomainRuleError);
  });
});

describe('folding the class stream', () => {
  const edited = (assignmentId: string): ClassEvent => ({
    type: 'AssignmentEdited',
    schemaVersion: 1,
    data: { assignmentId, title: '新', task: practice, dueAt: LATER, at: NOW, by: '7' },
  });
  const withdrawn = (assignmentId: string): ClassEvent => ({
    type: 'AssignmentWithdrawn',
    schemaVersion: 1,
    data: { assignmentId, at: NOW, by: '7' },
  });
  it('leaves the state as it is for an edit or a withdrawal of an assignment it does not hold', () => {
    const state = stateWithSet();
    expect(evolveClass(state, edited('zz'))).toBe(state);
    expect(evolveClass(state, withdrawn('zz'))).toBe(state);
  });
  it('keeps a withdrawn assignment in the state (its history) but not in the open list', () => {
    const state = evolveClass(stateWithSet(), withdrawn('a1'));
    expect(state.assignments.a1?.withdrawnAt).toBe(NOW);
    expect(openAssignments(state)).toEqual([]);
  });
  it('throws for an event type the stream does not know', () => {
    expect(() => evolveClass(initialClassState, { type: 'ClassClosed' } as unknown as ClassEvent)).toThrow(
      DomainRuleError,
    );
  });
});

describe('reading a stored class event', () => {
  it('reads the class stream’s own types back and nothing else', () => {
    const data = { assignmentId: 'a1', at: NOW, by: '7' };
    expect(toClassEvent({ type: 'AssignmentWithdrawn', data })).toEqual({
      type: 'AssignmentWithdrawn',
      schemaVersion: 1,
      data,
    });
    expect(toClassEvent({ type: 'AnswerSubmitted', data })).toBeNull();
  });
});
