/**
 * `npm run bench:review`: does the exam-day scheduler plan better than plain FSRS?
 *
 * Simulated learners (a seeded random, so every run gives the same figures) learn cards over the 120
 * days before an exam and do every review each scheduler asks for, once a day at 20:00 Hong Kong time
 * (every card due by the end of that day). The ground truth is FSRS's own memory model (ts-fsrs's
 * `next_state` and forgetting curve at its default weights), with cards of varied difficulty that the
 * schedulers do not know: each card's true difficulty and first stability are shifted from what its
 * first rating suggests. An answer is correct with the true probability of recall at that moment (a
 * correct answer rates Good, a wrong one Again, for the truth and for the scheduler alike).
 *
 * Three schedulers side by side, on the same cards and the same random draws:
 * - `exam-day`: this project's scheduler (packages/domain/src/review/scheduler.ts), aimed at the exam;
 * - `plain FSRS`: ts-fsrs alone at the same target retention (no fuzz, long-term steps);
 * - `no review`: each card answered once, when learned.
 *
 * Printed: mean recall on the exam day (the true probability, averaged over cards), the share of cards
 * at or above the target, and reviews per learner per day (over the 120 days, over the last 28, and on
 * the busiest day).
 *
 *   npm run bench:review
 *   BENCH_LEARNERS=200 BENCH_CARDS=400 BENCH_TARGET=0.9 npm run bench:review
 */
import { performance } from 'node:perf_hooks';
import {
  type ExamPlan,
  examStartMs,
  fsrsAt,
  type ReviewCard,
  type ReviewRating,
  reviewCard,
  seededRandom,
  startOfHongKongDayMs,
} from '@wenyan/domain';
import { type Card, createEmptyCard, Rating } from 'ts-fsrs';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 100);
const CARDS = Number(process.env.BENCH_CARDS ?? 300);
const TARGET = Number(process.env.BENCH_TARGET ?? 0.9);
const DAYS = 120;
/** Cards are learned over the first LEARN_DAYS days (the syllabus), evenly. */
const LEARN_DAYS = 80;
const DAY_MS = 24 * 60 * 60 * 1000;
const EXAM_DATE = '2027-04-08';
const EXAM = examStartMs(EXAM_DATE);
const START = EXAM - DAYS * DAY_MS;
/** The daily study session: 20:00 Hong Kong time (12:00 UTC). */
const SESSION_OFFSET_MS = 20 * 60 * 60 * 1000;

const truth = fsrsAt(0.9);

/** The true memory of one card: stability (days), difficulty. */
type Memory = { stability: number; difficulty: number };

/** When a card due at `dueMs` is reviewed: the daily session of its day (or of the day after `afterMs`). */
function sessionFor(dueMs: number, afterMs: number): number {
  let day = startOfHongKongDayMs(Math.max(dueMs, afterMs));
  let at = day + SESSION_OFFSET_MS;
  if (at <= afterMs) {
    day += DAY_MS;
    at = day + SESSION_OFFSET_MS;
  }
  return at;
}

/** A scheduler as the simulation drives it: the first answer, then each review it asks for. */
interface Scheduler {
  name: string;
  /** The card after an answer at `atMs` with `rating`, and when it asks for the next review (ms). */
  answer(state: unknown, rating: ReviewRating, atMs: number): { state: unknown; dueMs: number };
}

const plan: ExamPlan = { examDate: EXAM_DATE, targetRecall: TARGET };

const examDay: Scheduler = {
  name: 'exam-day (this project)',
  answer(state, rating, atMs) {
    const card = reviewCard(
      state as ReviewCard | undefined,
      {
        questionId: 'q',
        lessonId: 1,
        questionType: 'word_interpretation',
        rating,
        at: new Date(atMs).toISOString(),
      },
      plan,
    );
    return { state: card, dueMs: Date.parse(card.due) };
  },
};

const plainFsrs = fsrsAt(TARGET);
const FSRS_RATING = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good } as const;
const plain: Scheduler = {
  name: `plain FSRS at ${TARGET}`,
  answer(state, rating, atMs) {
    const when = new Date(atMs);
    const card = plainFsrs.next(
      (state as Card | undefined) ?? createEmptyCard(when),
      when,
      FSRS_RATING[rating],
    ).card;
    return { state: card, dueMs: card.due.getTime() };
  },
};

const noReview: Scheduler = {
  name: 'no review',
  answer(state) {
    return { state, dueMs: Number.POSITIVE_INFINITY };
  },
};

interface Outcome {
  recallSum: number;
  atTarget: number;
  reviews: number;
  lastWeeksReviews: number;
  cards: number;
  /** Reviews on each day before the exam (index: days from the start), all learners. */
  perDay: number[];
}

