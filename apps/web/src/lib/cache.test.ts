import { QueryClient } from '@tanstack/react-query';
import type { User } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyTotals,
  refreshAfterAnswer,
  refreshAfterNodeComplete,
  refreshAfterReview,
  refreshAfterVocabulary,
} from './cache.ts';
import { queryKeys } from './queryKeys.ts';

const USER = { id: 'u1', totalXP: 10, level: 1, streakDays: 0 } as unknown as User;

/** A client with every key the refresh rules may touch already cached (nothing fetches). */
function cached() {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  const keys = {
    currentUser: queryKeys.currentUser,
    userStats: queryKeys.userStats('u1'),
    otherUserStats: queryKeys.userStats('u2'),
    completedActivities: queryKeys.completedActivities('u1', 9),
    vocabularyRecords: queryKeys.vocabularyRecords('u1'),
    vocabularyStats: queryKeys.vocabularyStats('u1'),
    leaderboard: queryKeys.leaderboard,
    lessons: queryKeys.lessons,
    dueReviews: queryKeys.dueReviews('u1'),
    reviewForecast: queryKeys.reviewForecast('u1'),
    reviewSession: queryKeys.reviewSession('u1', 'due', null),
    errorQuestions: queryKeys.errorQuestions('u1'),
    knowledgeTags: queryKeys.knowledgeTags('u1'),
    reviewSettings: queryKeys.reviewSettings('u1'),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, key === queryKeys.currentUser ? USER : []);
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
}

describe('the cache after a write', () => {
  it('puts the server’s totals into the cached user at once', () => {
    const { client } = cached();
    applyTotals(client, { totals: { totalXP: 30, level: 2, streakDays: 3 } });
    expect(client.getQueryData(queryKeys.currentUser)).toMatchObject({
      id: 'u1',
      totalXP: 30,
      level: 2,
      streakDays: 3,
    });
  });

  it('leaves a signed-out user signed out', () => {
    const { client } = cached();
    client.setQueryData(queryKeys.currentUser, null);
    applyTotals(client, { totals: { totalXP: 30, level: 2, streakDays: 3 } });
    expect(client.getQueryData(queryKeys.currentUser)).toBeNull();
  });

  it.each([
    {
      after: 'an answer: the user, their stats and their due count and forecast',
      refresh: refreshAfterAnswer,
      keys: ['currentUser', 'dueReviews', 'reviewForecast', 'userStats'],
    },
    {
      after: 'a review session: the cards, the error book and the figures by kind of knowledge',
      refresh: refreshAfterReview,
      keys: ['dueReviews', 'errorQuestions', 'knowledgeTags', 'reviewForecast', 'reviewSession'],
    },
    {
      after: 'a node: also every completed-activities list of the user and the leaderboard',
      refresh: refreshAfterNodeComplete,
      keys: ['completedActivities', 'currentUser', 'leaderboard', 'userStats'],
    },
    {
      after: 'a word quiz: also the vocabulary records and stats',
      refresh: refreshAfterVocabulary,
      keys: ['currentUser', 'leaderboard', 'userStats', 'vocabularyRecords', 'vocabularyStats'],
    },
  ])('after $after', async ({ refresh, keys }) => {
    const { client, stale } = cached();
    await refresh(client, 'u1');
    expect(stale()).toEqual(keys);
  });
});
