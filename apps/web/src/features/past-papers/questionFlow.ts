/**
 * One past-paper question's flow (spec part 2, DSE past papers): a text answer is entered,
 * submitted (then locked) and its reference answer revealed; a multiple-choice pick is locked and
 * marked when the answer is viewed. Pure functions over a small state, used by both machines.
 */
import type { AnswerResult, Question } from '@wenyan/contracts';

export type AnswerState = {
  readonly answer: string;
  readonly submitted: boolean;
  readonly revealed: boolean;
  /** Right or wrong once a choice is revealed or a mixed-year answer is checked; null otherwise. */
  readonly correct: boolean | null;
  /** A message for this question (e.g. 請先作答). */
  readonly notice: string | null;
  /** The server's marking of the answer, with the key and the explanation; null until it answers. */
  readonly result: AnswerResult | null;
};

export const EMPTY_ANSWER: AnswerState = {
  answer: '',
  submitted: false,
  revealed: false,
  correct: null,
  notice: null,
  result: null,
};

export type RevealRule = 'paper' | 'mix';

export const QUESTION_NOTICES = {
  pickFirst: '請先選擇答案',
  submitFirst: '請先提交答案',
  answerFirst: '請先作答',
} as const;

/** A question answered by choosing one of its options. */
export function isChoiceQuestion(question: Pick<Question, 'options'>): boolean {
  return question.options.length > 0;
}

/** The year of a past-paper question, read from its culturalContext ("DSE 2019 ..."), or null. */
export function paperYear(culturalContext: string | null): string | null {
  const match = /DSE\s*(\d{4})/i.exec(culturalContext ?? '');
  return match?.[1] ?? null;
}

/** The culturalContext split into its note and its scoring criteria (after 評分準則), if any. */
export function splitCulturalContext(culturalContext: string | null): {
  note: string | null;
  criteria: string | null;
} {
  const text = culturalContext?.trim() ?? '';
  if (!text) return { note: null, criteria: null };
  const at = text.search(/評分準則|評分標準/);
  if (at < 0) return { note: text, criteria: null };
  const note = text.slice(0, at).trim();
  const criteria = text
    .slice(at)
    .replace(/^(評分準則|評分標準)[：:]?\s*/, '')
    .trim();
  return { note: note || null, criteria: criteria || null };
}

/** Types the answer (or picks an option); nothing changes once the answer is locked. */
export function changeAnswer(state: AnswerState, question: Question, value: string): AnswerState {
  if (state.revealed) return state;
  if (!isChoiceQuestion(question) && state.submitted) return state;
  return { ...state, answer: value, notice: null };
}

/** Submits a text answer: only a non-empty one; it is locked afterwards. */
export function submitAnswer(state: AnswerState, question: Question): AnswerState {
  if (isChoiceQuestion(question) || state.submitted) return state;
  if (state.answer.trim().length === 0) return { ...state, notice: QUESTION_NOTICES.answerFirst };
  return { ...state, submitted: true, notice: null };
}

/**
 * Shows the answer. A choice needs a pick first, and is then locked and marked. A text answer in
 * mixed mode needs a submission first; on a paper the reference answer may be viewed at any time.
 */
export function revealAnswer(state: AnswerState, question: Question, rule: RevealRule): AnswerState {
  if (state.revealed) return state;
  if (isChoiceQuestion(question)) {
    if (!state.answer) return { ...state, notice: QUESTION_NOTICES.pickFirst };
    return {
      ...state,
      revealed: true,
      submitted: true,
      correct: state.result?.isCorrect ?? null,
      notice: null,
    };
  }
  if (rule === 'mix' && !state.submitted) return { ...state, notice: QUESTION_NOTICES.submitFirst };
  return { ...state, revealed: true, notice: null };
}

/** The mixed-year page's check: the trimmed answer against the trimmed correct answer. */
export function checkAnswer(state: AnswerState, _question: Question): AnswerState {
  if (state.answer.trim().length === 0) return { ...state, notice: QUESTION_NOTICES.answerFirst };
  return {
    ...state,
    submitted: true,
    revealed: true,
    correct: state.result?.isCorrect ?? null,
    notice: null,
  };
}

export type AnswerEvent =
  | { type: 'answer.change'; questionId: string; value: string }
  | { type: 'answer.submit'; questionId: string }
  | { type: 'answer.reveal'; questionId: string }
  | { type: 'answer.check'; questionId: string };

/** Applies an answer event to the answers of a question list. */
export function applyAnswerEvent(
  answers: Readonly<Record<string, AnswerState>>,
  questions: readonly Question[],
  event: AnswerEvent,
  rule: RevealRule,
): Record<string, AnswerState> {
  const question = questions.find((q) => q.id === event.questionId);
  if (!question) return { ...answers };
  const state = answers[question.id] ?? EMPTY_ANSWER;
  let next: AnswerState;
  switch (event.type) {
    case 'answer.change':
      next = changeAnswer(state, question, event.value);
      break;
    case 'answer.submit':
      next = submitAnswer(state, question);
      break;
    case 'answer.reveal':
      next = revealAnswer(state, question, rule);
      break;
    case 'answer.check':
      next = checkAnswer(state, question);
      break;
  }
  return { ...answers, [question.id]: next };
}
