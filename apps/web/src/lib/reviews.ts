/**
 * The learner's review calls (issue 21): the due counts (the header and the lobby), the review settings
 * (exam date, target recall, daily goal, the first-sign-in guide), a review session, the forecast and the
 * figures by kind of knowledge. The lobby imports this module, so it stays small (no chart code here).
 */
import { queryOptions } from '@tanstack/react-query';
import type { KnowledgeTag, ReviewSessionMode, UpdateReviewSettingsBody } from '@wenyan/contracts';
import { call } from './client.ts';
import { queryKeys } from './queryKeys.ts';
import { readByIdQuery } from './reads.ts';

const MINUTE = 60_000;

/**
 * Today's due count, the reviews done today and the daily goal (`limit: 0`: the counts only). The header
 * and the lobby share it; an answer refreshes it (lib/cache.ts).
 */
export const dueReviewsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.dueReviews(userId),
    queryFn: () => call('listDueReviews', { params: { id: userId }, query: { due: 'today', limit: 0 } }),
    staleTime: MINUTE,
  });

export const reviewSettingsQuery = (userId: string) =>
  readByIdQuery(queryKeys.reviewSettings(userId), 'getReviewSettings', userId);

export const reviewForecastQuery = (userId: string) =>
  readByIdQuery(queryKeys.reviewForecast(userId), 'getReviewForecast', userId);

export const knowledgeTagsQuery = (userId: string) =>
  readByIdQuery(queryKeys.knowledgeTags(userId), 'getKnowledgeTagStats', userId);

/** How many questions a review session draws. */
export const REVIEW_SESSION_SIZE = 20;

/**
 * A review session as the server draws it (due cards with error-book items first, interleaved across
 * lessons; or the open error book; or one kind of knowledge). Drawn once per visit: never cached across
 * visits, since answering moves the cards.
 */
export const reviewSessionQuery = (userId: string, mode: ReviewSessionMode, tag: KnowledgeTag | null) =>
  queryOptions({
    queryKey: queryKeys.reviewSession(userId, mode, tag),
    queryFn: () =>
      call('getReviewSession', {
        params: { id: userId },
        query: { mode, tag: tag ?? undefined, limit: REVIEW_SESSION_SIZE },
      }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
  });

/** PUT exam-date: the exam date and, optionally, the target recall (0–1). Answers the settings. */
export function saveExamDate(userId: string, examDate: string, targetRecall?: number) {
  return call('setExamDate', { params: { id: userId }, body: { examDate, targetRecall } });
}

/** PATCH review-settings: the daily goal, the exam year (its exam date follows), the guide done. */
export function updateReviewSettings(userId: string, body: UpdateReviewSettingsBody) {
  return call('updateReviewSettings', { params: { id: userId }, body });
}

/** Where each kind of review session starts. */
export const reviewPath = {
  due: '/review',
  errorBook: '/review?mode=error_book',
  tag: (tag: KnowledgeTag) => `/review?mode=tag&tag=${tag}`,
} as const;

/** About 20 seconds a card: the lobby's 「約 n 分鐘」. */
export function reviewMinutes(cards: number): number {
  return Math.max(1, Math.ceil((cards * 20) / 60));
}
