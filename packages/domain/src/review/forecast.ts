/**
 * The figures of the review screens, each defined once: the forecast (per lesson and overall, the
 * predicted recall on the exam day and the reviews the plan asks for), accuracy and open items by
 * kind of knowledge, and the order in which a review session draws cards. Pure: `nowMs` is passed in.
 */
import { examStartMs, startOfHongKongDayMs } from './exam-date.ts';
import {
  type CardTimes,
  cardTimes,
  type ExamPlan,
  examRecallOf,
  isDueBy,
  isDueMsBy,
  planTimes,
  type ReviewCard,
  recallAt,
} from './scheduler.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The plan's days the forecast lists at most (a year). */
export const FORECAST_MAX_DAYS = 366;

export type ForecastFigures = {
  readonly cardCount: number;
  readonly dueToday: number;
  /** Cards due before the start of today: reviews asked for and not done. */
  readonly overdue: number;
  /** Mean recall on the exam day with no further review (0 with no cards). */
  readonly predictedRecall: number;
  /** Mean recall on the exam day if every review asked for is done and answered correctly. */
  readonly plannedRecall: number;
};

export type LessonForecastFigures = ForecastFigures & { readonly lessonId: number };

export type ReviewForecastFigures = ForecastFigures & {
  /** Whole days from today to the exam (0 or less: the exam is today or past). */
  readonly daysToExam: number;
  /** Mean planned reviews a day from today to the exam's eve (0 when the exam is today or past). */
  readonly reviewsPerDay: number;
  readonly lessons: readonly LessonForecastFigures[];
  /** Planned reviews per day from today (at most FORECAST_MAX_DAYS days), as Hong Kong dates. */
  readonly days: ReadonlyArray<{ readonly date: string; readonly reviews: number }>;
};

type Sum = { count: number; due: number; overdue: number; predicted: number; planned: number };

const emptySum = (): Sum => ({ count: 0, due: 0, overdue: 0, predicted: 0, planned: 0 });

function figures(sum: Sum): ForecastFigures {
  return {
    cardCount: sum.count,
    dueToday: sum.due,
    overdue: sum.overdue,
    // Clamped: a mean of probabilities may round a hair above 1.
    predictedRecall: sum.count === 0 ? 0 : Math.min(1, sum.predicted / sum.count),
    plannedRecall: sum.count === 0 ? 0 : Math.min(1, sum.planned / sum.count),
  };
}

/** A card as the forecast reads it: its question, lesson, memory and times. */
export type ForecastCard = CardTimes & { readonly questionId: string; readonly lessonId: number };

/** The forecast's reading of a card. */
export function forecastCard(card: ReviewCard): ForecastCard {
  return { questionId: card.questionId, lessonId: card.lessonId, ...cardTimes(card) };
}

/**
 * The order in which a kept forecast sums its cards (the sum of many recalls depends on it in its last
 * bits): soonest due first, then by question id in code-unit order.
 */
export function forecastOrder(a: ForecastCard, b: ForecastCard): number {
  return a.dueMs - b.dueMs || (a.questionId < b.questionId ? -1 : a.questionId > b.questionId ? 1 : 0);
}

/**
 * What one card adds to the forecast at a moment: its recall on the exam day without review
 * (`predicted`) and after the plan's reviews (`planned`), and the days of those reviews.
 */
export type CardOutlook = ForecastCard & {
  readonly predicted: number;
  readonly planned: number;
  readonly reviewDays: readonly number[];
};

/** A card's outlook under `plan` at `nowMs`. */
export function cardOutlook(card: ForecastCard, plan: ExamPlan | null, nowMs: number): CardOutlook {
  const { questionId, lessonId, stability, difficulty, lastReviewMs, dueMs } = card;
  const times = { stability, difficulty, lastReviewMs, dueMs };
  const p = planTimes(times, plan, nowMs);
  return {
    questionId,
    lessonId,
    ...times,
    predicted: examRecallOf(times, plan, nowMs),
    planned: p.plannedRecall,
    reviewDays: p.reviewDays,
  };
}

/**
 * Whether an outlook made under `plan` at an earlier moment is still what `cardOutlook` gives at
 * `nowMs`: so it is while the card is not due and the exam is to come, since every review the plan
 * follows is then at a due time and the recall without review is the exam day's (`planTimes`). A due
 * card's first planned review is now, and after the exam the figures are the recall now: both move
 * with the clock.
 */
export function outlookHolds(outlook: CardOutlook, plan: ExamPlan | null, nowMs: number): boolean {
  return plan !== null && nowMs <= outlook.dueMs && nowMs < examStartMs(plan.examDate);
}

