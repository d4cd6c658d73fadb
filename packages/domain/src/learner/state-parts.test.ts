import { describe, expect, it } from 'vitest';
import { decide, type LearnerCommand } from './decide.ts';
import { foldLearner, initialLearnerState, type LearnerState, NODE_SESSION_LIMIT } from './events.ts';
import {
  CORE_BYTES_BOUND,
  commandPartKeys,
  eventPartKeys,
  lessonPartKey,
  nodePartKey,
  questionPartKey,
  stateCore,
  statePart,
  statePartCount,
  withStateParts,
} from './state-parts.ts';

const TYPES = ['word_interpretation', 'sentence_translation', 'theme_understanding'] as const;

function answer(n: number, right: boolean): LearnerCommand {
  const lessonId = (n % 16) + 1;
  return {
    type: 'SubmitAnswer',
    data: {
      question: {
        id: `q${n}`,
        lessonId,
        type: TYPES[n % TYPES.length]!,
        difficulty: 'beginner',
        correctAnswer: '甲',
        keywords: null,
      },
      selectedAnswer: right ? '甲' : '乙',
      timeSpent: 20,
    },
  };
}

/** A learner who answers `count` distinct questions (every third wrong), a minute apart. */
function historyOf(count: number): LearnerState {
  let state = initialLearnerState;
  let time = Date.parse('2025-01-06T01:00:00Z');
  for (let n = 0; n < count; n++) {
    time += 60_000;
    const decision = decide(answer(n, n % 3 !== 0), state, { now: new Date(time).toISOString() });
    if (!decision.ok) throw new Error(decision.error.code);
    state = foldLearner(decision.events, state);
  }
  return state;
}

describe('the state as a core and parts', () => {
  it('keeps the core under its bound in bytes however many questions were answered', () => {
    const large = historyOf(3000);
    const bytes = (s: LearnerState) => JSON.stringify(stateCore(s)).length;
    // A part for each question, each node session in progress and each lesson (16 lessons, three node types).
    expect(statePartCount(large)).toBe(3000 + 16 * 3 + 16);
    expect(bytes(large)).toBeLessThanOrEqual(CORE_BYTES_BOUND);
    // The whole state grows with the history; its core does not (beyond the node sessions' bound).
    expect(JSON.stringify(large).length).toBeGreaterThan(CORE_BYTES_BOUND);
    const sessions = Object.values(large.lessons).flatMap((l) => Object.values(l.nodeSessions));
    for (const session of sessions)
      expect(Object.keys(session).length).toBeLessThanOrEqual(NODE_SESSION_LIMIT);
    // Nor does it grow beyond what the content bounds: 3,000 answers add to it only the vocabulary
    // tally of the lessons a short history had not yet touched.
    expect(bytes(large)).toBeLessThan(2 * bytes(historyOf(16 * 3)));
    // CPU-bound (thousands of folds): time for a busy machine; no speed is asserted.
  }, 60_000);

  it('keeps a node session in progress as a part of its own, emptied when the node finishes', () => {
    const state = historyOf(40);
    const key = nodePartKey(1, 'word_interpretation');
    const session = statePart(state, key) as Record<string, boolean>;
    expect(Object.keys(session).length).toBeGreaterThan(0);
    expect(stateCore(state).lessons).toEqual({});
    // Put back into the core, the part gives the whole state's session; an empty part removes it.
    const back = withStateParts(stateCore(state), { [key]: session });
    expect(back.lessons['1']?.nodeSessions.word_interpretation).toEqual(session);
    const finished = withStateParts(state, { [key]: {} });
    expect(finished.lessons['1']?.nodeSessions.word_interpretation).toBeUndefined();
    expect(statePart(finished, key)).toEqual({});
  });

  it('keeps the latest verdicts of a long node session', () => {
    const state = historyOf(16 * 3 * (NODE_SESSION_LIMIT + 5));
    const session = state.lessons['1']?.nodeSessions.word_interpretation ?? {};
    const ids = Object.keys(session);
    expect(ids).toHaveLength(NODE_SESSION_LIMIT);
    // Lesson 1's word questions are q0, q48, q96, …: the newest is last, the earliest are gone.
    const last = 16 * 3 * (NODE_SESSION_LIMIT + 4);
    expect(ids.at(-1)).toBe(`:q${last}`);
    expect(session[':q0']).toBeUndefined();
  });

  it("names the parts an answer reads and the parts its events change: the question's", () => {
    const state = historyOf(3);
    const command = answer(1, true);
    expect(commandPartKeys(command)).toEqual([
      questionPartKey('q1'),
      nodePartKey(2, TYPES[1]),
      lessonPartKey(2),
    ]);
    const decision = decide(command, state, { now: '2025-01-06T09:00:00Z' });
    if (!decision.ok) throw new Error('refused');
    const keys = decision.events.flatMap((e) => {
      const named = eventPartKeys(e);
      return named === 'all' ? ['all'] : named;
    });
    expect(new Set(keys)).toEqual(
      new Set([questionPartKey('q1'), nodePartKey(2, TYPES[1]), lessonPartKey(2)]),
    );
    // q1 was answered right before: its part says so, with its card.
    expect(statePart(state, questionPartKey('q1'))).toMatchObject({ l: { '2': { a: 1, c: 1 } } });
    expect(statePart(state, questionPartKey('q0'))).toMatchObject({ e: 'active', l: { '1': { a: 1 } } });
    expect(statePart(state, questionPartKey('nothing'))).toBeUndefined();
  });

  it('names every part for an exam date, which plans every card again', () => {
    const decision = decide({ type: 'SetExamDate', data: { examDate: '2027-04-20' } }, historyOf(2), {
      now: '2026-12-01T09:00:00Z',
    });
    if (!decision.ok) throw new Error('refused');
    expect(decision.events.map((e) => eventPartKeys(e))).toContain('all');
  });
});
