/** XP at a human pace through the decider (issue 37): served questions, minimum times, the rate. */
import { describe, expect, it } from 'vitest';
import { PACE } from '../pace/pace.ts';
import { decide, type LearnerCommand, type QuestionForGrading } from './decide.ts';
import { foldLearner, type LearnerEvent } from './events.ts';

// Monday 2 September 2024, 10:00 in Hong Kong.
const NOW = '2024-09-02T02:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(NOW) + seconds * 1000).toISOString();

const question = (id: string, lessonId = 1): QuestionForGrading => ({
  id,
  lessonId,
  type: 'word_interpretation',
  difficulty: 'beginner',
  correctAnswer: '喜悅',
});
const answer = (id: string, selected: string, servedAt: string | null, lessonId = 1): LearnerCommand => ({
  type: 'SubmitAnswer',
  data: { question: question(id, lessonId), selectedAnswer: selected, timeSpent: 5, servedAt },
});

/** Decides each command at its time on the state the previous ones left. */
function run(steps: readonly { command: LearnerCommand; now: string }[], context = {}): LearnerEvent[] {
  const events: LearnerEvent[] = [];
  for (const { command, now } of steps) {
    const decision = decide(command, foldLearner(events), { now, ...context });
    if (!decision.ok) throw new Error(decision.error.code);
    events.push(...decision.events);
  }
  return events;
}

const answers = (events: LearnerEvent[]) => events.flatMap((e) => (e.type === 'AnswerSubmitted' ? [e] : []));
const answerXp = (events: LearnerEvent[]) =>
  events
    .filter((e) => e.type === 'XpAwarded' && e.data.questionId !== null)
    .reduce((sum, e) => sum + (e.type === 'XpAwarded' ? e.data.amount : 0), 0);

describe('an answer to a question the server did not serve', () => {
  it('is recorded, correct, and pays nothing: xpWithheld not_served', () => {
    const events = run([{ command: answer('q1', '喜悅', null), now: NOW }]);
    const [submitted] = answers(events);
    expect(submitted?.data).toMatchObject({ isCorrect: true, earnedXp: false, xpWithheld: 'not_served' });
    expect(answerXp(events)).toBe(0);
    // The question still counts for progress.
    expect(submitted?.data.questionsCompleted).toBe(1);
  });
});

describe('an answer sooner after serving than a reader answers', () => {
  it('pays nothing: too_fast', () => {
    const events = run([{ command: answer('q1', '喜悅', at(-1)), now: NOW }]);
    expect(answers(events)[0]?.data.xpWithheld).toBe('too_fast');
    expect(answerXp(events)).toBe(0);
  });

  it('and a later right answer of the same question, at a human pace, still pays', () => {
    const events = run([
      { command: answer('q1', '喜悅', at(-1)), now: NOW },
      { command: answer('q1', '喜悅', at(0)), now: at(4) },
    ]);
    expect(answers(events).map((a) => a.data.earnedXp)).toEqual([false, true]);
  });
});

