import type { SentencePatternId } from '@wenyan/contracts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { readByIdQuery, readQuery } from '../../lib/reads.ts';

export const vocabularyLessonsQuery = readQuery(queryKeys.vocabularyLessons, 'listVocabularyLessons');

export const mixedLessonsQuery = readQuery(queryKeys.mixedLessons, 'listMixedLessons');

/** The 句式 sessions (判斷、被動、賓語前置、省略、倒裝), each from several texts. */
export const sentencePatternsQuery = readQuery(queryKeys.sentencePatterns, 'listSentencePatterns');

/** A 句式 session's questions (no keys). */
export const sentencePatternQuestionsQuery = (id: SentencePatternId) =>
  readByIdQuery(queryKeys.sentencePatternQuestions(id), 'listSentencePatternQuestions', id);

export const vocabularyRecordsQuery = (userId: string) =>
  readByIdQuery(queryKeys.vocabularyRecords(userId), 'listVocabularyRecords', userId);

export const vocabularyStatsQuery = (userId: string) =>
  readByIdQuery(queryKeys.vocabularyStats(userId), 'getVocabularyStats', userId);
