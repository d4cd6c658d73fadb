import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GradableQuestion, gradeAnswer } from '../grading/grading.ts';
import { foldLearnerView, initialLearnerView, type LearnerView } from '../projections/learner-view.ts';
import { errorBookStatsOf } from '../projections/selectors.ts';
import { hongKongDate } from '../time/hong-kong.ts';
import { XP_AWARDS } from '../xp/awards.ts';
import {
  type DecideContext,
  decide,
  type LearnerCommand,
  type PendingAnswer,
  PRACTICE_NODE_TYPES,
  pendingAnswerOf,
} from './decide.ts';
import {
  type AnswerSubmitted,
  foldLearner,
  initialLearnerState,
  type LearnerEvent,
  type LearnerState,
} from './events.ts';
import {
  commandPartKeys,
  eventPartKeys,
  keepStateParts,
  stateCore,
  statePart,
  statePartKeys,
  withStateParts,
} from './state-parts.ts';
import { upcast } from './upcast.ts';

const QUESTIONS = [
  { id: 'w1', lessonId: 1, type: 'word_interpretation', correctAnswer: '甲', keywords: null },
  { id: 'w2', lessonId: 1, type: 'word_interpretation', correctAnswer: '乙', keywords: null },
  { id: 'w3', lessonId: 1, type: 'theme_understanding', correctAnswer: '丙', keywords: null },
  {
    id: 't1',
    lessonId: 2,
    type: 'sentence_translation',
    correctAnswer: '君子固窮',
    keywords: ['君子', '固窮|窮困'],
  },
  { id: 'w4', lessonId: 2, type: 'word_interpretation', correctAnswer: '丁', keywords: null },
  { id: 's1', lessonId: 3, type: 'short_answer', correctAnswer: '學而時習之，不亦說乎', keywords: null },
  {
    id: 'u1',
    lessonId: 2,
    type: 'sentence_translation',
    correctAnswer: '君子處於困境時仍堅守節操',
    keywords: null,
    targetText: '君子固窮',
    marking: {
      points: [
        { id: 'p1', kind: 'word', source: '窮', label: '「窮」解作困境', accept: ['困境'] },
        { id: 'p2', kind: 'word', source: '固', label: '「固」解作堅守', accept: ['堅守'] },
      ],
    },
  },
] as const;
const QUESTION_IDS = [...QUESTIONS.map((q) => q.id), 'unknown'];

/** Every answer marked by points (u1) is uncertain: it waits for a teacher (待老師批閱). */
function uncertainGrader(question: GradableQuestion, answer: string) {
  const grading = gradeAnswer(question, answer);
  if (!grading.marking) return grading;
  return { ...grading, isCorrect: false, marking: { ...grading.marking, isCorrect: false, uncertain: true } };
}

const CONTEXT: Omit<DecideContext, 'now'> = {
  grade: uncertainGrader,
  lessonQuestionCounts: { 1: 3, 2: 3, 3: 4 },
  lessonNodeTypes: { 1: ['word_interpretation', 'theme_understanding'], 2: ['sentence_translation'] },
};

const submitAnswer = fc
  .record({
    question: fc.constantFrom(...QUESTIONS),
    choice: fc.constantFrom('right', 'wrong', 'empty'),
    timeSpent: fc.nat(300),
    source: fc.constantFrom('quiz', 'vocabulary', 'error_book', undefined),
  })
  .map(
    ({ question, choice, timeSpent, source }): LearnerCommand => ({
      type: 'SubmitAnswer',
      data: {
        question: { ...question, difficulty: 'beginner' },
        selectedAnswer: choice === 'right' ? question.correctAnswer : choice === 'wrong' ? '錯' : ' ',
        timeSpent,
        ...(source ? { source } : {}),
      },
    }),
  );

const counts = fc
  .record({
    answered: fc.integer({ min: 0, max: 10 }),
    correct: fc.nat(10),
    honest: fc.boolean(),
    claimed: fc.nat(100),
  })
  .map(({ answered, correct, honest, claimed }) => {
    const correctAnswers = Math.min(correct, answered);
    const score = honest && answered > 0 ? Math.round((correctAnswers / answered) * 100) : claimed;
    return { questionsAnswered: answered, correctAnswers, score, timeSpent: 60 };
  });