describe('answers served in time', () => {
  it('pay at the fast student’s pace, and carry the bucket in the state', () => {
    const steps = Array.from({ length: 20 }, (_, i) => ({
      command: answer(`q${i}`, '喜悅', at(0)),
      now: at(PACE.choiceSeconds * (i + 1)),
    }));
    const events = run(steps);
    expect(answers(events).every((a) => a.data.earnedXp && a.data.xpWithheld === undefined)).toBe(true);
    expect(foldLearner(events).pace?.atMs).toBe(Date.parse(at(60)));
  });

  it('beyond the rate are recorded without XP: a replay of 60 harvested keys pays only the bucket', () => {
    // 60 questions served ten minutes ago, every key known, answered in one go.
    const steps = Array.from({ length: 60 }, (_, i) => ({
      command: answer(`q${i}`, '喜悅', at(-600), 1 + (i % 6)),
      now: NOW,
    }));
    const events = run(steps);
    const paid = answers(events).filter((a) => a.data.earnedXp);
    expect(paid).toHaveLength(PACE.bucketSeconds / PACE.choiceSeconds);
    expect(answers(events).filter((a) => a.data.xpWithheld === 'pace')).toHaveLength(60 - paid.length);
    // Ten XP each, the run bonus from the third: no more than a fast student earns in the same time.
    expect(answerXp(events)).toBe(2 * 10 + 3 * 25);
  });

  it('do not pay by claiming they were given offline at a steady pace since before they were served', () => {
    // Served now, claimed as given over the last three minutes (a forged answeredAt): all measured from the serving.
    const steps = Array.from({ length: 60 }, (_, i) => ({
      command: {
        type: 'SubmitAnswer',
        data: {
          question: question(`q${i}`),
          selectedAnswer: '喜悅',
          timeSpent: 5,
          servedAt: at(0),
          answeredAt: at(-180 + 3 * i),
        },
      } as LearnerCommand,
      now: at(1),
    }));
    const events = run(steps);
    expect(answers(events).filter((a) => a.data.earnedXp)).toHaveLength(0);
  });

  it('neither add to the correct run nor break it when withheld', () => {
    const events = run([
      { command: answer('q1', '喜悅', at(-10)), now: NOW },
      { command: answer('q2', '喜悅', null), now: at(1) },
      { command: answer('q3', '喜悅', at(-10)), now: at(2) },
    ]);
    expect(answers(events).map((a) => a.data.correctRun)).toEqual([1, 1, 2]);
  });

  it('complete a lesson for progress, but the lesson’s XP waits for an answer within the pace', () => {
    const context = { lessonQuestionCounts: { 1: 2 } };
    const events = run(
      [
        { command: answer('q1', '喜悅', null), now: NOW },
        { command: answer('q2', '喜悅', null), now: at(1) },
      ],
      context,
    );
    expect(events.some((e) => e.type === 'LessonCompleted')).toBe(true);
    expect(events.some((e) => e.type === 'XpAwarded' && e.data.reason === 'lesson_completed')).toBe(false);
  });
});

describe('a right answer just after a wrong one (the key was shown)', () => {
  it('pays nothing until the question’s review is due: relearn, and the bucket is not drawn', () => {
    const events = run([
      { command: answer('q1', '錯', at(-10)), now: NOW },
      { command: answer('q1', '喜悅', at(-10)), now: at(5) },
    ]);
    const [, right] = answers(events);
    expect(right?.data).toMatchObject({ isCorrect: true, earnedXp: false, xpWithheld: 'relearn' });
    expect(foldLearner(events).pace).toBeUndefined();
  });

  it('pays the next day, when its review is due', () => {
    const events = run([
      { command: answer('q1', '錯', at(-10)), now: NOW },
      { command: answer('q1', '喜悅', at(86_400 - 10)), now: at(86_400) },
    ]);
    expect(answers(events)[1]?.data.earnedXp).toBe(true);
  });
});

describe('a question answered back right at once after its key was shown', () => {
  it('counts as answered right: when its review comes, only the review pays', () => {
    const events = run([
      { command: answer('q1', '錯', at(-10)), now: NOW },
      { command: answer('q1', '喜悅', at(-10)), now: at(5) },
    ]);
    expect(foldLearner(events).lessons['1']?.correct.q1).toBe(true);
  });
});

describe('a unit completed by an answer beyond the rate', () => {
  it('is completed for progress, without the unit’s bonus', () => {
    // One node of eight questions makes the unit; eight served keys answered in one go.
    const context = {
      lessonNodeTypes: { 1: ['word_interpretation'] },
      nodeQuestionCounts: { 1: { word_interpretation: 8 } },
    };
    const steps = Array.from({ length: 8 }, (_, i) => ({
      command: answer(`q${i}`, '喜悅', at(-600)),
      now: NOW,
    }));
    const events = run(steps, context);
    expect(answers(events).at(-1)?.data.xpWithheld).toBe('pace');
    expect(events.some((e) => e.type === 'UnitCompleted')).toBe(true);
    expect(events.some((e) => e.type === 'XpAwarded' && e.data.reason === 'unit_completed')).toBe(false);
  });
});
