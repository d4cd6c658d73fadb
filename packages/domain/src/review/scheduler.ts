/**
 * Review cards and the scheduler that aims them at the exam day (issue 21).
 *
 * Every question a learner has answered is a card. Its memory (FSRS stability and difficulty) moves with
 * each answer through the maintained `ts-fsrs` library (no fuzz, no short-term steps: a deterministic,
 * day-granular scheduler); *when* it comes back is this module's exam-aware rule (`dueAfter`), see
 * CONTEXT.md "The exam-day scheduler". Pure: the time is the answer's, never a clock.
 *
 * Ratings: a wrong answer (or a copy, or no point earned) is Again; a partly marked free-text answer
 * (n of m scoring points, 0 < n < m) is Hard; a correct answer is Good. Easy is never given: an answer
 * says whether the learner knew, not how easily.
 */
import {
  computeDecayFactor,
  dateDiffInDays,
  type FSRS,
  type Card as FsrsCard,
  fsrs,
  generatorParameters,
  Rating,
  roundTo,
  State,
  StrategyMode,
} from 'ts-fsrs';
import { endOfHongKongDayMs, examStartMs, startOfHongKongDayMs } from './exam-date.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The target recall on the exam day when the learner has not chosen one. */
export const DEFAULT_TARGET_RECALL = 0.9;

/**
 * The retention the scheduler lets a card fall to while the exam is far: lower than the target, so
 * each review comes later and raises stability more (FSRS's spacing effect), which pays for the extra
 * reviews of the last weeks. Tuned with `npm run bench:review` (docs/performance.md).
 */
export const EARLY_RETENTION = 0.8;

/** The last weeks before the exam, in which each card that needs it gets its final review. */
export const FINAL_WINDOW_DAYS = 28;

/**
 * How far above the target the final review aims, as a share of the gap to 1: 0.8 with a target of
 * 0.9 aims at 0.98, so the final review falls in the last days and a card is not left on the line.
 * Higher (0.9) scored a little better in the simulation but piled more reviews on the exam's eve.
 */
export const FINAL_AIM_SHARE = 0.8;

/** How an answer rates the learner's memory of a question. */
export type ReviewRating = 'again' | 'hard' | 'good';

/** The FSRS state of a card. */
export type ReviewCardState = 'new' | 'learning' | 'review' | 'relearning';

/** The learner's plan: the exam day the schedule aims at and the recall wanted on it. */
export type ExamPlan = { readonly examDate: string; readonly targetRecall: number };

/** One review card: JSON, stored in the decider's state and the learner's view (records by question id). */
export type ReviewCard = {
  readonly questionId: string;
  readonly lessonId: number;
  readonly questionType: string;
  readonly state: ReviewCardState;
  /** FSRS stability, days (recall falls to 90 % after this long). */
  readonly stability: number;
  /** FSRS difficulty, 1 to 10. */
  readonly difficulty: number;
  /** Answers that moved the card (FSRS reviews), and how many of them were correct. */
  readonly reps: number;
  readonly correct: number;
  readonly lapses: number;
  readonly lastRating: ReviewRating;
  /** ISO time of the answer that last moved the card. */
  readonly lastReview: string;
  /** ISO time of the review the scheduler asks for. */
  readonly due: string;
};

/** What an answer tells the scheduler. */
export type CardAnswer = {
  readonly questionId: string;
  readonly lessonId: number;
  readonly questionType: string;
  readonly rating: ReviewRating;
  /** ISO time the answer counts for. */
  readonly at: string;
};

/**
 * The rating of an answer: Good when correct, Hard when partly marked (some but not all points), else
 * Again.
 * @example answerRating({ isCorrect: false, pointsEarned: 2, pointsAvailable: 3 }) // 'hard'
 */
export function answerRating(answer: {
  readonly isCorrect: boolean;
  readonly pointsEarned: number;
  readonly pointsAvailable: number;
}): ReviewRating {
  if (answer.isCorrect) return 'good';
  return answer.pointsEarned > 0 && answer.pointsEarned < answer.pointsAvailable ? 'hard' : 'again';
}

const FSRS_RATING = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good } as const;
const STATE_NAME: Record<State, ReviewCardState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const FSRS_STATE: Record<ReviewCardState, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

