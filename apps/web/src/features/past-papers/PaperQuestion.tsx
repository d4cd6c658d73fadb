/**
 * One past-paper question: a text answer with submit and reveal, or options with "view answer";
 * the year and the scoring criteria read from culturalContext. `check` mode is the mixed-year page's
 * single check button (trimmed comparison).
 */
import type { Question } from '@wenyan/contracts';
import { useId } from 'react';
import { QUESTION_TYPE_LABELS } from '../../lib/question-types.ts';
import {
  type AnswerEvent,
  type AnswerState,
  EMPTY_ANSWER,
  isChoiceQuestion,
  paperYear,
  splitCulturalContext,
} from './questionFlow.ts';

const LETTERS = 'ABCDEFGH';

export function PaperQuestion({
  question,
  index,
  state = EMPTY_ANSWER,
  mode,
  send,
  typeLabel,
}: {
  question: Question;
  index: number;
  state?: AnswerState | undefined;
  mode: 'paper' | 'check';
  send: (event: AnswerEvent) => void;
  /** Overrides the type's usual label (the mixed-year page has its own wording). */
  typeLabel?: string | undefined;
}) {
  const inputId = useId();
  const choice = isChoiceQuestion(question);
  const result = state.result;
  const year = paperYear(result?.culturalContext ?? null);
  const { note, criteria } = splitCulturalContext(result?.culturalContext ?? null);
  const locked = state.revealed || (!choice && state.submitted);
  const id = question.id;
  return (
    <article className="card pp-question" data-testid="paper-question">
      <header className="pp-question-head">
        <span className="pp-number">第 {index + 1} 題</span>
        <span className="badge">{typeLabel ?? QUESTION_TYPE_LABELS[question.type]}</span>
        {year ? <span className="badge badge-seal">DSE {year}</span> : null}
        {question.points ? <span className="badge badge-gold">{question.points} 分</span> : null}
      </header>
      {question.targetText ? <p className="classical pp-target">{question.targetText}</p> : null}
      <p className="pp-content">{question.content}</p>

      {choice ? (
        <fieldset className="pp-options">
          <legend className="visually-hidden">第 {index + 1} 題選項</legend>
          {question.options.map((option, i) => {
            const picked = state.answer === option;
            const isAnswer = state.revealed && option === result?.correctAnswer;
            const isWrongPick = state.revealed && picked && !isAnswer;
            return (
              <button
                key={option}
                type="button"
                aria-pressed={picked}
                disabled={state.revealed}
                className={`pp-option${picked ? ' is-picked' : ''}${isAnswer ? ' is-answer' : ''}${isWrongPick ? ' is-wrong' : ''}`}
                onClick={() => send({ type: 'answer.change', questionId: id, value: option })}
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
            placeholder="請輸入答案..."
            value={state.answer}
            readOnly={locked}
            onChange={(event) => send({ type: 'answer.change', questionId: id, value: event.target.value })}
          />
        </div>
      )}

      {state.notice ? (
        <p className="field-error" role="alert">
          {state.notice}
        </p>
      ) : null}

      <div className="pp-question-actions">
        {mode === 'check' ? (
          !state.revealed ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => send({ type: 'answer.check', questionId: id })}
            >
              檢查答案
            </button>
          ) : null
        ) : (
          <>
            {!choice && !state.submitted && state.answer.trim().length > 0 ? (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => send({ type: 'answer.submit', questionId: id })}
              >
                提交答案
              </button>
            ) : null}
            {!choice && state.submitted && !state.revealed ? (
              <span className="badge badge-jade">已提交</span>
            ) : null}
            {!state.revealed ? (
              <button
                type="button"
                className="btn"
                onClick={() => send({ type: 'answer.reveal', questionId: id })}
              >
                {choice ? '查看答案' : '顯示答案'}
              </button>
            ) : null}
          </>
        )}
      </div>

      {state.revealed ? (
        <section
          className={`pp-answer${state.correct === false ? ' is-wrong' : state.correct ? ' is-right' : ''}`}
        >
          {state.correct !== null ? (
            <p className="pp-verdict">{state.correct ? '正確！' : '答案不正確'}</p>
          ) : null}
          <p>
            <strong>參考答案：</strong>
            {result?.correctAnswer}
          </p>
          {result?.explanation ? (
            <p>
              <strong>解釋：</strong>
              {result.explanation}
            </p>
          ) : null}
          {note ? <p className="muted pp-note">{note}</p> : null}
          {criteria ? (
            <div className="pp-criteria">
              <strong>評分準則</strong>
              <p>{criteria}</p>
            </div>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
