import { describe, expect, it } from 'vitest';
import type { LearnerEvent } from '../learner/events.ts';
import { DomainRuleError } from '../shared/errors.ts';
import type { Assignment, AssignmentTask } from './assignments.ts';
import { assignmentProgress, isFinished } from './completion.ts';

const SET_AT = '2026-11-20T02:00:00.000Z';
const DUE = '2026-11-27T15:59:00.000Z';
const AT = '2026-11-21T01:00:00.000Z';

const assignment = (task: AssignmentTask): Assignment => ({
  id: 'a1',
  title: '功課',
  task,
  dueAt: DUE,
  setAt: SET_AT,
  setBy: '7',
  withdrawnAt: null,
});
const event = (type: string, data: Record<string, unknown>): LearnerEvent =>
  ({ type, schemaVersion: 1, data: { at: AT, ...data } }) as unknown as LearnerEvent;
const answer = (data: Record<string, unknown>) =>
  event('AnswerSubmitted', {
    questionId: 'q1',
    lessonId: 1,
    questionType: 'word_interpretation',
    source: 'quiz',
    isCorrect: true,
    ...data,
  });
const statusOf = (task: AssignmentTask, events: LearnerEvent[]) =>
  assignmentProgress(assignment(task), events).status;

describe('a practice assignment', () => {
  const task: AssignmentTask = { kind: 'practice', lessonId: 1, nodeType: 'word_interpretation' };
  it('is started by a session of its type that fell short, and not finished by it', () => {
    const short = event('NodeFellShort', { lessonId: 1, nodeType: 'word_interpretation' });
    expect(statusOf(task, [short])).toBe('in_progress');
  });
  it('is not touched by a fall short of another lesson or type', () => {
    expect(statusOf(task, [event('NodeFellShort', { lessonId: 2, nodeType: 'word_interpretation' })])).toBe(
      'not_started',
    );
    expect(statusOf(task, [event('NodeFellShort', { lessonId: 1, nodeType: 'sentence_translation' })])).toBe(
      'not_started',
    );
  });
  it('counts only quiz answers of its lesson and type', () => {
    const others = [
      answer({ source: 'vocabulary' }),
      answer({ lessonId: 2 }),
      answer({ questionType: 'sentence_translation' }),
    ];
    expect(statusOf(task, others)).toBe('not_started');
  });
  it('takes the latest verdict of a question answered twice (a wrong answer corrected counts as right)', () => {
    const at = (minute: number) => `2026-11-21T01:${String(minute).padStart(2, '0')}:00.000Z`;
    // q0 wrong then right, q1..q7 right: eight questions, all right by their latest verdicts.
    const events = [
      answer({ at: at(0), questionId: 'q0', isCorrect: false }),
      ...Array.from({ length: 7 }, (_, i) => answer({ at: at(i + 1), questionId: `q${i + 1}` })),
    ];
    // Eight questions with one wrong is 7/8 = 87.5 %: already done at the eighth.
    expect(assignmentProgress(assignment(task), events)).toMatchObject({
      status: 'done',
      completedAt: at(7),
    });
    // With two wrong (75 %), the retry of q0 at 8 brings the latest verdicts to 7 of 8.
    const twoWrong = events.map((e, i) =>
      i === 1 ? answer({ at: at(1), questionId: 'q1', isCorrect: false }) : e,
    );
    expect(statusOf(task, twoWrong)).toBe('in_progress');
    const retried = [...twoWrong, answer({ at: at(8), questionId: 'q0', isCorrect: true })];
    expect(assignmentProgress(assignment(task), retried)).toMatchObject({
      status: 'done',
      completedAt: at(8),
    });
  });
});

describe('a vocabulary assignment', () => {
  const finished = (exerciseType: string, lessonIds: number[] | null) =>
    event('VocabularyExerciseCompleted', { exerciseType, lessonIds });
  it('of any lesson is done by a finished session of its type', () => {
    const task: AssignmentTask = { kind: 'vocabulary', exerciseType: 'mixed_session', lessonId: null };
    expect(statusOf(task, [finished('mixed_session', null)])).toBe('done');
    expect(statusOf(task, [finished('quick_practice', null)])).toBe('not_started');
  });
  it('of a lesson is done only by a session that covered that lesson', () => {
    const task: AssignmentTask = { kind: 'vocabulary', exerciseType: 'lesson_specific', lessonId: 3 };
    expect(statusOf(task, [finished('lesson_specific', [3, 4])])).toBe('done');
    expect(statusOf(task, [finished('lesson_specific', [4])])).toBe('not_started');
    // A session with no lesson named covers no particular lesson.
    expect(statusOf(task, [finished('lesson_specific', null)])).toBe('not_started');
  });
  it('is started by a vocabulary answer of its lesson (any lesson when none is named)', () => {
    const ofLesson: AssignmentTask = { kind: 'vocabulary', exerciseType: 'lesson_specific', lessonId: 3 };
    expect(statusOf(ofLesson, [answer({ source: 'vocabulary', lessonId: 3 })])).toBe('in_progress');
    expect(statusOf(ofLesson, [answer({ source: 'vocabulary', lessonId: 4 })])).toBe('not_started');
    expect(statusOf(ofLesson, [answer({ source: 'quiz', lessonId: 3 })])).toBe('not_started');
    const anyLesson: AssignmentTask = { kind: 'vocabulary', exerciseType: 'mixed_session', lessonId: null };
    expect(statusOf(anyLesson, [answer({ source: 'vocabulary', lessonId: 9 })])).toBe('in_progress');
  });
});

describe('a recitation assignment', () => {
  it('ignores a recitation of another lesson', () => {
    const task: AssignmentTask = { kind: 'recitation', lessonId: 1, start: 10, end: 40 };
    expect(statusOf(task, [event('RecitationFinished', { lessonId: 2, start: 0, end: 50 })])).toBe(
      'not_started',
    );
  });
});

describe('a paper assignment', () => {
  it('counts only answers to its own questions', () => {
    const task: AssignmentTask = { kind: 'paper', paperId: 'p1', questionIds: ['q1', 'q2'] };
    const events = [answer({ questionId: 'q9' }), event('NodeFellShort', { lessonId: 1, nodeType: 'x' })];
    expect(assignmentProgress(assignment(task), events)).toMatchObject({ status: 'not_started', done: 0 });
  });
});

describe('progress once the work is finished', () => {
  it('keeps the first finishing moment and counts no further steps', () => {
    const task: AssignmentTask = { kind: 'paper', paperId: 'p1', questionIds: ['q1'] };
    const events = [answer({ at: '2026-11-21T01:00:00.000Z' }), answer({ at: '2026-11-28T01:00:00.000Z' })];
    // The second answer comes after the due time, but the work was already done on time.
    expect(assignmentProgress(assignment(task), events)).toMatchObject({
      status: 'done',
      done: 1,
      completedAt: '2026-11-21T01:00:00.000Z',
    });
  });
  it('throws for a task kind it does not know', () => {
    expect(() => statusOf({ kind: 'essay' } as unknown as AssignmentTask, [])).toThrow(DomainRuleError);
  });
});

describe('a finished status', () => {
  it('is done or late, not in progress or not started', () => {
    expect(isFinished('done')).toBe(true);
    expect(isFinished('late')).toBe(true);
    expect(isFinished('in_progress')).toBe(false);
    expect(isFinished('not_started')).toBe(false);
  });
});
