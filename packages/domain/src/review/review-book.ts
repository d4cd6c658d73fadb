/**
 * A learner's review book: their exam plan, review settings, today's due reviews and every card. The
 * same fold runs in the decider's state (which needs the cards' due times to decide review XP and the
 * memory to schedule the next answer) and in the learner's view (the projector writes `review_cards`
 * from it; the teacher's replay reads it at a moment). A pure function of the events, so a rebuild
 * gives the same schedule.
 *
 * Seam for recitation (issue 22): a card is keyed by an id and moved by a rating at a time; a
 * per-character recitation attempt can become a card by folding its own event through `reviewCard`
 * under a key of its own (e.g. `recitation:<lesson>:<position>`), without touching question cards.
 */
import type { LearnerEvent } from '../learner/events.ts';
import { type HongKongDay, hongKongDate } from '../time/hong-kong.ts';
import { comingExam, examDateForYear } from './exam-date.ts';
import {
  answerRating,
  DEFAULT_TARGET_RECALL,
  type ExamPlan,
  type ReviewCard,
  replanCard,
  reviewCard,
} from './scheduler.ts';

/** The daily review goal until the learner sets one (cards a day). */
export const DEFAULT_DAILY_GOAL = 20;

/** Where the plan's exam date came from. */
export type ExamDateSource = 'learner' | 'school_year_default';

/** The plan in force, as the stream recorded it. */
export type ExamPlanRecord = ExamPlan & {
  readonly source: ExamDateSource;
  /** The exam year the learner chose (guide or settings), null when they never did. */
  readonly examYear: number | null;
};

export type ReviewBook = {
  /** Null until the first answer or setting of a release with reviews (then plain FSRS). */
  readonly plan: ExamPlanRecord | null;
  readonly dailyGoal: number;
  readonly guideCompleted: boolean;
  /** Due reviews answered on the learner's latest day with one. */
  readonly today: { readonly day: HongKongDay; readonly reviewed: number } | null;
  /** The cards, by question id. */
  readonly cards: Readonly<Record<string, ReviewCard>>;
};

export const initialReviewBook: ReviewBook = {
  plan: null,
  dailyGoal: DEFAULT_DAILY_GOAL,
  guideCompleted: false,
  today: null,
  cards: {},
};

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
export function targetRecallOf(book: ReviewBook): number {
  return book.plan?.targetRecall ?? DEFAULT_TARGET_RECALL;
}

/** Due reviews answered on the Hong Kong day of `atMs`. */
export function reviewedOn(book: ReviewBook, atMs: number): number {
  return book.today?.day === hongKongDate(atMs) ? book.today.reviewed : 0;
}

/**
 * Applies one event to the review book: an answer moves its card (and counts toward today's goal when
 * it was due), an exam date plans every card again, settings change the goal and the guide.
 */
export function foldReviewBook(book: ReviewBook, event: LearnerEvent): ReviewBook {
  switch (event.type) {
    case 'AnswerSubmitted': {
      const { data } = event;
      const at = data.answeredAt ?? data.at;
      const card = reviewCard(
        book.cards[data.questionId],
        {
          questionId: data.questionId,
          lessonId: data.lessonId,
          questionType: data.questionType,
          rating: answerRating(data),
          at,
        },
        book.plan,
      );
      const day = hongKongDate(at);
      const today =
        data.wasDue === true
          ? { day, reviewed: book.today?.day === day ? book.today.reviewed + 1 : 1 }
          : book.today;
      return { ...book, today, cards: { ...book.cards, [data.questionId]: card } };
    }
    case 'ExamDateSet': {
      const { examDate, targetRecall, source, examYear } = event.data;
      const plan: ExamPlanRecord = { examDate, targetRecall, source, examYear };
      const cards: Record<string, ReviewCard> = {};
      for (const [id, card] of Object.entries(book.cards)) cards[id] = replanCard(card, plan);
      return { ...book, plan, cards };
    }
    case 'ReviewSettingsChanged':
      return { ...book, dailyGoal: event.data.dailyGoal, guideCompleted: event.data.guideCompleted };
    default:
      return book;
  }
}
