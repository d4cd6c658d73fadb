import { describe, expect, expectTypeOf, it } from 'vitest';
import { DomainRuleError } from '../shared/errors.ts';
import { choiceAnswered } from '../test-support/answers.ts';
import { nodeCompleted } from '../test-support/nodes.ts';
import {
  ANSWER_SOURCES,
  evolve,
  foldLearner,
  initialLearnerState,
  LEARNER_EVENT_SCHEMA_VERSION,
  LEARNER_EVENT_SCHEMA_VERSIONS,
  LEARNER_EVENT_TYPES,
  type LearnerEvent,
  type LearnerEventType,
  learnerEvent,
  lessonState,
  VOCABULARY_EXERCISE_TYPES,
} from './events.ts';

const at = '2024-09-02T02:00:00.000Z';
const answered = (questionId: string, isCorrect: boolean, questionsCompleted: number, correctRun: number) =>
  choiceAnswered({
    questionId,
    lessonId: 2,
    selectedAnswer: 'x',
    correctAnswer: 'y',
    isCorrect,
    correctRun,
    questionsCompleted,
    at,
  });

describe('the learner event union', () => {
  it('lists every event type of the union once', () => {
    // A type added to the union but not to the list fails `tsc`; a type listed twice fails here.
    expectTypeOf<(typeof LEARNER_EVENT_TYPES)[number]>().toEqualTypeOf<LearnerEventType>();
    expect(new Set(LEARNER_EVENT_TYPES).size).toBe(LEARNER_EVENT_TYPES.length);
  });

  it('pins the schema versions', () => {
    expect(LEARNER_EVENT_SCHEMA_VERSION).toBe(1);
    expect(LEARNER_EVENT_SCHEMA_VERSIONS).toEqual({ AnswerSubmitted: 2, RecitationFinished: 2 });
    expect(ANSWER_SOURCES).toEqual(['quiz', 'vocabulary', 'error_book', 'past_paper']);
    expect(VOCABULARY_EXERCISE_TYPES).toEqual(['lesson_specific', 'mixed_session', 'quick_practice']);
  });

  it('builds events of the current version', () => {
    expect(learnerEvent('ErrorQuestionMastered', { questionId: 'q', at })).toEqual({
      type: 'ErrorQuestionMastered',
      schemaVersion: 1,
      data: { questionId: 'q', at },
    });
  });
});

describe('evolve', () => {
  it('starts from an empty state', () => {
    expect(initialLearnerState).toEqual({
      totalXP: 0,
      streakDays: 0,
      lastActiveDay: null,
      correctRun: 0,
      lessons: {},
      errorBook: {},
      appeals: {},
      reviews: { plan: null, dailyGoal: 20, guideCompleted: false, today: null, memory: {} },
    });
    expect(lessonState(initialLearnerState, 7)).toEqual({
      answered: {},
      questionsCompleted: 0,
      completed: false,
      nodeTypes: [],
      unitCompleted: false,
      correct: {},
      nodeSessions: {},
      nodeBest: {},
    });
  });

  it('reads a lesson folded by an older release (no correct set, sessions or best scores) as empty there', () => {
    const old = {
      answered: { a: true },
      questionsCompleted: 1,
      completed: false,
      nodeTypes: [],
      unitCompleted: false,
    };
    const state = { ...initialLearnerState, lessons: { '7': old } } as never;
    expect(lessonState(state, 7)).toMatchObject({
      answered: { a: true },
      correct: {},
      nodeSessions: {},
      nodeBest: {},
    });
  });

  it('remembers answered questions, the run and the error book', () => {
    const state = foldLearner([
      answered('a', true, 1, 1),
      answered('b', false, 2, 0),
      answered('a', true, 2, 1),
    ]);
    expect(state.correctRun).toBe(1);
    expect(state.lessons['2']).toMatchObject({ answered: { a: true, b: true }, questionsCompleted: 2 });
    expect(state.errorBook).toEqual({ b: 'active' });
  });

  it('adds XP, the day, the streak', () => {
    const state = foldLearner([
      learnerEvent('XpAwarded', { amount: 5, reason: 'daily_sign_in', lessonId: null, questionId: null, at }),
      learnerEvent('DailySignedIn', { day: '2024-09-02', previousActiveDay: null, at }),
      learnerEvent('StreakReset', { day: '2024-09-02', previousStreakDays: 0, streakDays: 1, at }),
      learnerEvent('StreakExtended', { day: '2024-09-03', streakDays: 2, milestone: null, at }),
    ]);
    expect(state).toMatchObject({ totalXP: 5, lastActiveDay: '2024-09-02', streakDays: 2 });
  });

  it('records nodes once, lessons and units completed, mastery and the school', () => {
    const node = nodeCompleted({ lessonId: 2, nodeType: 'theme_understanding', at });
    const state = foldLearner([
      node,
      node,
      learnerEvent('LessonCompleted', { lessonId: 2, questionsCompleted: 16, totalQuestions: 20, at }),
      learnerEvent('UnitCompleted', { lessonId: 2, unitNumber: 2, nodeTypes: ['theme_understanding'], at }),
      answered('q', false, 1, 0),
      learnerEvent('ErrorQuestionMastered', { questionId: 'q', at }),
      learnerEvent('SchoolChanged', { at }),
    ]);
    expect(state.lessons['2']).toMatchObject({
      nodeTypes: ['theme_understanding'],
      completed: true,
      unitCompleted: true,
    });
    expect(state.errorBook).toEqual({ q: 'mastered' });
  });

  it('ignores what the decider does not need', () => {
    const events: LearnerEvent[] = [
      learnerEvent('ErrorNoteSaved', { questionId: 'q', note: 'n', at }),
      learnerEvent('VocabularyExerciseCompleted', {
        exerciseType: 'lesson_specific',
        exerciseId: '1',
        lessonIds: [1],
        score: 100,
        questionsAnswered: 1,
        correctAnswers: 1,
        timeSpent: 1,
        difficulty: 'intermediate',
        at,
      }),
      learnerEvent('RecitationFinished', {
        mode: 'choice',
        attempts: [],
        extra: [],
        lessonId: 1,
        start: 0,
        end: 4,
        characters: 4,
        mistakes: 0,
        durationMs: 1,
        accuracy: 100,
        grade: 'excellent',
        at,
      }),
    ];
    for (const event of events) expect(evolve(initialLearnerState, event)).toBe(initialLearnerState);
  });

  it('throws a typed error on an event the types do not know', () => {
    const bogus = { type: 'Nope', schemaVersion: 1, data: { at } } as unknown as LearnerEvent;
    expect(() => evolve(initialLearnerState, bogus)).toThrow(DomainRuleError);
  });

  it('folds on top of a given state', () => {
    const start = foldLearner([answered('a', true, 1, 1)]);
    expect(foldLearner([answered('b', true, 2, 2)], start).correctRun).toBe(2);
  });
});