/**
 * The outlooks of `cards` under `plan` at `nowMs`, in their order, each taken from `known` (outlooks
 * made earlier under the same plan, by question id) when the card is unchanged and the outlook still
 * holds, else made anew. Equal to `cards.map((c) => cardOutlook(c, plan, nowMs))`.
 */
export function outlooksAt(
  cards: readonly ForecastCard[],
  plan: ExamPlan | null,
  nowMs: number,
  known: ReadonlyMap<string, CardOutlook> = new Map(),
): CardOutlook[] {
  return cards.map((card) => {
    const o = known.get(card.questionId);
    return o !== undefined &&
      o.lessonId === card.lessonId &&
      o.stability === card.stability &&
      o.difficulty === card.difficulty &&
      o.lastReviewMs === card.lastReviewMs &&
      o.dueMs === card.dueMs &&
      outlookHolds(o, plan, nowMs)
      ? o
      : cardOutlook(card, plan, nowMs);
  });
}

/**
 * The same cards' outlooks at `nowMs`: each of `outlooks` (made under the same plan) that still holds,
 * the others made anew. Equal to `outlooksAt` of their cards.
 */
export function renewOutlooks(
  outlooks: readonly CardOutlook[],
  plan: ExamPlan | null,
  nowMs: number,
): CardOutlook[] {
  return outlooks.map((o) => (outlookHolds(o, plan, nowMs) ? o : cardOutlook(o, plan, nowMs)));
}

/**
 * The forecast of a learner's cards under their plan at `nowMs`: per lesson (by lesson id) and overall,
 * and the reviews the plan asks for day by day until the exam.
 */
export function reviewForecast(
  cards: readonly ReviewCard[],
  plan: ExamPlan | null,
  nowMs: number,
): ReviewForecastFigures {
  return forecastOfOutlooks(
    cards.map((card) => cardOutlook(forecastCard(card), plan, nowMs)),
    plan,
    nowMs,
  );
}

/**
 * The forecast from the cards' outlooks at `nowMs` (`outlooksAt`), summed in their order: the same
 * figures as `reviewForecast` of those cards in that order.
 */
export function forecastOfOutlooks(
  outlooks: readonly CardOutlook[],
  plan: ExamPlan | null,
  nowMs: number,
): ReviewForecastFigures {
  const today = startOfHongKongDayMs(nowMs);
  const exam = plan ? examStartMs(plan.examDate) : today;
  const daysToExam = Math.round((exam - today) / DAY_MS);
  const listed = Math.max(0, Math.min(daysToExam, FORECAST_MAX_DAYS));
  const perDay = new Array<number>(listed).fill(0);
  let planned = 0;
  const total = emptySum();
  const lessons = new Map<number, Sum>();
  for (const o of outlooks) {
    const sum = lessons.get(o.lessonId) ?? emptySum();
    lessons.set(o.lessonId, sum);
    const due = isDueMsBy(o.dueMs, nowMs);
    const overdue = o.dueMs < today;
    for (const s of [sum, total]) {
      s.count += 1;
      if (due) s.due += 1;
      if (overdue) s.overdue += 1;
      s.predicted += o.predicted;
      s.planned += o.planned;
    }
    planned += o.reviewDays.length;
    for (const day of o.reviewDays) {
      const index = Math.round((day - today) / DAY_MS);
      // perDay holds a 0 at every index below `listed`.
      if (index >= 0 && index < listed) perDay[index]! += 1;
    }
  }
  return {
    ...figures(total),
    daysToExam,
    reviewsPerDay: daysToExam > 0 ? planned / daysToExam : 0,
    lessons: [...lessons.entries()]
      .sort(([a], [b]) => a - b)
      .map(([lessonId, sum]) => ({ lessonId, ...figures(sum) })),
    days: perDay.map((reviews, i) => ({
      date: new Date(today + i * DAY_MS + 8 * 60 * 60 * 1000).toISOString().slice(0, 10),
      reviews,
    })),
  };
}

/** A card with what the review screens add to it: the question's tags and its error-book state. */
export type TaggedCard = ReviewCard & { readonly tags: readonly string[]; readonly inErrorBook: boolean };

export type TagFigures = {
  /** A tag, or null for the cards of questions not tagged yet. */
  readonly tag: string | null;
  readonly answers: number;
  readonly correct: number;
  /** correct ÷ answers in percent, one decimal; null before any answer. */
  readonly accuracy: number | null;
  readonly openErrors: number;
  readonly cardCount: number;
  readonly dueToday: number;
};

/** A tag needs this many answers before it can be called the weakest. */
export const WEAKEST_TAG_MIN_ANSWERS = 3;

/**
 * Accuracy, open error-book items and cards by kind of knowledge: a card counts under every tag it
 * carries; untagged cards under `null` (listed last, only when there are some). `tags` lists the tags
 * to report in order (every one, answered or not).
 */
