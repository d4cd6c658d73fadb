/**
 * A learner's review book: their exam plan, review settings, today's due reviews and every card. The
 * same fold runs in the decider's state (which needs the cards' due times to decide review XP and the
 * memory to schedule the next answer) and in the learner's view (the view keeps the bounded
 * `ReviewSchedule`; the projector folds the cards an event touches, read from `review_cards` by key,
 * and writes back those that moved; the teacher's replay folds every card up to a moment). A pure
 * function of the events, so a rebuild gives the same schedule.
 *
 * Seam for recitation (issue 22): a card is keyed by an id and moved by a rating at a time; a
 * per-character recitation attempt can become a card by folding its own event through `reviewCard`
 * under a key of its own (e.g. `recitation:<lesson>:<position>`), without touching question cards.
 */
import type { AnswerSubmitted, AnswerTeacherMarked, LearnerEvent } from '../learner/event-types.ts';
import { type HongKongDay, hongKongDate } from '../time/hong-kong.ts';
import { comingExam, type ExamDateSource, examDateForYear } from './exam-date.ts';
import {
  answerRating,
  DEFAULT_TARGET_RECALL,
  dueAfter,
  type ExamPlan,
  type ReviewCard,
  type ReviewCardState,
  type ReviewRating,
  reviewCard,
} from './scheduler.ts';

/** The daily review goal until the learner sets one (cards a day). */
export const DEFAULT_DAILY_GOAL = 20;

/** The plan in force, as the stream recorded it. */
export type ExamPlanRecord = ExamPlan & {
  readonly source: ExamDateSource;
  /** The exam year the learner chose (guide or settings), null when they never did. */
  readonly examYear: number | null;
};

/**
 * The review book's bounded part: the exam plan, review settings and today's due reviews. The learner
 * view keeps it (`learner_projections.view`); the cards, one per question answered, live only in
 * `review_cards`, and a fold holds those its events touch (`foldReviewCards`).
 */
export type ReviewSchedule = {
  /** Null until the first answer or setting of a release with reviews (then plain FSRS). */
  readonly plan: ExamPlanRecord | null;
  readonly dailyGoal: number;
  readonly guideCompleted: boolean;
  /** Due reviews answered on the learner's latest day with one. */
  readonly today: { readonly day: HongKongDay; readonly reviewed: number } | null;
};

/** The schedule and the cards (all of them, or those a fold was given and its events made). */
export type ReviewBook = ReviewSchedule & {
  /** The cards, by question id, as stored tuples (`bookCard` / `bookCards` read them as cards). */
  readonly cards: Readonly<Record<string, StoredCard>>;
};

/**
 * A review card as the view stores it: the card's fields in a fixed order, times as epoch ms. The
 * view is written as JSON on every projection, so a learner with thousands of cards must not pay for
 * a key name per field per card there (the tuple is about a third of the object's JSON).
 */
export type StoredCard = readonly [
  lessonId: number,
  questionType: string,
  state: ReviewCardState,
  stability: number,
  difficulty: number,
  reps: number,
  correct: number,
  lapses: number,
  lastRating: ReviewRating,
  lastReviewMs: number,
  dueMs: number,
];

/** The stored form of a card. */
export function storedCard(card: ReviewCard): StoredCard {
  return [
    card.lessonId,
    card.questionType,
    card.state,
    card.stability,
    card.difficulty,
    card.reps,
    card.correct,
    card.lapses,
    card.lastRating,
    Date.parse(card.lastReview),
    Date.parse(card.due),
  ];
}

/** The card a stored tuple stands for. */
export function cardOfStored(questionId: string, stored: StoredCard): ReviewCard {
  const [lessonId, questionType, state, stability, difficulty, reps, correct, lapses, lastRating, last, due] =
    stored;
  return {
    questionId,
    lessonId,
    questionType,
    state,
    stability,
    difficulty,
    reps,
    correct,
    lapses,
    lastRating,
    lastReview: new Date(last).toISOString(),
    due: new Date(due).toISOString(),
  };
}

/** A question's card in the book, or undefined when it has none. */
export function bookCard(book: ReviewBook, questionId: string): ReviewCard | undefined {
  const stored = book.cards[questionId];
  return stored === undefined ? undefined : cardOfStored(questionId, stored);
}

/** Every card of the book. */
export function bookCards(book: ReviewBook): ReviewCard[] {
  return Object.entries(book.cards).map(([id, stored]) => cardOfStored(id, stored));
}

export const initialReviewSchedule: ReviewSchedule = {
  plan: null,
  dailyGoal: DEFAULT_DAILY_GOAL,
  guideCompleted: false,
  today: null,
};

export const initialReviewBook: ReviewBook = { ...initialReviewSchedule, cards: {} };

/** The book of a state or view folded before reviews existed reads as empty. */
export function reviewBookOf(holder: { readonly reviews?: ReviewBook }): ReviewBook {
  return holder.reviews ?? initialReviewBook;
}

/**
 * The plan in force at `now` for a recorded plan (or none): the learner's own date stays; otherwise the
 * school year's default for the year they chose, or for the coming exam, at the recorded target.
 * `decide` records it (ExamDateSet) when it differs from the stream's; readers use it for a learner
 * whose stream has not caught up with a new default yet.
 */
