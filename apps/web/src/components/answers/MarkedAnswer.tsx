/**
 * A marked free-text answer (UI.md, "Marked answers"): the verdict (全對 / 部分正確 n/m 分 in amber /
 * 未達要求 / 待老師批閱 with the provisional points and a line that XP waits for the teacher), each
 * scoring point as a row (the point; the learner's words that earned it in jade, or the accepted
 * rendering they missed in brick, worded for the question type: 應譯作 / 應解作 / 要點), then the
 * model answer. Everything comes from the answer's
 * reply: the client compares nothing.
 */
import type { AnswerResult, QuestionType } from '@wenyan/contracts';
import { isMarkedByPoints, missedPointWords, pendingLine, verdictLabel } from '../../lib/answers/marking.ts';
import { AppealButton } from './AppealButton.tsx';
import './marked-answer.css';

export function MarkedAnswer({
  result,
  questionType,
  appeal,
}: {
  result: Pick<AnswerResult, 'marking' | 'correctAnswer'>;
  /** The answered question's type: a missed point of a short answer is not something it 「應譯作」. */
  questionType: QuestionType;
  /** The learner and the answer's stream version: offers 「我認為答案正確」 under a partial or failed marking. */
  appeal?: { userId: string; answerVersion: number } | undefined;
}) {
  const { marking } = result;
  const appealable =
    appeal !== undefined &&
    isMarkedByPoints(marking) &&
    marking.points.length > 0 &&
    !marking.selfAssessed &&
    marking.verdict !== 'pending' &&
    marking.earned < marking.available;
  const verdict = verdictLabel(marking);
  const pending = pendingLine(marking);
  return (
    <section className="marked" data-testid="marked-answer" aria-label="評分">
      <p className={`marked-verdict text-${verdict.tone}`} data-testid="marked-verdict">
        {marking.selfAssessed ? `自評：${marking.earned}/${marking.available} 分` : verdict.text}
      </p>
      {pending ? (
        <p className="marked-note" data-testid="marked-pending">
          {pending}
        </p>
      ) : null}
      {marking.copied ? (
        <p className="marked-note text-brick">答案只是照抄原文，沒有語譯，所以不得分。</p>
      ) : null}
      {(marking.notes ?? [])
        .filter((n) => n.code !== 'copied' && n.code !== 'uncertain')
        .map((n) => (
          <p
            key={n.code}
            className={`marked-note ${n.code === 'typo' ? '' : 'text-brick'}`}
            data-testid="marked-note"
            data-code={n.code}
          >
            {n.message}
          </p>
        ))}
      {isMarkedByPoints(marking) && marking.points.length > 0 ? (
        <ul className="marked-points">
          {marking.points.map((point) => (
            <li
              key={point.id}
              className={`marked-point ${point.earned ? 'is-earned' : 'is-missed'}`}
              data-testid="marked-point"
              data-earned={point.earned}
            >
              <span className="marked-point-label">{point.label}</span>
              {point.earned ? (
                <span className="marked-point-words text-jade">
                  <span className="visually-hidden">得分：</span>你寫「{point.matched ?? point.expected}」
                </span>
              ) : (
                <span className="marked-point-words text-brick">
                  <span className="visually-hidden">失分：</span>
                  {missedPointWords(questionType, point.expected)}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="marked-model">
        <strong>參考答案：</strong>
        <span className="classical-inline">{result.correctAnswer}</span>
      </p>
      {appealable ? <AppealButton userId={appeal.userId} answerVersion={appeal.answerVersion} /> : null}
    </section>
  );
}
