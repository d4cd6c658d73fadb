/**
 * Refusals and no-ops of the decider not held elsewhere: a recitation's malformed record, the exam year
 * chosen in the review guide, and a teacher's decision on an appeal that does not fit it.
 */
import { describe, expect, it } from 'vitest';
import { decider, PARTIAL, refusal, stored, submit, translation } from '../test-support/learner.ts';
import type { Decision, LearnerCommand } from './decide.ts';

const NOW = '2026-11-25T17:00:00Z'; // 26 November 2026 in Hong Kong
const { run, ok } = decider(NOW);

describe('a recitation record', () => {
  const TEXT = '學而時習之，不亦說乎？';
  const recitation = (overrides: Record<string, unknown>): LearnerCommand =>
    ({
      type: 'FinishRecitation',
      data: {
        lessonId: 3,
        text: TEXT,
        start: 0,
        end: 5,
        characters: 5,
        mistakes: 0,
        durationMs: 60_000,
        ...overrides,
      },
    }) as LearnerCommand;

  it('refuses more picks than any run can make', () => {
    const picks = Array.from({ length: 10_001 }, () => ({ position: 0, selected: '學', timeSpent: 1 }));
    expect(refusal(run([], recitation({ picks })))).toBe('INVALID_ATTEMPTS');
  });
  it('refuses a 12-choice run with no character picked right', () => {
    const picks = [{ position: 0, selected: '習', timeSpent: 1 }];
    expect(refusal(run([], recitation({ picks })))).toBe('INVALID_ATTEMPTS');
  });
  it('refuses a written run longer than the typing limit', () => {
    const written = '學'.repeat(4001);
    // Time enough to write it (a written run is timed: issue 37).
    const d = run([], recitation({ mode: 'free_recall', written, durationMs: 36_000_000 }));
    expect(refusal(d)).toBe('INVALID_WRITTEN');
  });
  it('counts no time for a written run whose served time cannot be read, so a long one is too fast', () => {
    const written = '學而時習之'.repeat(10);
    const timed = { mode: 'free_recall', written, durationMs: 36_000_000 };
    expect(refusal(run([], recitation({ ...timed, servedAt: 'yesterday' })))).toBe('RECITATION_TOO_FAST');
    expect(refusal(run([], recitation({ ...timed, servedAt: '2026-11-25T16:00:00Z' })))).not.toBe(
      'RECITATION_TOO_FAST',
    );
  });
  it('refuses a written range with nothing to write (punctuation only)', () => {
    expect(refusal(run([], recitation({ mode: 'free_recall', written: '學', start: 5, end: 6 })))).toBe(
      'INVALID_RANGE',
    );
  });
});

describe('the exam year of the review guide', () => {
  const settings = (examYear: number): LearnerCommand => ({
    type: 'ChangeReviewSettings',
    data: { examYear },
  });
  const planEvents = (d: Decision) => (d.ok ? d.events.filter((e) => e.type === 'ExamDateSet') : []);

  it('refuses a year whose exam has passed or is too far ahead', () => {
    expect(refusal(run([], settings(2026)))).toBe('INVALID_EXAM_DATE');
    expect(refusal(run([], settings(2030)))).toBe('INVALID_EXAM_DATE');
  });
  it('records the plan once: the same year again changes nothing, another year plans again', () => {
    const chosen = ok([], settings(2028));
    expect(planEvents(run(chosen, settings(2028)))).toEqual([]);
    expect(planEvents(run(chosen, settings(2027)))).toHaveLength(1);
    // A date of the learner's own replaced by the year's default is a new plan, though the year may match.
    const own = ok(chosen, { type: 'SetExamDate', data: { examDate: '2028-04-20' } });
    expect(planEvents(run(own, settings(2028)))).toHaveLength(1);
  });
});

describe("a teacher's decision on an appeal", () => {
  const question = translation;
  const answered = ok([], submit(PARTIAL));
  const answer = stored(answered);
  const appealed = ok(answered, { type: 'AppealAnswer', data: { answer, note: '潦倒即是窮困' } });
  const accept = (overrides: Record<string, unknown>): LearnerCommand =>
    ({
      type: 'AcceptAppeal',
      data: { answer, question, pointId: 'p1', rendering: '潦倒', teacherId: 'teacher-1', ...overrides },
    }) as LearnerCommand;

  it('refuses a decline whose reason is over the length limit', () => {
    const note = '理'.repeat(1001);
    const d = run(appealed, { type: 'DeclineAppeal', data: { answer, note, teacherId: 'teacher-1' } });
    expect(refusal(d)).toBe('NOTE_TOO_LONG');
  });
  it('refuses an acceptance for another question than the appealed answer’s', () => {
    expect(refusal(run(appealed, accept({ question: { ...question, id: 't2' } })))).toBe('QUESTION_MISMATCH');
  });
  it('refuses an acceptance that names no words of the answer', () => {
    expect(refusal(run(appealed, accept({ rendering: ' ，。 ' })))).toBe('EMPTY_RENDERING');
  });
});
