import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NodeCompleteResult,
  QUESTION_TYPES,
  type Question,
  type QuestionType,
  type User,
} from '@wenyan/contracts';
import { SESSION_QUESTION_LIMIT } from '@wenyan/domain';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MarkedAnswer } from '../../components/answers/MarkedAnswer.tsx';
import { NextActionButton } from '../../components/answers/NextAction.tsx';
import { AnswerKept, SubmitFailed } from '../../components/answers/SubmitStatus.tsx';
import { XpWithheldNote } from '../../components/answers/XpWithheldNote.tsx';
import { CheckIcon, CrossIcon } from '../../components/icons.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { QuestionCard, shownVerdict } from '../../components/QuestionCard.tsx';
import { BackLink, EmptyState, ProgressBar, Spinner } from '../../components/states.tsx';
import { AnswerQueuedError } from '../../lib/answers/answerSubmitter.ts';
import { submissionOf } from '../../lib/answers/attempt.ts';
import { isMarkedByPoints, verdictLabel } from '../../lib/answers/marking.ts';
import { useAnswerSubmission } from '../../lib/answers/useAnswerSubmission.ts';
import { applyTotals, refreshAfterNodeComplete } from '../../lib/cache.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import { completeNode } from '../../lib/progress.ts';
import { QUESTION_TYPE_LABELS } from '../../lib/question-types.ts';
import { courseQuestionsQuery, DEFAULT_CHARACTER_THRESHOLD, nodeQuestionsQuery } from './api.ts';
import { canSubmit, initialSession, sessionReducer, sessionSummary } from './session.ts';
import './practice.css';

/**
 * Spec part 2 §9: the screen returns to the roadmap 2 seconds after the session ends, unless the learner
 * holds it (「留在此頁」, focused as the results show, or any key or tap on the results: WCAG 2.2.1).
 */
export const RETURN_TO_ROADMAP_MS = 2000;

function isQuestionType(value: string | undefined): value is QuestionType {
  return (QUESTION_TYPES as readonly string[]).includes(value ?? '');
}

