/**
 * One mock-paper question (the papers and the mixed-year page): options or a text answer (a long
 * question adds its rubric's levels for the learner's own marking), one 「提交答案」 that goes to the
 * server through the shared answer-submission flow, then the server's marking: right or wrong with the
 * key for a choice, the scoring points for fill-ins, short answers and 語譯, the self-assessed marks
 * for a long question. The answer is recorded like any other (error book, progress, the teacher's replay).
 */

import type { Question, User } from '@wenyan/contracts';
import { useId, useLayoutEffect, useReducer, useRef } from 'react';
import { MarkedAnswer } from '../../components/answers/MarkedAnswer.tsx';
import { revealVerdict } from '../../components/answers/NextAction.tsx';
import { XpWithheldNote } from '../../components/answers/XpWithheldNote.tsx';
import { FieldError } from '../../components/fields.tsx';
import type { AnswerSubmitter } from '../../lib/answers/answerSubmitter.ts';
import { submissionOf } from '../../lib/answers/attempt.ts';
import { QUESTION_TYPE_LABELS } from '../../lib/question-types.ts';
import {
  EMPTY_ANSWER,
  isChoiceQuestion,
  isSelfMarked,
  paperAnswerReducer,
  submitBlocker,
} from './questionFlow.ts';

const LETTERS = 'ABCDEFGH';

export function PaperQuestion({
  question,
  index,
  user,
  answers,
  typeLabel,
}: {
  question: Question;
  index: number;
  user: User;
  /** The page's answer-submission flow (one per screen). */
  answers: AnswerSubmitter;
  /** Overrides the type's usual label (the mixed-year page has its own wording). */
  typeLabel?: string | undefined;
}) {
  const inputId = useId();
  const [state, dispatch] = useReducer(paperAnswerReducer(question), EMPTY_ANSWER);
  const startedAt = useRef(Date.now());
  const choice = isChoiceQuestion(question);
  const selfMarked = isSelfMarked(question);
  const locked = state.phase !== 'answering';
  const result = state.result;
  // The verdict comes into view (and takes the focus) when the server has marked the answer.
  const answerRef = useRef<HTMLElement>(null);
  const marked = result !== null;
  useLayoutEffect(() => {
    if (marked) revealVerdict(answerRef.current);
  }, [marked]);

  const submit = async () => {
    if (state.phase !== 'answering') return;
    dispatch({ type: 'answer.submit' });
    // An incomplete answer only gets its notice (the reducer's rule); nothing is sent.
    if (submitBlocker(state, question) !== null) return;
    try {
      const marked = await answers.submit({
        ...submissionOf(user.id, question, state.answer, startedAt.current),
        ...(selfMarked && state.level !== null ? { selfAssessedLevel: state.level } : {}),
      });
      dispatch({ type: 'answer.marked', result: marked });
    } catch {
      dispatch({ type: 'answer.failed' });
    }
  };

  return (
    <article className="card pp-question" data-testid="paper-question">
      <header className="pp-question-head">
        <span className="pp-number">第 {index + 1} 題</span>
        <span className="badge">{typeLabel ?? QUESTION_TYPE_LABELS[question.type]}</span>
        {question.points ? <span className="badge badge-gold">{question.points} 分</span> : null}
      </header>
      {question.targetText ? <p className="classical target-quote pp-target">{question.targetText}</p> : null}
      <p className="pp-content">{question.content}</p>

      {choice ? (
        <fieldset className="pp-options">
          <legend className="visually-hidden">第 {index + 1} 題選項</legend>
          {question.options.map((option, i) => {
            const picked = state.answer === option;
            const isAnswer = result !== null && option === result.correctAnswer;
            const isWrongPick = result !== null && picked && !isAnswer;
            return (
              <button
                key={option}
                type="button"
                aria-pressed={picked}
                disabled={locked}
                className={`pp-option${picked ? ' is-picked' : ''}${isAnswer ? ' is-answer' : ''}${isWrongPick ? ' is-wrong' : ''}`}
                onClick={() => dispatch({ type: 'answer.change', value: option })}
              >
                <span className="pp-letter">{LETTERS[i] ?? '•'}</span>
                <span>{option}</span>
              </button>
            );
          })}
        </fieldset>
      ) : (
        <div className="field">
          <label className="visually-hidden" htmlFor={inputId}>
            第 {index + 1} 題答案
          </label>
          <textarea
            id={inputId}
            className="textarea"
            placeholder={question.type === 'sentence_translation' ? '請把句子譯為白話文...' : '請輸入答案...'}
            value={state.answer}
            readOnly={locked}
            onChange={(event) => dispatch({ type: 'answer.change', value: event.target.value })}
          />
        </div>
      )}

      {selfMarked && state.phase !== 'marked' ? (
        <fieldset className="pp-rubric" data-testid="paper-rubric">
          <legend>評分準則：寫好答案後，按以下等級為自己的答案評分</legend>
          {(question.rubric ?? []).map((level) => (
            <label key={level.level} className="pp-rubric-level">
              <input
                type="radio"
                name={`${inputId}-level`}
                value={level.level}
                checked={state.level === level.level}
                disabled={locked}
                onChange={() => dispatch({ type: 'level.choose', value: level.level })}
              />
              <span>
                <strong>
                  {level.level}（{level.marks} 分）
                </strong>
                {level.descriptor}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}

      <FieldError>{state.notice}</FieldError>

      {state.phase !== 'marked' ? (
        <div className="pp-question-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={state.phase === 'submitting'}
            onClick={() => void submit()}
          >
            {state.phase === 'submitting' ? '提交中...' : selfMarked ? '提交答案及自評' : '提交答案'}
          </button>
        </div>
      ) : null}

      {result ? (
        <section
          ref={answerRef}
          tabIndex={-1}
          aria-label="評分結果"
          className={`pp-answer ${choice ? (result.isCorrect ? 'is-right' : 'is-wrong') : 'is-marked'}`}
          data-testid="paper-answer"
        >
          {choice ? (
            <>
              <p className="pp-verdict">{result.isCorrect ? '正確！' : '答案不正確'}</p>
              <p>
                <strong>正確答案：</strong>
                {result.correctAnswer}
              </p>
            </>
          ) : (
            <MarkedAnswer
              result={result}
              questionType={question.type}
              appeal={{ userId: user.id, answerVersion: result.answerVersion }}
            />
          )}
          {result.explanation ? (
            <p>
              <strong>解釋：</strong>
              {result.explanation}
            </p>
          ) : null}
          <XpWithheldNote reason={result.xpWithheld} />
          {result.xpAwarded.length > 0 ? (
            <p className="text-gold">+{result.xpAwarded.reduce((sum, award) => sum + award.amount, 0)} XP</p>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
