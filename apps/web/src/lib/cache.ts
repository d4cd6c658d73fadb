/**
 * What a write changes in the cache, by the spec's rules (part 1 §7): the server's totals go into the
 * cached user at once, then the reads a write touched are refreshed. Keys from `queryKeys` only.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ProgressResult, User } from '@wenyan/contracts';
import { queryKeys } from './queryKeys.ts';

/** Puts the server's new totals into the cached user at once, so the header's XP and streak move. */
export function applyTotals(client: QueryClient, result: Pick<ProgressResult, 'totals'>): void {
  client.setQueryData<User | null>(queryKeys.currentUser, (user) =>
    user ? { ...user, ...result.totals } : user,
  );
}

function invalidateAll(client: QueryClient, keys: ReadonlyArray<readonly unknown[]>): Promise<void> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}

/**
 * After an answer: the user and the per-lesson stats (spec part 1 §7), and the review cards (every answer
 * reschedules its card: the header's and the lobby's due counts move). Only the reads on screen refetch.
 */
export function refreshAfterAnswer(client: QueryClient, userId: string): Promise<void> {
  return invalidateAll(client, [
    queryKeys.currentUser,
    queryKeys.userStats(userId),
    queryKeys.dueReviews(userId),
    queryKeys.reviewForecast(userId),
  ]);
}

/** After a review session: its cards moved, so the error book's mastery and the tag figures did too. */
export function refreshAfterReview(client: QueryClient, userId: string): Promise<void> {
  return invalidateAll(client, [
    queryKeys.reviews(userId),
    queryKeys.errorQuestions(userId),
    queryKeys.knowledgeTags(userId),
  ]);
}

/** After a node completion: lesson records, completed activities, the user and the leaderboard. */
export function refreshAfterNodeComplete(client: QueryClient, userId: string): Promise<void> {
  return invalidateAll(client, [
    queryKeys.currentUser,
    queryKeys.userStats(userId),
    queryKeys.allCompletedActivities(userId),
    queryKeys.allNodeResults(userId),
    queryKeys.leaderboard,
  ]);
}

/** After a word quiz: its records and stats, the user, the stats and the leaderboard. */
export function refreshAfterVocabulary(client: QueryClient, userId: string): Promise<void> {
  return invalidateAll(client, [
    queryKeys.currentUser,
    queryKeys.userStats(userId),
    queryKeys.vocabularyRecords(userId),
    queryKeys.vocabularyStats(userId),
    queryKeys.leaderboard,
  ]);
}

/** After answers given offline were sent: the user, the stats and the error book they changed. */
export function refreshAfterOfflineAnswers(client: QueryClient, userId: string): Promise<void> {
  return invalidateAll(client, [
    queryKeys.currentUser,
    queryKeys.userStats(userId),
    queryKeys.errorQuestions(userId),
  ]);
}