const completeNode = fc
  .record({
    lessonId: fc.integer({ min: 1, max: 3 }),
    nodeType: fc.constantFrom(...PRACTICE_NODE_TYPES, 'essay'),
    counts,
  })
  .map(
    ({ lessonId, nodeType, counts }): LearnerCommand => ({
      type: 'CompleteNode',
      data: { lessonId, nodeType, ...counts },
    }),
  );

const completeVocabulary = fc
  .record({
    exerciseType: fc.constantFrom('lesson_specific', 'mixed_session', 'quick_practice'),
    exerciseId: fc.constantFrom('1', '2', ' '),
    counts,
  })
  .map(
    ({ exerciseType, exerciseId, counts }): LearnerCommand => ({
      type: 'CompleteVocabularyExercise',
      data: { exerciseType, exerciseId, lessonIds: null, ...counts },
    }),
  );

/** Stands for the latest answer (pending if any) until `play` knows the stream: see `resolved`. */
const LATEST_ANSWER: PendingAnswer = {
  version: 0,
  questionId: '',
  lessonId: 0,
  questionType: '',
  difficulty: '',
  selectedAnswer: '',
  correctAnswer: '',
  answeredAt: '2024-01-01T00:00:00.000Z',
  pendingReview: false,
  pointsEarned: 0,
  pointsAvailable: 1,
  points: [],
};

const markPending = fc.constantFrom<string[]>(['p1', 'p2'], ['p2'], []).map(
  (earnedPointIds): LearnerCommand => ({
    type: 'MarkPendingAnswer',
    data: { answer: LATEST_ANSWER, earnedPointIds, teacherId: 'teacher-1' },
  }),
);

/** A teacher's marks name the latest pending answer of the stream so far (else its latest answer). */
function resolved(command: LearnerCommand, events: readonly LearnerEvent[]): LearnerCommand {
  if (command.type !== 'MarkPendingAnswer' || command.data.answer !== LATEST_ANSWER) return command;
  const isAnswer = (e: LearnerEvent) => e.type === 'AnswerSubmitted';
  const pending = events.findLastIndex((e) => e.type === 'AnswerSubmitted' && e.data.pendingReview === true);
  const index = pending >= 0 ? pending : events.findLastIndex(isAnswer);
  if (index < 0) return command;
  const answer = pendingAnswerOf(events[index] as AnswerSubmitted, index + 1);
  return { ...command, data: { ...command.data, answer } };
}

const command: fc.Arbitrary<LearnerCommand> = fc.oneof(
  { arbitrary: markPending, weight: 2 },
  { arbitrary: submitAnswer, weight: 6 },
  { arbitrary: completeNode, weight: 2 },
  { arbitrary: completeVocabulary, weight: 1 },
  {
    arbitrary: fc
      .record({ questionId: fc.constantFrom(...QUESTION_IDS), note: fc.constantFrom('', ' 筆記 ', '之：的') })
      .map((data): LearnerCommand => ({ type: 'SaveErrorNote', data })),
    weight: 1,
  },
  {
    arbitrary: fc
      .constantFrom(...QUESTION_IDS)
      .map((questionId): LearnerCommand => ({ type: 'MasterErrorQuestion', data: { questionId } })),
    weight: 2,
  },
  {
    arbitrary: fc.constantFrom('皇仁書院', ' 英華書院 ', '').map(
      (schoolName): LearnerCommand => ({
        type: 'ChangeSchoolName',
        data: { schoolName, currentSchoolName: null },
      }),
    ),
    weight: 1,
  },
  {
    arbitrary: fc
      .record({
        lessonId: fc.integer({ min: 1, max: 16 }),
        start: fc.nat(10),
        length: fc.integer({ min: 0, max: 30 }),
        mistakes: fc.nat(5),
      })
      .map(
        ({ lessonId, start, length, mistakes }): LearnerCommand => ({
          type: 'FinishRecitation',
          data: { lessonId, start, end: start + length, mistakes, durationMs: 1000 * length },
        }),
      ),
    weight: 1,
  },
  { arbitrary: fc.constant<LearnerCommand>({ type: 'SignIn', data: {} }), weight: 1 },
);

