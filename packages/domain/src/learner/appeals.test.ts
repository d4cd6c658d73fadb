import { describe, expect, it } from 'vitest';
import { decider, NEXT_DAY, PARTIAL, refusal, stored, submit, translation } from '../test-support/learner.ts';
import type { AppealedAnswer, LearnerCommand } from './decide.ts';
import { appealStatus, foldLearner } from './events.ts';

const { run, ok } = decider();

const appeal = (answer: AppealedAnswer, note: string | null = '潦倒即是窮困'): LearnerCommand => ({
  type: 'AppealAnswer',
  data: { answer, note },
});
const acceptIt = (answer: AppealedAnswer, pointId = 'p1', rendering = '潦倒'): LearnerCommand => ({
  type: 'AcceptAppeal',
  data: { answer, question: translation, pointId, rendering, teacherId: 'teacher-1' },
});
const declineIt = (answer: AppealedAnswer, note = '「潦倒」偏指失意，未能表達處境困窮'): LearnerCommand => ({
  type: 'DeclineAppeal',
  data: { answer, note, teacherId: 'teacher-1' },
});

describe('appealing an answer', () => {
  const answered = ok([], submit(PARTIAL));

  it('given a partial translation, when the learner appeals it, then AnswerAppealed records the answer and the note', () => {
    const decision = run(answered, appeal(stored(answered)));
    expect(decision.ok && decision.events).toEqual([
      {
        type: 'AnswerAppealed',
        schemaVersion: 1,
        data: {
          answerVersion: stored(answered).version,
          questionId: 't1',
          lessonId: 1,
          questionType: 'sentence_translation',
          selectedAnswer: PARTIAL,
          pointsEarned: 1,
          pointsAvailable: 2,
          note: '潦倒即是窮困',
          at: '2024-09-02T02:00:00.000Z',
        },
      },
    ]);
  });

  it('then the appeal is pending in the state', () => {
    const appealed = ok(answered, appeal(stored(answered)));
    expect(appealStatus(foldLearner(appealed), stored(answered).version)).toBe('pending');
  });

  it('keeps no note when none is given (an empty note is none)', () => {
    const decision = run(answered, appeal(stored(answered), '   '));
    expect(decision.ok && decision.events[0]?.data).toMatchObject({ note: null });
  });

  it('refuses a second appeal of the same answer', () => {
    const appealed = ok(answered, appeal(stored(answered)));
    expect(refusal(run(appealed, appeal(stored(answered))))).toBe('ALREADY_APPEALED');
  });

  it('refuses an appeal of an answer with full marks', () => {
    const right = ok([], submit('君子處於困境時仍堅守節操'));
    expect(refusal(run(right, appeal(stored(right))))).toBe('NOT_APPEALABLE');
  });

  it('refuses an appeal of an answer not marked by scoring points (a choice)', () => {
    const choice = ok(
      [],
      submit('憤怒', {
        ...translation,
        id: 'c1',
        type: 'word_interpretation',
        correctAnswer: '喜悅',
        marking: null,
      }),
    );
    expect(refusal(run(choice, appeal(stored(choice, 'c1'))))).toBe('NOT_APPEALABLE');
  });

  it('refuses a note longer than 300 characters', () => {
    expect(refusal(run(answered, appeal(stored(answered), '理'.repeat(301))))).toBe('NOTE_TOO_LONG');
  });
});

