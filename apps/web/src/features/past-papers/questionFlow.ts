/**
 * One mock-paper question's flow (the papers and the mixed-year page): the learner picks an option or
 * writes an answer (and, for a long question, gives it a level of the rubric), submits it to the server
 * through the one answer-submission flow, and sees the server's marking. The client compares nothing:
 * the key and the marking arrive in the reply. A pure reducer, tested without a DOM.
 */
import type { AnswerResult, Question } from '@wenyan/contracts';

export type PaperAnswerPhase = 'answering' | 'submitting' | 'marked';

export type AnswerState = {
  readonly phase: PaperAnswerPhase;
  /** The chosen option or the typed text. */
  readonly answer: string;
  /** Long questions: the rubric level the learner gives their own answer. */
  readonly level: string | null;
  /** A message for this question (e.g. 請先作答), or null. */
  readonly notice: string | null;
  /** The server's verdict, key and marking; null until it answers. */
  readonly result: AnswerResult | null;
};

export const EMPTY_ANSWER: AnswerState = {
  phase: 'answering',
  answer: '',
  level: null,
  notice: null,
  result: null,
};

export const QUESTION_NOTICES = {
  pickFirst: '請先選擇答案',
  answerFirst: '請先作答',
  levelFirst: '請先按評分準則為答案自評',
  failed: '未能提交答案，請檢查網絡後再試。',
} as const;

/** A question answered by choosing one of its options. */
export function isChoiceQuestion(question: Pick<Question, 'options'>): boolean {
  return question.options.length > 0;
}

/** A long question the learner marks against its rubric. */
export function isSelfMarked(question: Pick<Question, 'type' | 'rubric'>): boolean {
  return question.type === 'long_question' && (question.rubric?.length ?? 0) > 0;
}

export type PaperAnswerEvent =
  | { type: 'answer.change'; value: string }
  | { type: 'level.choose'; value: string }
  | { type: 'answer.submit' }
  | { type: 'answer.marked'; result: AnswerResult }
  | { type: 'answer.failed' };

/** What stops a submission, or null when the answer may go to the server. */
export function submitBlocker(state: AnswerState, question: Question): string | null {
  if (isChoiceQuestion(question)) return state.answer ? null : QUESTION_NOTICES.pickFirst;
  if (state.answer.trim().length === 0) return QUESTION_NOTICES.answerFirst;
  if (isSelfMarked(question) && state.level === null) return QUESTION_NOTICES.levelFirst;
  return null;
}

/** One question's answer: nothing changes once it is being submitted or marked. */
export function paperAnswerReducer(
  question: Question,
): (state: AnswerState, event: PaperAnswerEvent) => AnswerState {
  return (state, event) => {
    switch (event.type) {
      case 'answer.change':
        return state.phase === 'answering' ? { ...state, answer: event.value, notice: null } : state;
      case 'level.choose':
        return state.phase === 'answering' ? { ...state, level: event.value, notice: null } : state;
      case 'answer.submit': {
        if (state.phase !== 'answering') return state;
        const blocker = submitBlocker(state, question);
        return blocker ? { ...state, notice: blocker } : { ...state, phase: 'submitting', notice: null };
      }
      case 'answer.marked':
        return state.phase === 'submitting' ? { ...state, phase: 'marked', result: event.result } : state;
      case 'answer.failed':
        return state.phase === 'submitting'
          ? { ...state, phase: 'answering', notice: QUESTION_NOTICES.failed }
          : state;
    }
  };
}