export function planInForce(
  recorded: ExamPlanRecord | null,
  adminDates: Readonly<Record<number, string>> | undefined,
  now: string | number,
): ExamPlanRecord {
  if (recorded?.source === 'learner') return recorded;
  const examYear = recorded?.examYear ?? null;
  const examDate =
    examYear === null ? comingExam(now, adminDates).examDate : examDateForYear(examYear, adminDates);
  return {
    examDate,
    targetRecall: recorded?.targetRecall ?? DEFAULT_TARGET_RECALL,
    source: 'school_year_default',
    examYear,
  };
}

/** The target recall in force. */
export function targetRecallOf(book: Pick<ReviewBook, 'plan'>): number {
  return book.plan?.targetRecall ?? DEFAULT_TARGET_RECALL;
}

/** Due reviews answered on the Hong Kong day of `atMs`. */
export function reviewedOn(book: Pick<ReviewBook, 'today'>, atMs: number): number {
  return book.today?.day === hongKongDate(atMs) ? book.today.reviewed : 0;
}

/** The plan an ExamDateSet records. */
function planOf(data: ExamPlanRecord): ExamPlanRecord {
  const { examDate, targetRecall, source, examYear } = data;
  return { examDate, targetRecall, source, examYear };
}

/** Today's count of due reviews after an answer (one more when it was due). */
function todayAfter(
  today: ReviewBook['today'],
  answer: { readonly wasDue?: boolean | undefined },
  at: string,
): ReviewBook['today'] {
  if (answer.wasDue !== true) return today;
  const day = hongKongDate(at);
  return { day, reviewed: today?.day === day ? today.reviewed + 1 : 1 };
}

/**
 * The card an answer leaves (the same rule for the view's cards and the decider's memory): a submitted
 * answer's, or a pending answer's once a teacher marked it (as if answered so when it was given).
 */
function cardAfter(
  previous: ReviewCard | undefined,
  event: AnswerSubmitted | AnswerTeacherMarked,
  plan: ExamPlan | null,
) {
  const { data } = event;
  return reviewCard(
    previous,
    {
      questionId: data.questionId,
      lessonId: data.lessonId,
      questionType: data.questionType,
      rating: answerRating(data),
      at: data.answeredAt ?? data.at,
    },
    plan,
  );
}

/**
 * An answer that moves its card: a counted answer or a teacher's marks of a pending one. A pending
 * answer (待老師批閱) moves nothing, nor counts toward today's reviews, until it is marked.
 */
function cardMoving(event: LearnerEvent): event is AnswerSubmitted | AnswerTeacherMarked {
  return (
    (event.type === 'AnswerSubmitted' && event.data.pendingReview !== true) ||
    event.type === 'AnswerTeacherMarked'
  );
}

/** Today's count after an event: a due answer's; a teacher's marks count toward no day's reviews. */
function todayAfterEvent(today: ReviewBook['today'], event: AnswerSubmitted | AnswerTeacherMarked) {
  if (event.type === 'AnswerTeacherMarked') return today;
  return todayAfter(today, event.data, event.data.answeredAt ?? event.data.at);
}

/**
 * Applies one event to the review schedule: a due answer counts toward today's goal, an exam date is
 * the new plan, settings change the goal and the guide. Bounded whatever the history.
 */
export function foldReviewSchedule<S extends ReviewSchedule>(schedule: S, event: LearnerEvent): S {
  if (cardMoving(event)) {
    const today = todayAfterEvent(schedule.today, event);
    return today === schedule.today ? schedule : { ...schedule, today };
  }
  switch (event.type) {
    case 'ExamDateSet':
      return { ...schedule, plan: planOf(event.data) };
    case 'ReviewSettingsChanged':
      return { ...schedule, dailyGoal: event.data.dailyGoal, guideCompleted: event.data.guideCompleted };
    default:
      return schedule;
  }
}

/**
 * Applies one event to the cards, under the plan in force before it: an answer moves its card, an exam
 * date plans every card again. `cards` need hold only the cards the event touches (its question's, or
 * every card for an exam date): the others are left as they are, so a caller that loads cards by key
 * gets back exactly the cards that changed (as new objects) beside those it gave (the same objects).
 */
export function foldReviewCards(
  cards: Readonly<Record<string, StoredCard>>,
  plan: ExamPlan | null,
  event: LearnerEvent,
): Readonly<Record<string, StoredCard>> {
  if (cardMoving(event)) {
    const { questionId } = event.data;
    const previous = cards[questionId];
    const card = cardAfter(previous && cardOfStored(questionId, previous), event, plan);
    return { ...cards, [card.questionId]: storedCard(card) };
  }
  if (event.type !== 'ExamDateSet') return cards;
  const next = planOf(event.data);
  const replanned: Record<string, StoredCard> = {};
  for (const [id, c] of Object.entries(cards)) {
    const due = dueAfter({ stability: c[3], difficulty: c[4] }, c[9], next);
    replanned[id] = due === c[10] ? c : [c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], due];
  }
  return replanned;
}