/** One ts-fsrs scheduler per requested retention (a deterministic cache: same input, same scheduler). */
const schedulers = new Map<number, FSRS>();

/** The ts-fsrs scheduler at a requested retention: default weights, no fuzz, long-term steps only. */
export function fsrsAt(retention: number): FSRS {
  let f = schedulers.get(retention);
  if (!f) {
    f = fsrs(
      generatorParameters({ request_retention: retention, enable_fuzz: false, enable_short_term: false }),
    )
      // The seed only feeds the fuzz, which is off: a constant spares building a string per review.
      .useStrategy(StrategyMode.SEED, () => 'no-fuzz');
    schedulers.set(retention, f);
  }
  return f;
}

const base = fsrsAt(DEFAULT_TARGET_RECALL);

/** Six decimals are plenty for days and difficulty, and keep the stored JSON small. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The forgetting curve's constants at the default weights, as ts-fsrs derives them on each call of its
 * `forgetting_curve` (the forecast asks it hundreds of thousands of times).
 */
const curve = computeDecayFactor(base.parameters.w);

/**
 * FSRS's forgetting curve: the probability of recall `elapsedDays` after a review, at `stability`.
 * ts-fsrs's `forgetting_curve` with its constants computed once (a test holds the two equal).
 */
export function recall(stability: number, elapsedDays: number): number {
  if (stability <= 0) return 0;
  return roundTo((1 + (curve.factor * Math.max(0, elapsedDays)) / stability) ** curve.decay, 8);
}

/** Whole days after a review until recall falls to `retention` (at least one). */
export function intervalDays(stability: number, retention: number): number {
  return fsrsAt(retention).next_interval(stability, 0);
}

/** Stability after a correct (Good) review at recall `r`: what a planned review would give. */
export function stabilityAfterGood(difficulty: number, stability: number, r: number): number {
  return base.next_recall_stability(difficulty, stability, r, Rating.Good);
}

/** Difficulty after a rating (FSRS's mean reversion). */
export function difficultyAfter(difficulty: number, rating: ReviewRating): number {
  return base.next_difficulty(difficulty, FSRS_RATING[rating]);
}

/**
 * When a card last reviewed at `lastReviewMs` with `stability` / `difficulty` comes back under `plan`
 * (epoch ms). Plain FSRS at the target when there is no plan, after the exam, or when the card will
 * be recalled on the exam day at the target without another review. Otherwise the sooner of: the day
 * recall falls to EARLY_RETENTION, and the final review: in the last FINAL_WINDOW_DAYS, the first day at
 * which a correct answer carries the card to the exam above the aim (else above the target; else the
 * exam's eve), but not before the day its recall falls to the target. So no interval of a card below
 * the target runs past the exam.
 */
export function dueAfter(
  memory: { readonly stability: number; readonly difficulty: number },
  lastReviewMs: number,
  plan: ExamPlan | null,
): number {
  const target = plan?.targetRecall ?? DEFAULT_TARGET_RECALL;
  const plain = lastReviewMs + intervalDays(memory.stability, target) * DAY_MS;
  if (plan === null) return plain;
  const exam = examStartMs(plan.examDate);
  const lastDay = exam - DAY_MS;
  const nextDay = startOfHongKongDayMs(lastReviewMs) + DAY_MS;
  // After the exam, on its eve, or safe for it already: plain FSRS.
  if (nextDay > lastDay) return plain;
  if (recall(memory.stability, (exam - lastReviewMs) / DAY_MS) >= target) return plain;
  const early = lastReviewMs + intervalDays(memory.stability, Math.min(EARLY_RETENTION, target)) * DAY_MS;
  // The first day of the window at which a correct answer carries the card to `goal` on the exam day.
  // The test only gets easier later in the window (closer to the exam, and recall lower then, so
  // stability grows more), so a binary search over the days finds it; none: the exam's eve.
  const firstDayReaching = (goal: number) => {
    let low = Math.max(nextDay, exam - FINAL_WINDOW_DAYS * DAY_MS);
    let high = lastDay;
    while (low < high) {
      const mid = low + Math.floor((high - low) / DAY_MS / 2) * DAY_MS;
      const r = recall(memory.stability, (mid - lastReviewMs) / DAY_MS);
      const after = stabilityAfterGood(memory.difficulty, memory.stability, r);
      if (recall(after, (exam - mid) / DAY_MS) >= goal) high = mid;
      else low = mid + DAY_MS;
    }
    return low;
  };
  // Aim above the target; a card that cannot reach the aim before the eve aims at the target, so the
  // final reviews spread over the window instead of piling on the eve.
  const aimed = firstDayReaching(target + (1 - target) * FINAL_AIM_SHARE);
  const reachable = aimed < lastDay ? aimed : firstDayReaching(target);
  // Not before the day its recall falls to the target: a strong card waits (a later review lifts its
  // stability more and is nearer the exam), and the final reviews spread over the window by strength.
  const falls = startOfHongKongDayMs(lastReviewMs + intervalDays(memory.stability, target) * DAY_MS);
  const final = Math.max(reachable, Math.min(falls, lastDay));
  return Math.min(early, final);
}

