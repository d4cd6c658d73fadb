/** The benches' answer: one learner answering one choice question through the public API. */
import { performance } from 'node:perf_hooks';
import { choiceAnswered } from '@wenyan/domain/test-support';
import { v7 } from 'uuid';

/** A choice question as the benches read it from the database (its key, to answer rightly). */
export interface BenchQuestion {
  id: string;
  correct_answer: string;
}

/** A signed-in learner: its id and its `wyt_session=<token>` cookie. */
export interface BenchLearner {
  id: string;
  cookie: string;
}

/**
 * One answer through the public API (the key unless `selected` says otherwise); resolves to its
 * latency in ms (or -status on failure).
 */
export async function submitAnswer(
  url: string,
  learner: BenchLearner,
  q: BenchQuestion,
  /** The answer's number in the run (kept for the callers; the key is a UUIDv7 now). */
  _n: number,
  selected: string = q.correct_answer,
): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/users/answers`, {
    method: 'POST',
    headers: {
      cookie: learner.cookie,
      'content-type': 'application/json',
      // A UUIDv7, as the web client sends (a key index takes it at its right end).
      'idempotency-key': v7(),
    },
    body: JSON.stringify({
      userId: learner.id,
      questionId: q.id,
      selectedAnswer: selected,
      timeSpent: 9,
    }),
  });
  await res.arrayBuffer();
  return res.status === 200 ? performance.now() - started : -res.status;
}

/**
 * A choice answer's events for a bench's generated log (no XP): right with '對', or wrong with an answer
 * naming the question, at `atMs`.
 */
export function choiceEvents(questionId: string, lessonId: number, isCorrect: boolean, atMs: number) {
  return choiceAnswered({
    questionId,
    lessonId,
    isCorrect,
    selectedAnswer: isCorrect ? '對' : `錯的答案 ${questionId}`,
    earnedXp: false,
    at: new Date(atMs).toISOString(),
  });
}