/** One card under one scheduler: learned at `learnMs`, reviewed as asked until the exam. */
function simulateCard(
  scheduler: Scheduler,
  learnMs: number,
  shift: number,
  random: () => number,
  out: Outcome,
): void {
  // The first answer: the learner meets the question; it is right half the time, more for easy cards.
  const firstRight = random() < 0.75 - shift * 0.08;
  const firstRating: ReviewRating = firstRight ? 'good' : 'again';
  const init = truth.next_state(null, 0, FSRS_RATING[firstRating]);
  let memory: Memory = {
    difficulty: Math.min(10, Math.max(1, init.difficulty + shift)),
    stability: init.stability * Math.exp(-0.35 * shift),
  };
  let last = learnMs;
  let { state, dueMs } = scheduler.answer(undefined, firstRating, learnMs);
  for (;;) {
    if (dueMs >= EXAM) break;
    const at = sessionFor(dueMs, last);
    if (at >= EXAM) break;
    const elapsed = (at - last) / DAY_MS;
    const p = truth.forgetting_curve(elapsed, memory.stability);
    const right = random() < p;
    const rating: ReviewRating = right ? 'good' : 'again';
    const next = truth.next_state(memory, elapsed, FSRS_RATING[rating]);
    memory = { stability: next.stability, difficulty: next.difficulty };
    last = at;
    out.reviews += 1;
    if (at >= EXAM - 28 * DAY_MS) out.lastWeeksReviews += 1;
    const day = Math.floor((at - START) / DAY_MS);
    out.perDay[day] = (out.perDay[day] ?? 0) + 1;
    ({ state, dueMs } = scheduler.answer(state, rating, at));
  }
  const recall = truth.forgetting_curve((EXAM - last) / DAY_MS, memory.stability);
  out.recallSum += recall;
  if (recall >= TARGET) out.atTarget += 1;
  out.cards += 1;
}

function simulate(scheduler: Scheduler): Outcome & { ms: number } {
  const started = performance.now();
  const out: Outcome = { recallSum: 0, atTarget: 0, reviews: 0, lastWeeksReviews: 0, cards: 0, perDay: [] };
  for (let learner = 0; learner < LEARNERS; learner++) {
    const shapes = seededRandom(1000 + learner);
    for (let c = 0; c < CARDS; c++) {
      // The same card (learning day, hidden difficulty) and the same draws for every scheduler.
      const learnDay = Math.floor((c * LEARN_DAYS) / CARDS);
      const learnMs = START + learnDay * DAY_MS + SESSION_OFFSET_MS;
      const shift = (shapes() - 0.5) * 5;
      simulateCard(scheduler, learnMs, shift, seededRandom(learner * 100_003 + c), out);
    }
  }
  return { ...out, ms: performance.now() - started };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

console.log(
  `\nReview to exam day: ${LEARNERS} learners × ${CARDS} cards learned over ${LEARN_DAYS} days, exam on day ${DAYS} (${EXAM_DATE}), target ${TARGET}`,
);
const rows = [examDay, plain, noReview].map((s) => ({ name: s.name, ...simulate(s) }));
const width = Math.max(...rows.map((r) => r.name.length));
console.log(
  `  ${'scheduler'.padEnd(width)}  recall on exam day  cards ≥ target  reviews/learner/day  last 28 days/day  busiest day`,
);
for (const r of rows) {
  const perDay = Array.from(r.perDay, (n) => n ?? 0);
  const busiest = Math.max(0, ...perDay) / LEARNERS;
  if (process.env.BENCH_DEBUG) console.log(perDay.map((n) => (n / LEARNERS).toFixed(0)).join(' '));
  console.log(
    `  ${r.name.padEnd(width)}  ${pct(r.recallSum / r.cards).padStart(18)}  ${pct(r.atTarget / r.cards).padStart(14)}  ${(r.reviews / LEARNERS / DAYS).toFixed(2).padStart(19)}  ${(r.lastWeeksReviews / LEARNERS / 28).toFixed(2).padStart(16)}  ${busiest.toFixed(1).padStart(11)}`,
  );
}
const [mine, base] = rows as [(typeof rows)[0], (typeof rows)[0]];
const better = mine.recallSum / mine.cards > base.recallSum / base.cards;
const noMore = mine.reviews <= base.reviews;
console.log(
  `\n  goal (higher exam-day recall than plain FSRS for no more reviews): ${better && noMore ? 'met' : 'NOT met'}` +
    ` (recall ${better ? 'higher' : 'not higher'}, reviews ${noMore ? 'no more' : 'more'})`,
);