/**
 * The memory an answer leaves, by ts-fsrs's own algorithm for the one grade given (`next_state` at the
 * elapsed whole days), with its long-term scheduler's bookkeeping: every card goes to Review, a review
 * counts, and Again on a card already learnt is a lapse. `FSRS.next` gives the same (a test holds them
 * equal) but schedules all four grades, with a card, a log and dates for each, on every answer.
 */
function movedMemory(previous: ReviewCard | undefined, rating: ReviewRating, when: Date) {
  const grade = FSRS_RATING[rating];
  if (previous === undefined || previous.state === 'new') {
    const memory = base.next_state(null, 0, grade);
    return { ...memory, state: State.Review, reps: (previous?.reps ?? 0) + 1, lapses: previous?.lapses ?? 0 };
  }
  const t = dateDiffInDays(new Date(previous.lastReview), when);
  const r = base.forgetting_curve(t, previous.stability);
  const memory = base.next_state(
    { difficulty: previous.difficulty, stability: previous.stability },
    t,
    grade,
    r,
  );
  return {
    ...memory,
    state: State.Review,
    reps: previous.reps + 1,
    lapses: previous.lapses + (grade === Rating.Again ? 1 : 0),
  };
}

/** The card as ts-fsrs's scheduler takes it (the reference `movedMemory` is tested against). */
export function toFsrsCard(card: ReviewCard): FsrsCard {
  return {
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    reps: card.reps,
    lapses: card.lapses,
    state: FSRS_STATE[card.state],
    last_review: new Date(card.lastReview),
  };
}

/** The ts-fsrs rating of a review rating. */
export const fsrsRating = (rating: ReviewRating) => FSRS_RATING[rating];

/**
 * The card after an answer: its memory moved by ts-fsrs at the answer's time (never before the card's
 * last review: an answer given offline earlier counts at that review), its next review by `dueAfter`.
 */
export function reviewCard(
  previous: ReviewCard | undefined,
  answer: CardAnswer,
  plan: ExamPlan | null,
): ReviewCard {
  const at = Math.max(
    Date.parse(answer.at),
    previous ? Date.parse(previous.lastReview) : Number.NEGATIVE_INFINITY,
  );
  const when = new Date(at);
  const next = movedMemory(previous, answer.rating, when);
  const memory = { stability: round6(next.stability), difficulty: round6(next.difficulty) };
  return {
    questionId: answer.questionId,
    lessonId: answer.lessonId,
    questionType: answer.questionType,
    state: STATE_NAME[next.state],
    ...memory,
    reps: next.reps,
    correct: (previous?.correct ?? 0) + (answer.rating === 'good' ? 1 : 0),
    lapses: next.lapses,
    lastRating: answer.rating,
    lastReview: when.toISOString(),
    due: new Date(dueAfter(memory, at, plan)).toISOString(),
  };
}

/** The card with its next review planned again under a new plan (an exam date or target changed). */
export function replanCard(card: ReviewCard, plan: ExamPlan | null): ReviewCard {
  const due = new Date(dueAfter(card, Date.parse(card.lastReview), plan)).toISOString();
  return due === card.due ? card : { ...card, due };
}

/** Due by the end of the Hong Kong day of `atMs` (what 「今日複習」 lists, and what earns review XP). */
export function isDueBy(card: ReviewCard, atMs: number): boolean {
  return isDueMsBy(Date.parse(card.due), atMs);
}

