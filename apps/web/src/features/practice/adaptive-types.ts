import type { QuestionType } from '@wenyan/contracts';
import { PRACTICE_TYPE_CARDS } from '../../lib/question-types.ts';

/**
 * The adaptive quiz's types on the practice-type page: the four practice types and cultural knowledge
 * (the API serves adaptive questions of each). Kept out of lib/ so it stays out of the initial bundle.
 */
export const ADAPTIVE_TYPE_CARDS: ReadonlyArray<{ type: QuestionType; title: string }> = [
  ...PRACTICE_TYPE_CARDS.map(({ type, title }) => ({ type, title })),
  { type: 'cultural_knowledge', title: '文化常識' },
];
