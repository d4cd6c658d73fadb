import type { AnswerMarking, XpWithheld } from '@wenyan/contracts';

/**
 * The question session's state (spec part 2, question session): each question is unanswered, then
 * answered (submitted and locked), then next; after the last one comes the results view. Retry resets
 * everything. A pure reducer, so it is tested without a DOM.
 */

/** One graded answer of the session (the verdict, key and marking from the server's reply). */
export interface SessionAnswer {
  questionId: string;
  answer: string;
  isCorrect: boolean;
  correctAnswer: string;
  explanation: string;
  /** Points earned and missed (free text); right-or-wrong answers have none. */
  marking?: AnswerMarking;
  /** The answer's version in the learner's stream (what an appeal names). */
  answerVersion?: number;
  timeSpent: number;
  /** Given offline and kept on the device: the verdict comes when it is sent (isCorrect is false until then). */
  pending?: boolean;
  /** Why a correct answer earned no XP (recorded all the same). */
  xpWithheld?: XpWithheld | undefined;
}

export type SessionPhase = 'answering' | 'submitting' | 'answered' | 'results';

export interface SessionState {
  phase: SessionPhase;
  index: number;
  total: number;
  /** The chosen option or the typed text of the current question. */
  draft: string;
  answers: SessionAnswer[];
  /** Shown when a submission failed (the learner may try again). */
  submitError: boolean;
  startedAt: number;
  questionStartedAt: number;
}

export type SessionEvent =
  | { type: 'answer.change'; answer: string }
  | { type: 'answer.submit' }
  | { type: 'answer.graded'; answer: Omit<SessionAnswer, 'timeSpent'>; now: number }
  | { type: 'answer.queued'; questionId: string; answer: string; now: number }
  | { type: 'answer.failed' }
  | { type: 'question.next'; now: number }
  | { type: 'session.retry'; now: number };

export function initialSession(total: number, now: number): SessionState {
  return {
    phase: 'answering',
    index: 0,
    total,
    draft: '',
    answers: [],
    submitError: false,
    startedAt: now,
    questionStartedAt: now,
  };
}

/** Submit needs a non-empty answer (trimmed). */
export function canSubmit(state: SessionState): boolean {
  return state.phase === 'answering' && state.draft.trim().length > 0;
}

/** The submitted question locked with its answer (graded, or kept on the device), timed to `now`. */
function answered(state: SessionState, now: number, answer: Omit<SessionAnswer, 'timeSpent'>): SessionState {
  if (state.phase !== 'submitting') return state;
  const timeSpent = Math.max(0, Math.round((now - state.questionStartedAt) / 1000));
  return { ...state, phase: 'answered', answers: [...state.answers, { ...answer, timeSpent }] };
}

export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'answer.change':
      return state.phase === 'answering' ? { ...state, draft: event.answer, submitError: false } : state;
    case 'answer.submit':
      return canSubmit(state) ? { ...state, phase: 'submitting', submitError: false } : state;
    case 'answer.graded':
      return answered(state, event.now, event.answer);
    case 'answer.queued':
      // Kept on the device (offline): the learner moves on; the verdict is shown when it is sent.
      return answered(state, event.now, {
        questionId: event.questionId,
        answer: event.answer,
        isCorrect: false,
        correctAnswer: '',
        explanation: '',
        pending: true,
      });
    case 'answer.failed':
      return state.phase === 'submitting' ? { ...state, phase: 'answering', submitError: true } : state;
    case 'question.next':
      if (state.phase !== 'answered') return state;
      if (state.index + 1 >= state.total) return { ...state, phase: 'results' };
      return {
        ...state,
        phase: 'answering',
        index: state.index + 1,
        draft: '',
        questionStartedAt: event.now,
      };
    case 'session.retry':
      return initialSession(state.total, event.now);
  }
}

/** The results view's figures. */
export function sessionSummary(state: SessionState) {
  const graded = state.answers.filter((a) => !a.pending);
  const correct = graded.filter((a) => a.isCorrect).length;
  const answered = graded.length;
  return {
    correct,
    wrong: answered - correct,
    answered,
    /** Answers given offline, not yet graded. */
    pending: state.answers.length - answered,
    accuracy: answered > 0 ? Math.round((correct / answered) * 100) : 0,
    timeSpent: state.answers.reduce((sum, a) => sum + a.timeSpent, 0),
  };
}