export function knowledgeTagFigures(
  cards: readonly TaggedCard[],
  tags: readonly string[],
  nowMs: number,
): { readonly figures: readonly TagFigures[]; readonly weakest: string | null } {
  type Acc = { answers: number; correct: number; openErrors: number; cardCount: number; dueToday: number };
  const acc = new Map<string | null, Acc>(
    tags.map((t) => [t, { answers: 0, correct: 0, openErrors: 0, cardCount: 0, dueToday: 0 }]),
  );
  for (const card of cards) {
    const keys: ReadonlyArray<string | null> = card.tags.length > 0 ? card.tags : [null];
    for (const key of keys) {
      let a = acc.get(key);
      if (!a) {
        a = { answers: 0, correct: 0, openErrors: 0, cardCount: 0, dueToday: 0 };
        acc.set(key, a);
      }
      a.answers += card.reps;
      a.correct += card.correct;
      a.cardCount += 1;
      if (card.inErrorBook) a.openErrors += 1;
      if (isDueBy(card, nowMs)) a.dueToday += 1;
    }
  }
  const ordered = [...tags, ...[...acc.keys()].filter((k) => k !== null && !tags.includes(k)), null].filter(
    (k, i, all) => all.indexOf(k) === i && acc.has(k),
  );
  const result = ordered.map((tag) => {
    const a = acc.get(tag) as Acc;
    return {
      tag,
      ...a,
      accuracy: a.answers === 0 ? null : Math.round((a.correct / a.answers) * 1000) / 10,
    };
  });
  let weakest: TagFigures | null = null;
  for (const f of result) {
    if (f.tag === null || f.accuracy === null || f.answers < WEAKEST_TAG_MIN_ANSWERS) continue;
    if (
      weakest === null ||
      f.accuracy < (weakest.accuracy as number) ||
      (f.accuracy === weakest.accuracy && f.openErrors > weakest.openErrors)
    ) {
      weakest = f;
    }
  }
  return { figures: result, weakest: weakest?.tag ?? null };
}

/** What a review session draws. */
export type ReviewSessionMode = 'due' | 'error_book' | 'tag';

/**
 * Interleaves cards across lessons: the cards keep their order within a lesson, and the lessons take
 * turns in the order of their first card (so two cards of one text rarely follow each other).
 */
export function interleaveByLesson<T extends { readonly lessonId: number }>(cards: readonly T[]): T[] {
  const queues = new Map<number, T[]>();
  for (const card of cards) {
    const queue = queues.get(card.lessonId);
    if (queue) queue.push(card);
    else queues.set(card.lessonId, [card]);
  }
  const out: T[] = [];
  const lists = [...queues.values()];
  for (let round = 0; out.length < cards.length; round++) {
    for (const list of lists) {
      const card = list[round];
      if (card !== undefined) out.push(card);
    }
  }
  return out;
}

/**
 * The cards a review session draws, in order, at most `limit`:
 * - `due`: today's due cards; open error-book items first, then the rest, each part interleaved across
 *   lessons (soonest due first within a lesson);
 * - `error_book`: the open error-book items, due ones first, then the least likely to be recalled now;
 * - `tag`: the cards carrying `tag`, due ones first, then the least likely to be recalled now.
 */
export function drawReviewSession<T extends TaggedCard>(
  cards: readonly T[],
  mode: ReviewSessionMode,
  tag: string | null,
  limit: number,
  nowMs: number,
): T[] {
  const byDue = (a: T, b: T) =>
    Date.parse(a.due) - Date.parse(b.due) || a.questionId.localeCompare(b.questionId);
  const dueFirstThenWeakest = (a: T, b: T) => {
    const da = isDueBy(a, nowMs);
    const dbb = isDueBy(b, nowMs);
    if (da !== dbb) return da ? -1 : 1;
    if (da) return byDue(a, b);
    return recallAt(a, nowMs) - recallAt(b, nowMs) || a.questionId.localeCompare(b.questionId);
  };
  let picked: T[];
  if (mode === 'due') {
    const due = cards.filter((c) => isDueBy(c, nowMs)).sort(byDue);
    picked = [
      ...interleaveByLesson(due.filter((c) => c.inErrorBook)),
      ...interleaveByLesson(due.filter((c) => !c.inErrorBook)),
    ];
  } else {
    const pool = cards.filter((c) =>
      mode === 'error_book' ? c.inErrorBook : tag !== null && c.tags.includes(tag),
    );
    const sorted = [...pool].sort(dueFirstThenWeakest);
    const dueCount = sorted.filter((c) => isDueBy(c, nowMs)).length;
    picked = [
      ...interleaveByLesson(sorted.slice(0, dueCount)),
      ...interleaveByLesson(sorted.slice(dueCount)),
    ];
  }
  return picked.slice(0, limit);
}