/**
 * Applies one event to the review book: an answer moves its card (and counts toward today's goal when
 * it was due), an exam date plans every card again, settings change the goal and the guide.
 */
export function foldReviewBook(book: ReviewBook, event: LearnerEvent): ReviewBook {
  const cards = foldReviewCards(book.cards, book.plan, event);
  const schedule = foldReviewSchedule(book, event);
  return cards === book.cards ? schedule : { ...schedule, cards };
}

/** The ledger of a state folded before reviews existed (or before the ledger) reads as empty. */
export function reviewLedgerOf(holder: { readonly reviews?: ReviewLedger }): ReviewLedger {
  return holder.reviews?.memory === undefined ? initialReviewLedger : holder.reviews;
}

/**
 * A card's memory as the decider keeps it: only what deciding needs (is it due, when is it due next),
 * as a tuple. The decider's state is stored as JSON with the stream's head on every command, so a
 * learner with thousands of cards must not pay for the view's full card (ids, counts, ISO times) there.
 */
export type CardMemory = readonly [
  dueMs: number,
  lastReviewMs: number,
  stability: number,
  difficulty: number,
  reps: number,
  lapses: number,
  state: ReviewCardState,
];

/**
 * The decider's review book: the same plan, settings and today's count as the view's `ReviewBook`, and
 * each card's memory by lesson and question, so an answer copies one lesson's record, not every card.
 * `foldReviewLedger` moves it by the same rule as `foldReviewBook` (a test holds them equal).
 */
export type ReviewLedger = {
  readonly plan: ExamPlanRecord | null;
  readonly dailyGoal: number;
  readonly guideCompleted: boolean;
  readonly today: ReviewBook['today'];
  /** Each card's memory, by lesson id and question id. */
  readonly memory: Readonly<Record<string, Readonly<Record<string, CardMemory>>>>;
};

export const initialReviewLedger: ReviewLedger = {
  plan: null,
  dailyGoal: DEFAULT_DAILY_GOAL,
  guideCompleted: false,
  today: null,
  memory: {},
};

function memoryOf(card: ReviewCard): CardMemory {
  return [
    Date.parse(card.due),
    Date.parse(card.lastReview),
    card.stability,
    card.difficulty,
    card.reps,
    card.lapses,
    card.state,
  ];
}

/** The card a memory stands for (the counts the decider does not keep read as zero). */
function cardOf(
  memory: CardMemory,
  ids: { readonly questionId: string; readonly lessonId: number; readonly questionType: string },
): ReviewCard {
  const [dueMs, lastReviewMs, stability, difficulty, reps, lapses, state] = memory;
  return {
    ...ids,
    state,
    stability,
    difficulty,
    reps,
    correct: 0,
    lapses,
    lastRating: 'good',
    lastReview: new Date(lastReviewMs).toISOString(),
    due: new Date(dueMs).toISOString(),
  };
}

/** The due time (epoch ms) of a question's card in the decider's ledger, or undefined without one. */
export function ledgerDueMs(ledger: ReviewLedger, lessonId: number, questionId: string): number | undefined {
  return ledger.memory[String(lessonId)]?.[questionId]?.[0];
}

/** The due time a question's card would have under another plan (an exam date just set). */
export function ledgerDueMsUnder(
  ledger: ReviewLedger,
  lessonId: number,
  questionId: string,
  plan: ExamPlan | null,
): number | undefined {
  const memory = ledger.memory[String(lessonId)]?.[questionId];
  if (memory === undefined) return undefined;
  return dueAfter({ stability: memory[2], difficulty: memory[3] }, memory[1], plan);
}

/** Applies one event to the decider's ledger: `foldReviewBook`'s rule on the compact memory. */
export function foldReviewLedger(ledger: ReviewLedger, event: LearnerEvent): ReviewLedger {
  if (cardMoving(event)) {
    const { data } = event;
    const lesson = String(data.lessonId);
    const cards = ledger.memory[lesson] ?? {};
    const previous = cards[data.questionId];
    const card = cardAfter(previous && cardOf(previous, data), event, ledger.plan);
    const today = todayAfterEvent(ledger.today, event);
    return {
      ...ledger,
      today,
      memory: { ...ledger.memory, [lesson]: { ...cards, [data.questionId]: memoryOf(card) } },
    };
  }
  switch (event.type) {
    case 'ExamDateSet': {
      const plan = planOf(event.data);
      const memory: Record<string, Record<string, CardMemory>> = {};
      for (const [lesson, cards] of Object.entries(ledger.memory)) {
        const replanned: Record<string, CardMemory> = {};
        for (const [id, m] of Object.entries(cards)) {
          const due = dueAfter({ stability: m[2], difficulty: m[3] }, m[1], plan);
          replanned[id] = due === m[0] ? m : [due, m[1], m[2], m[3], m[4], m[5], m[6]];
        }
        memory[lesson] = replanned;
      }
      return { ...ledger, plan, memory };
    }
    case 'ReviewSettingsChanged':
      return { ...ledger, dailyGoal: event.data.dailyGoal, guideCompleted: event.data.guideCompleted };
    default:
      return ledger;
  }
}