/** Minutes to wait before a command: often none, sometimes hours, sometimes a day or several. */
const pause = fc.oneof(
  fc.constant(0),
  fc.nat(180),
  fc.integer({ min: 1200, max: 1700 }),
  fc.integer({ min: 2900, max: 6000 }),
);
const steps = fc.array(fc.record({ command, pause }), { maxLength: 60 });

type Step = { readonly command: LearnerCommand; readonly now: string };
type Run = {
  readonly steps: Step[];
  readonly events: LearnerEvent[];
  readonly states: LearnerState[];
  readonly eventCounts: number[];
};

/** Decides every command in turn, keeping each accepted command's events and the state after it. */
function play(input: ReadonlyArray<{ command: LearnerCommand; pause: number }>): Run {
  let time = Date.parse('2024-01-01T00:00:00Z');
  let state = initialLearnerState;
  const events: LearnerEvent[] = [];
  const states: LearnerState[] = [];
  const eventCounts: number[] = [];
  const played: Step[] = [];
  for (const { command: given, pause } of input) {
    time += pause * 60_000;
    const now = new Date(time).toISOString();
    const command = resolved(given, events);
    const decision = decide(command, state, { now, ...CONTEXT });
    if (!decision.ok) continue;
    events.push(...decision.events);
    state = foldLearner(decision.events, state);
    played.push({ command, now });
    states.push(state);
    eventCounts.push(events.length);
  }
  return { steps: played, events, states, eventCounts };
}

const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const xpSum = (events: readonly LearnerEvent[]) =>
  events.reduce((sum, e) => sum + (e.type === 'XpAwarded' ? e.data.amount : 0), 0);

