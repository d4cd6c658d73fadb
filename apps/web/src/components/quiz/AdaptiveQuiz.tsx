import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Question, User } from '@wenyan/contracts';
import { difficultyBadge } from '@wenyan/domain';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { isMarkedByPoints, verdictLabel } from '../../lib/answers/marking.ts';
import { useAnswerSubmission } from '../../lib/answers/useAnswerSubmission.ts';
import { applyTotals, refreshAfterNodeComplete, refreshAfterVocabulary } from '../../lib/cache.ts';
import { lessonQuery } from '../../lib/lessons.ts';
import { nextDueLabel } from '../../lib/review-format.ts';
import { MarkedAnswer } from '../answers/MarkedAnswer.tsx';
import { NextActionButton } from '../answers/NextAction.tsx';
import { AnswerKept, SubmitFailed } from '../answers/SubmitStatus.tsx';
import { XpWithheldNote } from '../answers/XpWithheldNote.tsx';
import { QuestionCard, shownVerdict } from '../QuestionCard.tsx';
import { ErrorState, ProgressBar } from '../states.tsx';
import { CompletionPopup } from './CompletionPopup.tsx';
import { type QuizAnswer, type QuizInput, quizMachine, quizSummary } from './quizMachine.ts';
import './quiz.css';

/** The quiz (lesson, lessons, preloaded questions, config: as the machine's `QuizInput`) and the screen's options. */
export interface AdaptiveQuizProps
  extends Pick<QuizInput, 'lessonId' | 'lessonIds' | 'preloadedQuestions' | 'config'> {
  user: User;
  /** False: the quiz's end posts no node or vocabulary completion (see `QuizInput.record`). */
  record?: boolean | undefined;
  /** The header title; by default the lesson's title, else 智能適應練習. */
  title?: string | undefined;
  onExit: () => void;
  /** Shows 'back to course map' in the completion popup. */
  onReturn?: (() => void) | undefined;
  /** Shows 'continue learning' in the completion popup. */
  onContinue?: (() => void) | undefined;
  /**
   * A review session (issue 21): the end records nothing, and each verdict also says the review XP the
   * server gave and when the question comes back.
   */
  review?: boolean | undefined;
  /** A line above the question (the review session names the text and marks error-book items). */
  questionNote?: ((question: Question, index: number) => React.ReactNode) | undefined;
  /** The completion popup's title (default 課程完成！). */
  completionTitle?: string | undefined;
}

