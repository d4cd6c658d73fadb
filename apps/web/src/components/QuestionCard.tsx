import type { Question } from '@wenyan/contracts';
import { useId } from 'react';
import {
  isFreeText,
  optionLetter,
  QUESTION_TYPE_INSTRUCTIONS,
  QUESTION_TYPE_LABELS,
} from '../lib/question-types.ts';
import { CheckIcon, CrossIcon } from './icons.tsx';
import './question-card.css';

/** The server's verdict on a submitted answer. */
export interface Verdict {
  isCorrect: boolean;
  correctAnswer: string;
}

/** The verdict a card shows of a graded answer: none while it waits on the device (offline) or is ungraded. */
export function shownVerdict(graded: (Verdict & { pending?: boolean }) | null | undefined): Verdict | null {
  return graded && !graded.pending
    ? { isCorrect: graded.isCorrect, correctAnswer: graded.correctAnswer }
    : null;
}

/** The target text with the characters of `highlight` marked. */
function TargetText({ text, highlight }: { text: string; highlight: string | null }) {
  const marked = new Set(Array.from(highlight ?? ''));
  return (
    <p className="target-text classical">
      {Array.from(text).map((char, i) =>
        marked.has(char) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: characters of a fixed text
          <mark key={i}>{char}</mark>
        ) : (
          char
        ),
      )}
    </p>
  );
}

export interface QuestionCardProps {
  question: Question;
  /** The chosen option or the typed text. */
  answer: string;
  onAnswer: (answer: string) => void;
  /** Null until the answer is graded; then everything locks and the verdict shows. */
  verdict: Verdict | null;
  /** Locks the inputs (e.g. while the answer is being sent). */
  disabled?: boolean;
}

/**
 * The shared question display (spec part 1, question card): type title and instruction, the target text
 * with its highlighted characters, the question, then lettered options or a textarea. After grading the
 * correct option turns green, a wrong choice red, the rest dim, and inputs lock.
 */
export function QuestionCard({ question, answer, onAnswer, verdict, disabled = false }: QuestionCardProps) {
  const name = useId();
  const locked = verdict !== null || disabled;
  const freeText = isFreeText(question);
  const instruction = QUESTION_TYPE_INSTRUCTIONS[question.type];
  return (
    <section className="question-card" aria-labelledby={`${name}-content`}>
      <p className="question-type">
        <strong>{QUESTION_TYPE_LABELS[question.type]}</strong>
        {instruction ? <span className="muted"> {instruction}</span> : null}
      </p>
      {question.targetText ? <TargetText text={question.targetText} highlight={question.highlight} /> : null}
      <h2 className="question-content" id={`${name}-content`}>
        {question.content}
      </h2>
      {freeText ? (
        <div className="free-text">
          <label htmlFor={`${name}-answer`} className="visually-hidden">
            你的答案
          </label>
          <textarea
            id={`${name}-answer`}
            className="textarea"
            placeholder="請輸入答案..."
            value={answer}
            readOnly={locked}
            aria-readonly={locked}
            onChange={(e) => onAnswer(e.target.value)}
          />
          {verdict ? (
            <div className={`verdict-box ${verdict.isCorrect ? 'is-correct' : 'is-wrong'}`} role="status">
              <strong>{verdict.isCorrect ? '正確！' : '答案不正確'}</strong>
              <span>
                正確答案：<span className="classical-inline">{verdict.correctAnswer}</span>
              </span>
            </div>
          ) : null}
        </div>
      ) : (
        <fieldset className="options" disabled={locked}>
          <legend className="visually-hidden">選項</legend>
          {question.options.map((option, i) => {
            const chosen = answer === option;
            const state = verdict
              ? option === verdict.correctAnswer
                ? 'correct'
                : chosen
                  ? 'wrong'
                  : 'dimmed'
              : chosen
                ? 'chosen'
                : '';
            return (
              <label key={option} className={`option ${state}`} data-testid="option">
                <input
                  type="radio"
                  name={name}
                  value={option}
                  checked={chosen}
                  onChange={() => onAnswer(option)}
                />
                <span className="option-letter" aria-hidden="true">
                  {optionLetter(i)}
                </span>
                <span className="option-text">{option}</span>
                {state === 'correct' ? (
                  <>
                    <CheckIcon className="option-mark" />
                    <span className="visually-hidden">（正確答案）</span>
                  </>
                ) : null}
                {state === 'wrong' ? (
                  <>
                    <CrossIcon className="option-mark" />
                    <span className="visually-hidden">（你的答案，不正確）</span>
                  </>
                ) : null}
              </label>
            );
          })}
        </fieldset>
      )}
    </section>
  );
}
