/**
 * Issue 36: a rendering accepted on appeal keeps the point's polarity, and reverting one re-marks the
 * answers it had earned a point, by the fair-XP rule of a revert (XP paid stays, none is paid again).
 */
import { describe, expect, it } from 'vitest';
import { foldLearnerView } from '../projections/learner-view.ts';
import { decider, lastAnswer, NEXT_DAY, refusal, submit, translation } from '../test-support/learner.ts';
import {
  type AppealedAnswer,
  appealedAnswerOf,
  type LearnerCommand,
  type QuestionForGrading,
} from './decide.ts';
import { foldLearner, type LearnerEvent } from './events.ts';
import { carriesNegation, needsNegation } from './polarity.ts';

const LATER = '2024-09-05T10:00:00+08:00';

/** 內省不疚 (論語): the negation point is the one 「有愧疚」 reverses. */
const noGuilt: QuestionForGrading = {
  id: 'q-bujiu',
  lessonId: 1,
  type: 'sentence_translation',
  difficulty: 'intermediate',
  targetText: '內省不疚',
  correctAnswer: '自我反省而不感到愧疚',
  marking: {
    points: [
      { id: 'p1', kind: 'word', source: '省', label: '「省」解作反省', accept: ['反省', '檢討'] },
      {
        id: 'p2',
        kind: 'negation',
        source: '不疚',
        label: '保留否定「不疚」：不感到愧疚',
        accept: ['不感到愧疚', '無愧'],
      },
    ],
  },
};

const withLiaodao: QuestionForGrading = {
  ...translation,
  marking: {
    points: (translation.marking?.points ?? []).map((p) =>
      p.id === 'p1' ? { ...p, accept: [...p.accept, '潦倒'] } : p,
    ),
  },
};

const { run, ok } = decider();

/** The latest answer to the question, as the API reads it back (its marks as they stand now). */
function current(events: LearnerEvent[], questionId: string): AppealedAnswer {
  const { answer, version } = lastAnswer(events, questionId);
  const remark = events.findLast(
    (e) =>
      (e.type === 'AnswerRemarked' || e.type === 'AnswerRemarkedOnRevert') &&
      e.data.answerVersion === version,
  );
  const marks =
    remark?.type === 'AnswerRemarked' || remark?.type === 'AnswerRemarkedOnRevert'
      ? remark.data
      : answer.data;
  return {
    ...appealedAnswerOf(answer, version),
    isCorrect: marks.isCorrect,
    pointsEarned: marks.pointsEarned,
    pointsAvailable: marks.pointsAvailable,
  };
}
const appeal = (answer: AppealedAnswer): LearnerCommand => ({
  type: 'AppealAnswer',
  data: { answer, note: null },
});
const acceptIt = (
  answer: AppealedAnswer,
  question: QuestionForGrading,
  pointId: string,
  rendering: string,
): LearnerCommand => ({
  type: 'AcceptAppeal',
  data: { answer, question, pointId, rendering, teacherId: 'teacher-1' },
});
const revert = (answers: AppealedAnswer[], question = translation): LearnerCommand => ({
  type: 'RemarkAfterRevert',
  data: { answers, question, pointId: 'p1', rendering: '潦倒', revertedBy: 'admin-1' },
});

describe('the polarity of an accepted rendering', () => {
  it('knows a negation in any of its forms, rhetorical ones and Simplified ones included', () => {
    for (const text of [
      '不感到愧疚',
      '沒有',
      '没有',
      '無愧',
      '未嘗',
      '並非',
      '莫',
      '勿',
      '毋須',
      '別',
      '否則',
      '難道',
      '豈',
    ])
      expect(carriesNegation(text), text).toBe(true);
    expect(carriesNegation('有愧疚')).toBe(false);
  });

  it('asks a negation of a negation point and of a point whose model rendering carries one', () => {
    expect(needsNegation({ kind: 'negation', accept: ['不能'] })).toBe(true);
    expect(needsNegation({ kind: 'word', accept: ['沒有仁德'] })).toBe(true);
    expect(needsNegation({ kind: 'word', accept: ['反省'] })).toBe(false);
  });

  it('asks no negation of a word point with no model rendering yet', () => {
    expect(needsNegation({ kind: 'word', accept: [] })).toBe(false);
  });

  describe('given an appealed answer that reverses 「不疚」', () => {
    const answered = ok([], submit('自我反省而有愧疚', noGuilt));
    const appealed = ok(answered, appeal(current(answered, 'q-bujiu')));

    it('when the teacher accepts 「有愧疚」 for the negation point, then it is refused and nothing is recorded', () => {
      const decision = run(
        appealed,
        acceptIt(current(answered, 'q-bujiu'), noGuilt, 'p2', '有愧疚'),
        NEXT_DAY,
      );
      expect(refusal(decision)).toBe('RENDERING_DROPS_NEGATION');
      expect(decision.ok ? null : decision.error.message).toContain('否定');
    });
  });

  it('accepts a rendering that keeps the negation (沒有愧疚)', () => {
    const answered = ok([], submit('自我反省而沒有愧疚', noGuilt));
    const appealed = ok(answered, appeal(current(answered, 'q-bujiu')));
    const decision = run(
      appealed,
      acceptIt(current(answered, 'q-bujiu'), noGuilt, 'p2', '沒有愧疚'),
      NEXT_DAY,
    );
    expect(decision.ok && decision.events[0]).toMatchObject({
      type: 'AnswerRemarked',
      data: { pointsEarned: 2, isCorrect: true },
    });
  });

  it('asks nothing of a point without a negation', () => {
    const answered = ok([], submit('自我自省而不感到愧疚', noGuilt));
    const appealed = ok(answered, appeal(current(answered, 'q-bujiu')));
    const decision = run(appealed, acceptIt(current(answered, 'q-bujiu'), noGuilt, 'p1', '自省'), NEXT_DAY);
    expect(decision.ok).toBe(true);
  });
});