describe('learner properties', () => {
  it('folding from scratch equals folding in any split, through JSON snapshots', () => {
    fc.assert(
      fc.property(steps, fc.array(fc.nat(), { maxLength: 4 }), (input, rawCuts) => {
        const { events } = play(input);
        const cuts = [...new Set(rawCuts.map((c) => c % (events.length + 1)))].sort((a, b) => a - b);
        const bounds = [0, ...cuts, events.length];
        let state: LearnerState = initialLearnerState;
        let view: LearnerView = initialLearnerView;
        for (let i = 0; i + 1 < bounds.length; i++) {
          const part = events.slice(bounds[i], bounds[i + 1]);
          state = roundTrip(foldLearner(part, state));
          view = roundTrip(foldLearnerView(part, view));
        }
        expect(state).toEqual(foldLearner(events));
        expect(view).toEqual(foldLearnerView(events));
      }),
    );
  });

  it('totalXP equals the sum of XP awarded, and every award follows the table', () => {
    fc.assert(
      fc.property(steps, (input) => {
        const { events } = play(input);
        expect(foldLearner(events).totalXP).toBe(xpSum(events));
        expect(foldLearnerView(events).totalXP).toBe(xpSum(events));
        for (const e of events)
          if (e.type === 'XpAwarded') expect(e.data.amount).toBe(XP_AWARDS[e.data.reason]);
      }),
    );
  });

  it('replaying a decided history reproduces every state, and deciding again gives the same events', () => {
    fc.assert(
      fc.property(steps, (input) => {
        const run = play(input);
        let before = 0;
        run.steps.forEach((step, i) => {
          const replayed = foldLearner(run.events.slice(0, before));
          const decision = decide(step.command, replayed, { now: step.now, ...CONTEXT });
          expect(decision).toEqual({ ok: true, events: run.events.slice(before, run.eventCounts[i]) });
          expect(foldLearner(run.events.slice(0, run.eventCounts[i]))).toEqual(run.states[i]);
          before = run.eventCounts[i] ?? before;
        });
      }),
    );
  });

  it('keeps the decider and the view in agreement, and the once-only events once', () => {
    fc.assert(
      fc.property(steps, (input) => {
        const { events } = play(input);
        const state = foldLearner(events);
        const view = foldLearnerView(events);
        expect(view.streakDays).toBe(state.streakDays);
        expect(view.lastActiveDay).toBe(state.lastActiveDay);
        expect(
          Object.fromEntries(
            Object.entries(view.errorBook).map(([id, r]) => [id, r.isActive ? 'active' : 'mastered']),
          ),
        ).toEqual(state.errorBook);
        for (const [id, lesson] of Object.entries(state.lessons)) {
          if (view.lessons[id]) expect(view.lessons[id]?.questionsCompleted).toBe(lesson.questionsCompleted);
          expect(view.completedActivities[id] ?? []).toEqual(lesson.nodeTypes);
        }
        const stats = errorBookStatsOf(view);
        expect(stats.activeCount + stats.masteredCount).toBe(stats.totalErrors);
        const once = (type: 'LessonCompleted' | 'UnitCompleted') =>
          events.filter((e) => e.type === type).map((e) => (e.data as { lessonId: number }).lessonId);
        expect(new Set(once('LessonCompleted')).size).toBe(once('LessonCompleted').length);
        expect(new Set(once('UnitCompleted')).size).toBe(once('UnitCompleted').length);
        expect(view.completedLessonCount).toBe(once('LessonCompleted').length);
        const days = events.filter((e) => e.type === 'DailySignedIn').map((e) => hongKongDate(e.data.at));
        expect(new Set(days).size).toBe(days.length);
      }),
    );
  });

  it("reaches pending answers (待老師批閱) and teachers' marks of them, so the properties cover them", () => {
    const types = fc
      .sample(steps, { numRuns: 100, seed: 36 })
      .flatMap((input) =>
        play(input).events.flatMap((e) =>
          e.type === 'AnswerTeacherMarked' || (e.type === 'AnswerSubmitted' && e.data.pendingReview)
            ? [e.type]
            : [],
        ),
      );
    expect(types).toContain('AnswerSubmitted');
    expect(types).toContain('AnswerTeacherMarked');
  });

  it('stores a state as its core and parts, and reads it back whole through JSON', () => {
    fc.assert(
      fc.property(steps, (input) => {
        const state = foldLearner(play(input).events);
        const parts = Object.fromEntries(statePartKeys(state).map((k) => [k, statePart(state, k)]));
        const back = withStateParts(roundTrip(stateCore(state)), roundTrip(parts));
        for (const key of statePartKeys(state)) expect(statePart(back, key)).toEqual(statePart(state, key));
        expect(statePartKeys(back).sort()).toEqual(statePartKeys(state).sort());
        expect(stateCore(back)).toEqual(stateCore(state));
      }),
    );
  });

  it("decides and folds on the core and the command's parts exactly as on the whole state", () => {
    fc.assert(
      fc.property(steps, (input) => {
        const run = play(input);
        let before = 0;
        run.steps.forEach((step, i) => {
          const whole = foldLearner(run.events.slice(0, before));
          const sparse = keepStateParts(roundTrip(whole), commandPartKeys(step.command));
          const decision = decide(step.command, sparse, { now: step.now, ...CONTEXT });
          const expected = run.events.slice(before, run.eventCounts[i]);
          before = run.eventCounts[i] ?? before;
          if (!decision.ok) throw new Error(`refused on its parts: ${decision.error.code}`);
          // An event that may change every part makes the store read them all and decide again.
          if (decision.events.some((e) => eventPartKeys(e) === 'all')) return;
          expect(decision.events).toEqual(expected);
          const touched = new Set(decision.events.flatMap((e) => eventPartKeys(e) as string[]));
          for (const key of touched) expect(commandPartKeys(step.command)).toContain(key);
          const after = foldLearner(expected, sparse);
          const wholeAfter = foldLearner(expected, whole);
          expect(stateCore(after)).toEqual(stateCore(wholeAfter));
          for (const key of touched) expect(statePart(after, key)).toEqual(statePart(wholeAfter, key));
        });
      }),
    );
  });

  it('reads back every stored event unchanged', () => {
    fc.assert(
      fc.property(steps, (input) => {
        const { events } = play(input);
        expect(events.map((e) => upcast(roundTrip(e)))).toEqual(events);
      }),
    );
  });
});