describe('accepting an appeal', () => {
  const answered = ok([], submit(PARTIAL));
  const appealed = ok(answered, appeal(stored(answered)));

  it('given a pending appeal, when the teacher accepts 「潦倒」 for p1, then the answer is re-marked with full marks and earns the question XP', () => {
    const decision = run(appealed, acceptIt(stored(answered)), NEXT_DAY);
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    const [remark, ...rest] = decision.events;
    expect(remark).toMatchObject({
      type: 'AnswerRemarked',
      data: {
        answerVersion: stored(answered).version,
        pointId: 'p1',
        rendering: '潦倒',
        teacherId: 'teacher-1',
        previousPointsEarned: 1,
        pointsEarned: 2,
        pointsAvailable: 2,
        isCorrect: true,
        earnedXp: true,
      },
    });
    expect(
      remark?.type === 'AnswerRemarked' && remark.data.points.map((p) => [p.id, p.earned, p.matched]),
    ).toEqual([
      ['p1', true, '潦倒'],
      ['p2', true, '堅守'],
    ]);
    // Only the question's XP: a teacher's action signs nobody in and pays no run bonus.
    expect(rest.map((e) => [e.type, e.type === 'XpAwarded' ? e.data.reason : null])).toEqual([
      ['XpAwarded', 'correct_answer'],
    ]);
  });

  it('then the appeal is accepted, the question counts as answered correctly and leaves the error book', () => {
    const after = foldLearner(ok(appealed, acceptIt(stored(answered)), NEXT_DAY));
    expect(appealStatus(after, stored(answered).version)).toBe('accepted');
    expect(after.lessons['1']?.correct.t1).toBe(true);
    expect(after.errorBook.t1).toBe('mastered');
    expect(after.totalXP).toBe(foldLearner(appealed).totalXP + 10);
  });

  it('pays no XP when the learner had already answered the question correctly since', () => {
    const laterRight = ok(appealed, submit('君子處於困境時仍堅守節操'));
    const decision = run(laterRight, acceptIt(stored(answered)), NEXT_DAY);
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['AnswerRemarked']);
    expect(decision.ok && decision.events[0]?.data).toMatchObject({ isCorrect: true, earnedXp: false });
  });

  it('re-marks without XP when the rendering completes only one of two missing points', () => {
    const poor = ok([], submit('君子潦倒時仍然快樂'));
    const poorAppealed = ok(poor, appeal(stored(poor)));
    const decision = run(poorAppealed, acceptIt(stored(poor)), NEXT_DAY);
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['AnswerRemarked']);
    expect(decision.ok && decision.events[0]?.data).toMatchObject({
      previousPointsEarned: 0,
      pointsEarned: 1,
      isCorrect: false,
      earnedXp: false,
    });
  });

  it('refuses a rendering that is not in the answer', () => {
    expect(refusal(run(appealed, acceptIt(stored(answered), 'p1', '困頓')))).toBe('RENDERING_NOT_IN_ANSWER');
  });

  it('refuses a rendering that is words of the source', () => {
    const copied = ok([], submit('君子窮時仍堅守'));
    const copiedAppealed = ok(copied, appeal(stored(copied)));
    expect(refusal(run(copiedAppealed, acceptIt(stored(copied), 'p1', '窮')))).toBe(
      'RENDERING_COPIES_SOURCE',
    );
  });

  it('refuses a point the scheme does not have', () => {
    expect(refusal(run(appealed, acceptIt(stored(answered), 'p9')))).toBe('UNKNOWN_POINT');
  });

  it('refuses an answer that was never appealed, and an appeal already resolved', () => {
    expect(refusal(run(answered, acceptIt(stored(answered))))).toBe('NO_APPEAL');
    const accepted = ok(appealed, acceptIt(stored(answered)));
    expect(refusal(run(accepted, acceptIt(stored(answered))))).toBe('APPEAL_RESOLVED');
    expect(refusal(run(accepted, declineIt(stored(answered))))).toBe('APPEAL_RESOLVED');
  });
});

describe('declining an appeal', () => {
  const answered = ok([], submit(PARTIAL));
  const appealed = ok(answered, appeal(stored(answered)));

  it('given a pending appeal, when the teacher declines it with a note, then AppealDeclined carries the note and nothing else changes', () => {
    const decision = run(appealed, declineIt(stored(answered)), NEXT_DAY);
    expect(decision.ok && decision.events).toEqual([
      {
        type: 'AppealDeclined',
        schemaVersion: 1,
        data: {
          answerVersion: stored(answered).version,
          questionId: 't1',
          lessonId: 1,
          note: '「潦倒」偏指失意，未能表達處境困窮',
          teacherId: 'teacher-1',
          at: '2024-09-03T02:00:00.000Z',
        },
      },
    ]);
    const after = foldLearner(ok(appealed, declineIt(stored(answered)), NEXT_DAY));
    expect(appealStatus(after, stored(answered).version)).toBe('declined');
    expect(after.errorBook.t1).toBe('active');
    expect(after.totalXP).toBe(foldLearner(appealed).totalXP);
  });

  it('refuses a decline without a note', () => {
    expect(refusal(run(appealed, declineIt(stored(answered), '  ')))).toBe('EMPTY_NOTE');
  });
});