/** The adaptive quiz screen (spec part 1 §2), driven by quizMachine. */
export function AdaptiveQuiz(props: AdaptiveQuizProps) {
  const { lessonId, user, config } = props;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const lesson = useQuery({ ...lessonQuery(lessonId), enabled: lessonId > 0 });
  const onExit = useRef(props.onExit);
  onExit.current = props.onExit;
  const machine = useMemo(() => quizMachine.provide({ actions: { notifyExit: () => onExit.current() } }), []);
  // Each acknowledged answer moves the header's XP at once and refreshes the user and stats.
  const submitter = useAnswerSubmission();
  const [snapshot, send] = useMachine(machine, {
    input: {
      submitter,
      lessonId,
      userId: user.id,
      lessonIds: props.lessonIds,
      preloadedQuestions: props.preloadedQuestions,
      config,
      record: props.record,
      startingXP: user.totalXP,
      review: props.review,
    },
  });
  const { context } = snapshot;
  const summary = quizSummary(context);
  const answered = context.answers.length;

  const onXpAwarded = useCallback(() => {
    if (context.totals) applyTotals(queryClient, { totals: context.totals });
    if (config.type === 'word_interpretation') void refreshAfterVocabulary(queryClient, user.id);
    else void refreshAfterNodeComplete(queryClient, user.id);
  }, [context.totals, config.type, queryClient, user.id]);

  const title = props.title ?? lesson.data?.title ?? '智能適應練習';
  const question = context.questions[context.index];
  const card = useRef<HTMLDivElement>(null);
  const shownIndex = useRef(0);
  const asking = snapshot.matches('question');
  // A new question (after 「繼續」) takes the focus to its first option or its answer field, so a keyboard or
  // screen-reader user continues from the question, not from the top of the page (as the question session).
  useEffect(() => {
    if (!asking || shownIndex.current === context.index) return;
    shownIndex.current = context.index;
    card.current?.querySelector<HTMLElement>('input[type="radio"], textarea')?.focus();
  }, [asking, context.index]);
  const kept = snapshot.matches({ feedback: 'kept' });
  const inFeedback = snapshot.matches({ feedback: 'shown' }) || kept || snapshot.matches('completed');
  const verdict = inFeedback ? context.answers[context.index] : undefined;
  const exitButton = (
    <button type="button" className="btn btn-sm btn-ghost" onClick={() => send({ type: 'quiz.exit' })}>
      離開
    </button>
  );

  let body: React.ReactNode;
  if (snapshot.matches('loading')) {
    body = (
      <div className="state" role="status" aria-live="polite">
        <div className="spinner" aria-hidden="true" />
        <p className="state-title">正在生成適應性題目...</p>
        <p className="muted">系統會根據你的表現調整題目難度</p>
      </div>
    );
  } else if (snapshot.matches('failed')) {
    body = <ErrorState message="未能載入題目，請稍後再試。" onRetry={() => send({ type: 'quiz.restart' })} />;
  } else if (snapshot.matches('empty')) {
    body = (
      <div className="card state" data-testid="quiz-empty">
        <p className="state-title">暫無可用題目</p>
        <p className="muted">請先完成一些基礎練習，或選擇其他難度。</p>
        <button type="button" className="btn" onClick={() => send({ type: 'quiz.exit' })}>
          返回選擇
        </button>
      </div>
    );
  } else if (snapshot.matches('finished')) {
    body = (
      <div className="card state quiz-finished" data-testid="quiz-finished">
        <p className="state-title">練習完成！</p>
        <dl className="finished-figures">
          <div>
            <dt>總題數</dt>
            <dd>{summary.answered}</dd>
          </div>
          <div>
            <dt>答對</dt>
            <dd>{summary.correct}</dd>
          </div>
          <div>
            <dt>正確率</dt>
            <dd>{summary.accuracy.toFixed(1)}%</dd>
          </div>
          <div>
            <dt>用時</dt>
            <dd>{summary.seconds} 秒</dd>
          </div>
        </dl>
        <button type="button" className="btn btn-primary" onClick={() => navigate('/')}>
          返回大廳
        </button>
      </div>
    );
  } else if (question) {
    const submitting = snapshot.matches({ feedback: 'grading' });
    const selected = context.selected ?? '';
    body = (
      <>
        <div className="quiz-status">
          <span data-testid="quiz-position">
            第 {context.index + 1} 題，共 {context.questions.length} 題
          </span>
          <span>
            正確率 <strong>{answered > 0 ? Math.round(summary.accuracy) : 0}%</strong>
          </span>
          <span className="badge">{difficultyBadge(question.difficulty ?? 'intermediate')}</span>
        </div>
        <ProgressBar
          value={((context.index + (verdict ? 1 : 0)) / context.questions.length) * 100}
          label="練習進度"
          tone="seal"
        />
        {props.questionNote ? (
          <div className="quiz-note">{props.questionNote(question, context.index)}</div>
        ) : null}
        {/* Enter on an option submits the selected answer (an option not yet chosen is chosen first). */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a keyboard shortcut over native radio inputs */}
        <div
          className="card quiz-card"
          ref={card}
          onKeyDown={(event) => {
            const target = event.target as HTMLInputElement;
            if (event.key !== 'Enter' || target.type !== 'radio' || verdict || submitting) return;
            event.preventDefault();
            if (!target.checked || context.selected !== target.value) {
              send({ type: 'answer.select', answer: target.value });
            } else send({ type: 'answer.submit' });
          }}
        >
          <QuestionCard
            question={question}
            answer={verdict ? verdict.selectedAnswer : selected}
            onAnswer={(answer) => send({ type: 'answer.select', answer })}
            verdict={shownVerdict(verdict)}
            disabled={submitting || Boolean(verdict?.pending)}
          />
        </div>
        <SubmitFailed failed={context.submitFailed} />
        <div className="quiz-footer">
          {verdict?.pending ? (
            // Offline: the answer waits on the device (the banner counts it) and the quiz goes on.
            <AnswerKept>
              <NextActionButton onClick={() => send({ type: 'question.continue' })} disabled={!kept}>
                繼續
              </NextActionButton>
            </AnswerKept>
          ) : verdict ? (
            <div
              className={`feedback ${
                verdict.marking && isMarkedByPoints(verdict.marking)
                  ? `is-${verdictLabel(verdict.marking).tone}`
                  : verdict.isCorrect
                    ? 'is-correct'
                    : 'is-wrong'
              }`}
              role="status"
            >
              {verdict.marking && isMarkedByPoints(verdict.marking) ? (
                <MarkedAnswer
                  result={{ marking: verdict.marking, correctAnswer: verdict.correctAnswer }}
                  questionType={question.type}
                  appeal={
                    verdict.answerVersion === undefined
                      ? undefined
                      : { userId: user.id, answerVersion: verdict.answerVersion }
                  }
                />
              ) : (
                <p className="feedback-title">{verdict.isCorrect ? '正確！' : '錯誤'}</p>
              )}
              <XpWithheldNote reason={verdict.xpWithheld} />
              {verdict.explanation ? <p className="feedback-text">解釋：{verdict.explanation}</p> : null}
              {verdict.culturalContext ? (
                <p className="feedback-text">文化背景：{verdict.culturalContext}</p>
              ) : null}
              {props.review && verdict.review ? <ReviewLine review={verdict.review} /> : null}
              <NextActionButton
                onClick={() => send({ type: 'question.continue' })}
                disabled={!snapshot.matches({ feedback: 'shown' })}
              >
                繼續
              </NextActionButton>
            </div>
          ) : (
            <button
              type="button"
              className="btn btn-primary btn-block"
              disabled={!snapshot.can({ type: 'answer.submit' }) || submitting}
              onClick={() => send({ type: 'answer.submit' })}
            >
              {submitting ? '提交中...' : '提交答案'}
            </button>
          )}
        </div>
        <ol className="step-dots" aria-label="作答記錄">
          {context.questions.map((q, i) => {
            const a = context.answers[i];
            const state = a
              ? a.pending
                ? 'is-pending'
                : a.isCorrect
                  ? 'is-correct'
                  : 'is-wrong'
              : i === context.index
                ? 'is-current'
                : '';
            return (
              <li key={q.id} className={`step-dot ${state}`}>
                <span className="visually-hidden">
                  第 {i + 1} 題{a ? (a.pending ? '已保存，待送出' : a.isCorrect ? '答對' : '答錯') : '未作答'}
                </span>
              </li>
            );
          })}
        </ol>
      </>
    );
  }

  return (
    <section className="quiz" data-testid="adaptive-quiz" aria-labelledby="quiz-title">
      <div className="quiz-header">
        <h1 className="quiz-title" id="quiz-title">
          {title}
        </h1>
        {answered > 0 && !snapshot.matches('completed') ? (
          <button type="button" className="btn btn-sm" onClick={() => send({ type: 'quiz.restart' })}>
            重新練習
          </button>
        ) : null}
        {exitButton}
      </div>
      {body}
      {snapshot.matches({ completed: 'recording' }) ? (
        <p className="muted" role="status">
          正在保存成績...
        </p>
      ) : null}
      <CompletionPopup
        open={snapshot.matches({ completed: 'popup' })}
        lessonTitle={lesson.data?.title ?? title}
        lessonAuthor={lesson.data?.author ?? null}
        correct={summary.correct}
        total={summary.answered}
        accuracy={summary.accuracy}
        seconds={summary.seconds}
        awards={context.awards}
        totalXPAfter={context.totals?.totalXP ?? user.totalXP}
        onXpAwarded={onXpAwarded}
        onReturn={props.onReturn}
        onContinue={props.onContinue}
        onClose={() => send({ type: 'popup.close' })}
        title={props.completionTitle}
      />
    </section>
  );
}

/** What the server said about the reviewed card: the review XP it earned, and when it comes back. */
function ReviewLine({ review }: { review: NonNullable<QuizAnswer['review']> }) {
  return (
    <p className="feedback-text review-line" data-testid="review-line">
      {review.reviewXp > 0 ? (
        <strong className="text-gold" data-testid="review-xp">
          複習 +{review.reviewXp} XP
        </strong>
      ) : review.wasDue ? null : (
        <span className="muted">未到複習時間，不計複習 XP</span>
      )}
      <span>下次複習：{nextDueLabel(review.nextDue)}</span>
    </p>
  );
}