/** `isDueBy` for a due time in epoch ms. */
export function isDueMsBy(dueMs: number, atMs: number): boolean {
  return dueMs < endOfHongKongDayMs(atMs);
}

/** The card's probability of recall at `atMs` with no further review. */
export function recallAt(card: ReviewCard, atMs: number): number {
  return recall(card.stability, (atMs - Date.parse(card.lastReview)) / DAY_MS);
}

/**
 * The card's predicted recall on the exam day with no further review (at `nowMs` once the exam is past).
 */
export function examRecall(card: ReviewCard, plan: ExamPlan | null, nowMs: number): number {
  const exam = plan ? examStartMs(plan.examDate) : nowMs;
  return recallAt(card, Math.max(exam, nowMs));
}

/**
 * The scheduler's 「已掌握」: the last answer was correct and, without another review, the card will
 * still be recalled on the exam day (or now, once it is past) at the target.
 */
export function isSchedulerMastered(card: ReviewCard, plan: ExamPlan | null, nowMs: number): boolean {
  const target = plan?.targetRecall ?? DEFAULT_TARGET_RECALL;
  return card.lastRating === 'good' && examRecall(card, plan, nowMs) >= target;
}

/** What the plan asks of one card until the exam, if every review asked for is answered correctly. */
export type CardPlan = {
  /** The start (00:00 Hong Kong) of each day a review is asked for, from today to the exam's eve. */
  readonly reviewDays: readonly number[];
  /** Recall on the exam day after those reviews. */
  readonly plannedRecall: number;
};

/** At most this many planned reviews are followed per card (a guard: a plan needs a handful). */
const MAX_PLANNED_REVIEWS = 60;

/** A card's memory and times as the forecast reads them: epoch ms, no ISO strings to parse. */
export type CardTimes = {
  readonly stability: number;
  readonly difficulty: number;
  readonly lastReviewMs: number;
  readonly dueMs: number;
};

/** The times of a card (its memory, last review and due time in epoch ms). */
export function cardTimes(card: ReviewCard): CardTimes {
  return {
    stability: card.stability,
    difficulty: card.difficulty,
    lastReviewMs: Date.parse(card.lastReview),
    dueMs: Date.parse(card.due),
  };
}

/** `examRecall` of a card's times. */
export function examRecallOf(card: CardTimes, plan: ExamPlan | null, nowMs: number): number {
  const exam = plan ? examStartMs(plan.examDate) : nowMs;
  return recall(card.stability, (Math.max(exam, nowMs) - card.lastReviewMs) / DAY_MS);
}

/**
 * Follows the plan for one card from `nowMs` to the exam: each review asked for happens on its day
 * (an overdue one today) and is answered correctly. No plan or a past exam: nothing asked, and the
 * planned recall is the recall now.
 */
export function planCard(card: ReviewCard, plan: ExamPlan | null, nowMs: number): CardPlan {
  return planTimes(cardTimes(card), plan, nowMs);
}

/**
 * `planCard` of a card's times. While the card is not due yet (`nowMs <= dueMs`) and the exam is to
 * come, the result does not depend on `nowMs`: every review it follows is at a due time.
 */
export function planTimes(card: CardTimes, plan: ExamPlan | null, nowMs: number): CardPlan {
  if (plan === null || examStartMs(plan.examDate) <= nowMs) {
    return { reviewDays: [], plannedRecall: recall(card.stability, (nowMs - card.lastReviewMs) / DAY_MS) };
  }
  const exam = examStartMs(plan.examDate);
  const today = startOfHongKongDayMs(nowMs);
  const reviewDays: number[] = [];
  let last = card.lastReviewMs;
  let stability = card.stability;
  let difficulty = card.difficulty;
  let due = card.dueMs;
  while (due < exam && reviewDays.length < MAX_PLANNED_REVIEWS) {
    const at = Math.max(due, nowMs);
    const r = recall(stability, (at - last) / DAY_MS);
    stability = stabilityAfterGood(difficulty, stability, r);
    difficulty = difficultyAfter(difficulty, 'good');
    last = at;
    reviewDays.push(Math.max(startOfHongKongDayMs(at), today));
    due = dueAfter({ stability, difficulty }, last, plan);
  }
  return { reviewDays, plannedRecall: recall(stability, (exam - last) / DAY_MS) };
}
