import type { QuizConfig } from '../../components/quiz/quizMachine.ts';

/** Spec part 1 §9: the word quiz is word_interpretation, threshold 400, 10 questions. */
export const WORD_QUIZ_CONFIG: QuizConfig = {
  type: 'word_interpretation',
  questionCount: 10,
  characterThreshold: 400,
};