describe('re-marking after a revert', () => {
  // 「潦倒」 was accepted for p1 and earned the learner full marks and the question's XP.
  const answered = ok([], submit('君子潦倒時仍堅守節操', translation));
  const appealed = ok(answered, appeal(current(answered, 't1')));
  const accepted = ok(appealed, acceptIt(current(answered, 't1'), translation, 'p1', '潦倒'), NEXT_DAY);

  it('given a re-marked answer, when 「潦倒」 is reverted, then the answer is marked again without it and no XP moves', () => {
    const decision = run(accepted, revert([current(accepted, 't1')]), LATER);
    expect(decision.ok && decision.events).toEqual([
      expect.objectContaining({
        type: 'AnswerRemarkedOnRevert',
        data: expect.objectContaining({
          answerVersion: current(accepted, 't1').version,
          pointId: 'p1',
          rendering: '潦倒',
          revertedBy: 'admin-1',
          previousPointsEarned: 2,
          wasCorrect: true,
          pointsEarned: 1,
          isCorrect: false,
        }),
      }),
    ]);
  });

  it('then the XP paid stays, the question is back in the error book, and a later right answer pays nothing again', () => {
    const reverted = ok(accepted, revert([current(accepted, 't1')]), LATER);
    const state = foldLearner(reverted);
    expect(state.totalXP).toBe(foldLearner(accepted).totalXP);
    expect(state.errorBook.t1).toBe('active');
    const right = run(reverted, submit('君子處於困境時仍堅守節操', translation), LATER);
    const xp = right.ok
      ? right.events.filter((e) => e.type === 'XpAwarded' && e.data.reason === 'correct_answer')
      : [];
    expect(xp).toEqual([]);
  });

  it('then the read models count the answer wrong again and put the question back in the error book', () => {
    const reverted = ok(accepted, revert([current(accepted, 't1')]), LATER);
    const before = foldLearnerView(accepted);
    const after = foldLearnerView(reverted);
    expect(before.lessons['1']?.correctAnswers).toBe(1);
    expect(after.lessons['1']?.correctAnswers).toBe(0);
    expect(before.errorBook.t1?.isActive).toBe(false);
    expect(after.errorBook.t1).toMatchObject({ isActive: true, masteredAt: null });
  });

  it('puts an answer that was right from the start (by the rendering) in the error book', () => {
    const right = ok([], submit('君子潦倒時仍堅守節操', withLiaodao));
    const reverted = ok(right, revert([current(right, 't1')]), LATER);
    expect(foldLearnerView(right).errorBook.t1).toBeUndefined();
    expect(foldLearnerView(reverted).errorBook.t1).toMatchObject({
      isActive: true,
      incorrectAnswer: '君子潦倒時仍堅守節操',
      correctAnswer: translation.correctAnswer,
    });
  });

  it('gives no event for an answer whose marks do not change, and signs no one in', () => {
    const other = ok([], submit('君子處於困境時仍堅守節操', withLiaodao));
    const decision = run(other, revert([current(other, 't1')]), LATER);
    expect(decision.ok && decision.events).toEqual([]);
  });

  it('refuses an answer of another question', () => {
    const other = ok([], submit('自我反省而不感到愧疚', noGuilt));
    expect(refusal(run(other, revert([current(other, 'q-bujiu')])))).toBe('QUESTION_MISMATCH');
  });
});
