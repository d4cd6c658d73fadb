import { queryOptions } from '@tanstack/react-query';
import type { SentencePatternId } from '@wenyan/contracts';
import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

export const vocabularyLessonsQuery = queryOptions({
  queryKey: queryKeys.vocabularyLessons,
  queryFn: () => call('listVocabularyLessons'),
});

export const mixedLessonsQuery = queryOptions({
  queryKey: queryKeys.mixedLessons,
  queryFn: () => call('listMixedLessons'),
});

/** The 句式 sessions (判斷、被動、賓語前置、省略、倒裝), each from several texts. */
export const sentencePatternsQuery = queryOptions({
  queryKey: queryKeys.sentencePatterns,
  queryFn: () => call('listSentencePatterns'),
});

/** A 句式 session's questions (no keys). */
export const sentencePatternQuestionsQuery = (id: SentencePatternId) =>
  queryOptions({
    queryKey: queryKeys.sentencePatternQuestions(id),
    queryFn: () => call('listSentencePatternQuestions', { params: { id } }),
  });

export const vocabularyRecordsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.vocabularyRecords(userId),
    queryFn: () => call('listVocabularyRecords', { params: { id: userId } }),
  });

export const vocabularyStatsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.vocabularyStats(userId),
    queryFn: () => call('getVocabularyStats', { params: { id: userId } }),
  });