/** The results view: counts, accuracy, retry, and each question with its answer. */
function Results({
  questions,
  state,
  onRetry,
  returnTo,
  returning,
  onStay,
  node,
}: {
  questions: Question[];
  state: ReturnType<typeof initialSession>;
  onRetry: () => void;
  returnTo: string;
  returning: boolean;
  onStay: () => void;
  /** The server's verdict on the session (null until it answers). */
  node: NodeCompleteResult['node'] | null;
}) {
  const summary = sessionSummary(state);
  return (
    // Any key or tap on the results holds the page (WCAG 2.2.1), as the visible 「留在此頁」 does.
    <section
      className="session-results"
      data-testid="session-results"
      aria-labelledby="results-title"
      onKeyDown={returning ? onStay : undefined}
      onPointerDown={returning ? onStay : undefined}
    >
      <h2 id="results-title" className="results-title">
        練習完成！
      </h2>
      <div className="results-figures">
        <div className="figure">
          <span className="figure-value text-jade" data-testid="results-correct">
            {summary.correct}
          </span>
          <span className="figure-label">答對</span>
        </div>
        <div className="figure">
          <span className="figure-value text-brick">{summary.wrong}</span>
          <span className="figure-label">答錯</span>
        </div>
        <div className="figure">
          <span className="figure-value">{summary.accuracy}%</span>
          <span className="figure-label">正確率</span>
        </div>
      </div>
      {summary.pending > 0 ? (
        <p className="muted" data-testid="results-pending">
          另有 {summary.pending} 題答案已保存在此裝置，連線後會送出並評分。
        </p>
      ) : null}
      {node ? (
        node.completed ? (
          <p className="text-jade node-verdict" data-testid="node-verdict">
            關卡完成（{node.score}%）
          </p>
        ) : (
          <p className="text-amber node-verdict" data-testid="node-verdict">
            未達標：本節答對 {node.correctAnswers}/{node.questionsAnswered} 題（{node.score}%）， 需要{' '}
            {node.requiredScore}% 才完成關卡，還差 {Math.max(0, node.requiredScore - node.score)}%。
          </p>
        )
      ) : null}
      {returning ? (
        <p className="muted return-note" role="status">
          {RETURN_TO_ROADMAP_MS / 1000} 秒後返回學習路線…
          {/* Focused as the results show, so one Enter or Space holds the page. */}
          {/* biome-ignore lint/a11y/noAutofocus: the one control that stops the automatic return */}
          <button type="button" className="btn btn-sm btn-ghost" onClick={onStay} autoFocus>
            留在此頁
          </button>
        </p>
      ) : null}
      <div className="results-actions">
        <button type="button" className="btn" onClick={onRetry}>
          重新練習
        </button>
        <Link className="btn btn-primary" to={returnTo}>
          返回學習路線
        </Link>
      </div>
      <h3 className="section-title">逐題回顧</h3>
      <ol className="review-list">
        {state.answers.map((a, i) => {
          const q = questions[i];
          if (a.pending) {
            return (
              <li key={a.questionId} className="card review-item is-pending">
                <p className="review-head">
                  <strong>第 {i + 1} 題</strong>
                  <span className="muted">待連線後評分</span>
                </p>
                <p className="review-question">{q?.content}</p>
                <p>
                  你的答案：<span className="classical-inline">{a.answer}</span>
                </p>
              </li>
            );
          }
          return (
            <li key={a.questionId} className={`card review-item ${a.isCorrect ? 'is-correct' : 'is-wrong'}`}>
              <p className="review-head">
                {a.isCorrect ? <CheckIcon size={18} /> : <CrossIcon size={18} />}
                <strong>第 {i + 1} 題</strong>
                <span className="visually-hidden">{a.isCorrect ? '答對' : '答錯'}</span>
              </p>
              <p className="review-question">{q?.content}</p>
              <p>
                你的答案：<span className="classical-inline">{a.answer}</span>
              </p>
              {a.isCorrect ? null : (
                <p>
                  正確答案：<span className="classical-inline">{a.correctAnswer}</span>
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Session({
  user,
  lessonId,
  type,
  questions,
  returnTo,
}: {
  user: User;
  lessonId: number;
  type: QuestionType;
  questions: Question[];
  returnTo: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(sessionReducer, undefined, () =>
    initialSession(questions.length, Date.now()),
  );
  const answers = useAnswerSubmission();
  const [returning, setReturning] = useState(false);
  const [node, setNode] = useState<NodeCompleteResult['node'] | null>(null);
  const posted = useRef(false);
  const card = useRef<HTMLDivElement>(null);
  const shownIndex = useRef(state.index);
  const question = questions[state.index];

  // A new question (after 「下一題」 or a retry) takes the focus to its first option or its answer field,
  // so a keyboard or screen-reader user continues from the question, not from the top of the page.
  useEffect(() => {
    if (state.phase !== 'answering' || shownIndex.current === state.index) return;
    shownIndex.current = state.index;
    card.current?.querySelector<HTMLElement>('input[type="radio"], textarea')?.focus();
  }, [state.index, state.phase]);

  // When the results show: record the node once, then return to the roadmap after 2 s.
  useEffect(() => {
    if (state.phase !== 'results') return;
    if (!posted.current) {
      posted.current = true;
      const summary = sessionSummary(state);
      // Answers still on the device: the server checks a node's score against the answers it has, so the
      // node is recorded when the session is practised with them sent.
      if (summary.pending > 0) {
        setReturning(true);
        return;
      }
      completeNode(
        { userId: user.id, lessonId, type },
        {
          score: summary.accuracy,
          questionsAnswered: summary.answered,
          correctAnswers: summary.correct,
          timeSpent: summary.timeSpent,
        },
      )
        .then((result) => {
          applyTotals(queryClient, result);
          setNode(result.node);
          // A real unit completion (the server paid its bonus) opens the unit-complete screen with it.
          if (result.xpAwarded.some((award) => award.reason === 'unit_completed')) {
            navigate(`/lesson/${lessonId}/unit/${lessonId}/complete`, {
              state: { xpAwarded: result.xpAwarded },
            });
          }
        })
        .catch(() => {
          // 'Failed to mark node as completed' is not shown to the learner (spec part 1 §8).
        })
        .finally(() => void refreshAfterNodeComplete(queryClient, user.id));
    }
    setReturning(true);
  }, [state, user.id, lessonId, type, queryClient, navigate]);

  useEffect(() => {
    if (!returning) return;
    const timer = window.setTimeout(() => navigate(returnTo), RETURN_TO_ROADMAP_MS);
    return () => window.clearTimeout(timer);
  }, [returning, navigate, returnTo]);

  const submit = async () => {
    if (!question || !canSubmit(state)) return;
    dispatch({ type: 'answer.submit' });
    try {
      // A manual retry of the same selection reuses the answer's Idempotency-Key (see answerSubmitter).
      const result = await answers.submit(
        submissionOf(user.id, question, state.draft, state.questionStartedAt),
      );
      dispatch({
        type: 'answer.graded',
        now: Date.now(),
        answer: {
          questionId: question.id,
          answer: state.draft,
          isCorrect: result.isCorrect,
          correctAnswer: result.correctAnswer,
          explanation: result.explanation,
          marking: result.marking,
          answerVersion: result.answerVersion,
          xpWithheld: result.xpWithheld,
        },
      });
    } catch (error) {
      if (error instanceof AnswerQueuedError) {
        dispatch({ type: 'answer.queued', questionId: question.id, answer: state.draft, now: Date.now() });
      } else {
        dispatch({ type: 'answer.failed' });
      }
    }
  };

  if (state.phase === 'results') {
    return (
      <Results
        questions={questions}
        state={state}
        returnTo={returnTo}
        returning={returning}
        node={node}
        onStay={() => setReturning(false)}
        onRetry={() => {
          setReturning(false);
          setNode(null);
          posted.current = false;
          shownIndex.current = -1;
          dispatch({ type: 'session.retry', now: Date.now() });
        }}
      />
    );
  }
  if (!question) return null;
  const graded = state.phase === 'answered' ? state.answers[state.answers.length - 1] : undefined;
  const progress = ((state.index + (graded ? 1 : 0)) / questions.length) * 100;
  // The one next action after any verdict (focus moves to it).
  const nextButton = (
    <NextActionButton onClick={() => dispatch({ type: 'question.next', now: Date.now() })}>
      {state.index + 1 >= questions.length ? '查看結果' : '下一題'}
    </NextActionButton>
  );
  return (
    <section className="session" data-testid="question-session">
      <div className="session-top">
        <span className="badge badge-seal">{QUESTION_TYPE_LABELS[question.type]}</span>
        <span className="muted" data-testid="session-position">
          第 {state.index + 1} / {questions.length} 題
        </span>
      </div>
      <ProgressBar value={progress} label="練習進度" tone="seal" />
      {/* Enter on an option submits the selected answer (an option not yet chosen is chosen first). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a keyboard shortcut over native radio inputs */}
      <div
        className="card session-card"
        ref={card}
        onKeyDown={(event) => {
          const target = event.target as HTMLInputElement;
          if (event.key !== 'Enter' || target.type !== 'radio' || graded) return;
          event.preventDefault();
          if (!target.checked) dispatch({ type: 'answer.change', answer: target.value });
          else void submit();
        }}
      >
        <QuestionCard
          question={question}
          answer={state.draft}
          onAnswer={(answer) => dispatch({ type: 'answer.change', answer })}
          verdict={shownVerdict(graded)}
          disabled={state.phase === 'submitting' || Boolean(graded?.pending)}
        />
      </div>
      <SubmitFailed failed={state.submitError} />
      <div className="session-footer">
        {graded?.pending ? (
          <AnswerKept>{nextButton}</AnswerKept>
        ) : graded?.marking && isMarkedByPoints(graded.marking) ? (
          <div className={`feedback is-${verdictLabel(graded.marking).tone}`} role="status">
            <MarkedAnswer
              result={{ marking: graded.marking, correctAnswer: graded.correctAnswer }}
              questionType={question.type}
              appeal={
                graded.answerVersion === undefined
                  ? undefined
                  : { userId: user.id, answerVersion: graded.answerVersion }
              }
            />
            {graded.explanation ? <p className="feedback-text">解釋：{graded.explanation}</p> : null}
            <XpWithheldNote reason={graded.xpWithheld} />
            {nextButton}
          </div>
        ) : graded ? (
          <div className={`feedback ${graded.isCorrect ? 'is-correct' : 'is-wrong'}`} role="status">
            <p className="feedback-title">{graded.isCorrect ? '正確！' : '答案不正確'}</p>
            <XpWithheldNote reason={graded.xpWithheld} />
            {graded.isCorrect ? null : (
              <p>
                正確答案：<span className="classical-inline">{graded.correctAnswer}</span>
              </p>
            )}
            {graded.explanation ? <p className="feedback-text">解釋：{graded.explanation}</p> : null}
            {nextButton}
          </div>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={!canSubmit(state)}
            onClick={submit}
          >
            {state.phase === 'submitting' ? '提交中...' : '提交答案'}
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * The question session: /lesson/:lessonId/questions/:questionType[/:nodeId]. A node id "courseN" (from the
 * type roadmap) loads the course questions; any other loads the roadmap node's questions. Up to 8.
 */
export function QuestionSessionPage() {
  const { lessonId: rawLessonId, questionType, nodeId } = useParams();
  const lessonId = Number(rawLessonId);
  const user = useQuery(currentUserQuery).data;
  const threshold = user?.characterThreshold ?? DEFAULT_CHARACTER_THRESHOLD;
  const type = isQuestionType(questionType) ? questionType : 'word_interpretation';
  const fromCourse = nodeId?.startsWith('course') ?? false;
  const courseId = fromCourse ? Number(nodeId?.slice('course'.length)) || 1 : 1;
  const valid = lessonId > 0 && isQuestionType(questionType);
  const course = useQuery({
    ...courseQuestionsQuery(lessonId, courseId, type),
    enabled: valid && fromCourse,
  });
  const node = useQuery({ ...nodeQuestionsQuery(lessonId, type, threshold), enabled: valid && !fromCourse });
  const questions = fromCourse ? course : node;
  const returnTo = fromCourse ? `/lesson/${lessonId}/${type}/roadmap` : `/lesson/${lessonId}/roadmap`;

  const body =
    !(lessonId > 0) || !isQuestionType(questionType) || !user ? (
      <NotFound returnTo="/" />
    ) : (
      <QueryBoundary
        query={questions}
        loading={<Spinner label="載入題目中..." />}
        errorMessage="載入題目失敗，請稍後再試。"
        isEmpty={(list) => list.length === 0}
        empty={<NotFound returnTo={returnTo} />}
      >
        {(list) => (
          <Session
            key={`${lessonId}-${type}-${nodeId ?? ''}`}
            user={user}
            lessonId={lessonId}
            type={type}
            questions={list.slice(0, SESSION_QUESTION_LIMIT)}
            returnTo={returnTo}
          />
        )}
      </QueryBoundary>
    );
  return (
    <main className="page session-page">
      <h1 className="visually-hidden">{QUESTION_TYPE_LABELS[type]}練習</h1>
      <BackLink to={returnTo} label="返回學習路線" />
      {body}
    </main>
  );
}

function NotFound({ returnTo }: { returnTo: string }) {
  return (
    <EmptyState title="找不到練習題目">
      <Link className="btn" to={returnTo}>
        返回
      </Link>
    </EmptyState>
  );
}
