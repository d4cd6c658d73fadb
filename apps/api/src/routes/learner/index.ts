import type { AnswerMarking, AnswerReview, NodeCompleteResult, RubricLevel } from '@wenyan/contracts';
import {
  type AnswerSubmitted,
  bookCard,
  type LearnerEvent,
  type LearnerState,
  ledgerDueMs,
  lessonPartKey,
  lessonState,
  NODE_PASS_PERCENT,
  NOTE_MESSAGES,
  normaliseSchoolName,
  planInForce,
  reviewBookOf,
  reviewLedgerOf,
  type SelfAssessment,
} from '@wenyan/domain';
import {
  findLesson,
  findQuestion,
  learnerStreamId,
  loadState,
  readLearnerView,
  selfMarkRuleForLearner,
  setSchoolName,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { learnerModel, runLearnerCommand } from '../../learner/commands.ts';
import { questionForGrading, toErrorRecord, toKeyedQuestion, xpAwards } from '../../learner/mappers.ts';
import { knownTags } from '../../learner/reviews.ts';
import { servedAt, servedToken } from '../../learner/served.ts';
import { totalsOf, withEvents } from '../../learner/view.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { loadUserView } from '../../users-view.ts';

/** The marks of a level of a rubric ("7-8" → 8, "3" → 3): the learner takes the level's top mark. */
function topMark(marks: string): number {
  return Math.max(...marks.split('-').map(Number));
}

/**
 * A long paper question's self-assessment: the marks of the rubric level the learner gave their
 * answer, out of the question's marks. Required for a long question with a rubric; a 400 naming the
 * field when missing or not one of the rubric's levels.
 */
function selfAssessmentOf(
  question: { type: string; rubric: readonly RubricLevel[] | null; points: number | null },
  level: string | undefined,
): SelfAssessment | undefined {
  const rubric = question.rubric ?? [];
  if (question.type !== 'long_question' || rubric.length === 0) return undefined;
  const chosen = rubric.find((r) => r.level === level);
  if (!chosen) {
    throw new ApiError(400, 'VALIDATION_FAILED', '請先按評分準則為答案自評', [
      { field: 'body.selfAssessedLevel', message: `must be one of ${rubric.map((r) => r.level).join(', ')}` },
    ]);
  }
  const available = question.points ?? Math.max(...rubric.map((r) => topMark(r.marks)));
  // The rubric's lowest level: a short answer is marked no higher (issue 37).
  const lowest = Math.min(...rubric.map((r) => topMark(r.marks)));
  return {
    pointsEarned: Math.min(topMark(chosen.marks), available),
    pointsAvailable: available,
    lowestLevelPoints: Math.min(lowest, available),
  };
}

/** The answer's marking as the reply shows it (全對 / 部分正確 n/m 分 / 未達要求 / 待老師批閱). */
function answerMarking(answer: AnswerSubmitted | undefined): AnswerMarking {
  if (!answer) {
    return { verdict: 'incorrect', earned: 0, available: 1, copied: false, selfAssessed: false, points: [] };
  }
  const d = answer.data;
  const notes = d.notes ?? [];
  // A required negation dropped reverses the sentence: 未達要求 whatever else it earned (issue 36).
  const verdict =
    d.pendingReview === true
      ? 'pending'
      : d.pointsEarned >= d.pointsAvailable
        ? 'correct'
        : d.pointsEarned > 0 && !notes.includes('negation_missing')
          ? 'partial'
          : 'incorrect';
  return {
    verdict,
    earned: d.pointsEarned,
    available: d.pointsAvailable,
    copied: d.copied,
    selfAssessed: d.selfAssessed,
    points: d.points.map((p) => ({ ...p })),
    ...(notes.length > 0 ? { notes: notes.map((code) => ({ code, message: NOTE_MESSAGES[code] })) } : {}),
  };
}

/** What the answer did to the question's review card: due or not, review XP, the next review. */
function answerReview(
  state: LearnerState,
  answer: AnswerSubmitted | undefined,
  events: readonly LearnerEvent[],
): { review?: AnswerReview } {
  if (!answer) return {};
  const dueMs = ledgerDueMs(reviewLedgerOf(state), answer.data.lessonId, answer.data.questionId);
  if (dueMs === undefined) return {};
  const reviewXp = events.reduce(
    (sum, e) => sum + (e.type === 'XpAwarded' && e.data.reason === 'review_correct' ? e.data.amount : 0),
    0,
  );
  return {
    review: { wasDue: answer.data.wasDue === true, reviewXp, nextDue: new Date(dueMs).toISOString() },
  };
}

/** The server's verdict on a finished node session, from the event it decided. */
function nodeVerdict(events: readonly LearnerEvent[]): NodeCompleteResult['node'] {
  for (const e of events) {
    if (e.type === 'NodeCompleted') {
      const { score, questionsAnswered, correctAnswers } = e.data;
      return {
        completed: true,
        score,
        questionsAnswered,
        correctAnswers,
        requiredScore: NODE_PASS_PERCENT,
        requiredQuestions: questionsAnswered,
      };
    }
    if (e.type === 'NodeFellShort') {
      const { score, questionsAnswered, correctAnswers, requiredScore, requiredQuestions } = e.data;
      return { completed: false, score, questionsAnswered, correctAnswers, requiredScore, requiredQuestions };
    }
  }
  return {
    completed: false,
    score: 0,
    questionsAnswered: 0,
    correctAnswers: 0,
    requiredScore: NODE_PASS_PERCENT,
    requiredQuestions: 0,
  };
}

/** A claim the content does not bear out (a lesson that does not exist, a range past the text): 400. */
function unsupportedClaim(field: string, message: string) {
  return new ApiError(400, 'VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);
}

/**
 * Whether a stored question is served to a learner: the bank's and papers' always; a teacher's unless
 * withdrawn, once published, or to its author and the learners of the author's classes.
 */
async function isServedTo(
  app: FastifyInstance,
  question: {
    origin: string;
    created_by: string | null;
    published_at: Date | null;
    withdrawn_at: Date | null;
  },
  learnerId: string,
): Promise<boolean> {
  if (question.origin !== 'user') return true;
  if (question.withdrawn_at !== null) return false;
  if (question.published_at !== null || question.created_by === null) return question.published_at !== null;
  const author = String(question.created_by);
  return author === learnerId || app.teachesLearner(author, learnerId);
}

/** The learner's write calls. Each turns the request into a command; the server decides the rest. */
export async function learnerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(
    app,
    'submitAnswer',
    async (ctx) => {
      const { input, user } = ctx;
      const { body } = input;
      if (body.userId !== user.id) throw forbidden('you can only answer for yourself');
      // The scheme as this learner is marked: approved renderings and their classes' own (issue 36).
      const question = await app.questionForLearner(body.questionId, user.id);
      // A teacher's question kept to their classes (or withdrawn) does not exist for anyone else.
      if (!question || !(await isServedTo(app, question, user.id))) throw notFound('question');
      const selfAssessment = selfAssessmentOf(question, body.selfAssessedLevel);
      return runLearnerCommand(
        app,
        ctx,
        {
          type: 'SubmitAnswer',
          data: {
            question: questionForGrading(question),
            selectedAnswer: body.selectedAnswer,
            timeSpent: body.timeSpent,
            ...(body.answeredAt === undefined ? {} : { answeredAt: body.answeredAt }),
            source:
              question.paper_id !== null
                ? 'past_paper'
                : question.session_id !== null
                  ? 'vocabulary'
                  : 'quiz',
            ...(selfAssessment
              ? { selfAssessment, selfMarkRule: await selfMarkRuleForLearner(app.deps.db, user.id) }
              : {}),
            ...(app.deps.env.XP_PACE === 'off'
              ? {}
              : { servedAt: servedAt(body.served, user.id, question.id) }),
          },
        },
        (state, events, _prepared, fromVersion) => {
          const answer = events.find((e) => e.type === 'AnswerSubmitted');
          return {
            answerVersion: fromVersion + events.findIndex((e) => e.type === 'AnswerSubmitted') + 1,
            isCorrect: answer?.type === 'AnswerSubmitted' ? answer.data.isCorrect : false,
            correctAnswer: question.correct_answer,
            explanation: question.explanation,
            culturalContext: question.cultural_context,
            marking: answerMarking(answer?.type === 'AnswerSubmitted' ? answer : undefined),
            earnedXp: answer?.type === 'AnswerSubmitted' ? answer.data.earnedXp : false,
            ...(answer?.type === 'AnswerSubmitted' && answer.data.xpWithheld !== undefined
              ? { xpWithheld: answer.data.xpWithheld }
              : {}),
            xpAwarded: xpAwards(events),
            totals: totalsOf(state),
            ...answerReview(state, answer?.type === 'AnswerSubmitted' ? answer : undefined, events),
          };
        },
      );
      // The hottest route: a small body in, a reply of about 1 KiB out (not worth compressing).
    },
    { compress: false },
  );

  // The spec's client posts its own XP figure after each correct answer. XP is the server's to decide
  // (it was awarded with the answer), so this records nothing and answers the learner's true totals.
  defineRoute(app, 'awardXp', async ({ user }) => {
    const { state } = await loadState(db, learnerStreamId(user.id), learnerModel);
    return totalsOf(state);
  });

  defineRoute(app, 'getNodeResults', async ({ input }) => {
    const { state } = await loadState(db, learnerStreamId(input.params.id), learnerModel, [
      lessonPartKey(input.params.lessonId),
    ]);
    const lesson = lessonState(state, input.params.lessonId);
    const types = new Set([...lesson.nodeTypes, ...Object.keys(lesson.nodeBest)]);
    return {
      unitCompleted: lesson.unitCompleted,
      nodes: [...types].map((type) => ({
        type: type as never,
        completed: lesson.nodeTypes.includes(type),
        bestScore: lesson.nodeBest[type] ?? 0,
        requiredScore: NODE_PASS_PERCENT,
      })),
    };
  });

  /** A lesson's text, cached; null: no such lesson. */
  const lessonText = (id: number) =>
    app.cachedContent(`lesson-text:${id}`, async () => (await findLesson(db, id))?.content ?? null);
  /** A lesson's length in characters (code points, as the recitation screen counts them), cached; null: none. */
  const lessonLength = (id: number) =>
    app.cachedContent(`lesson-length:${id}`, async () => {
      const text = await lessonText(id);
      return text === null ? null : Array.from(text).length;
    });

  defineRoute(app, 'completeNode', async (ctx) => {
    const { input } = ctx;
    if ((await lessonLength(input.params.lessonId)) === null) {
      throw unsupportedClaim('params.lessonId', '沒有這一課');
    }
    const { params, body } = input;
    return runLearnerCommand(
      app,
      ctx,
      {
        type: 'CompleteNode',
        data: {
          lessonId: params.lessonId,
          nodeType: params.type,
          score: body.score,
          questionsAnswered: body.questionsAnswered,
          correctAnswers: body.correctAnswers,
          timeSpent: body.timeSpent,
        },
      },
      (state, events) => ({
        xpAwarded: xpAwards(events),
        totals: totalsOf(state),
        completedActivities: [...(state.lessons[String(params.lessonId)]?.nodeTypes ?? [])] as never,
        node: nodeVerdict(events),
      }),
    );
  });

  defineRoute(
    app,
    'saveVocabularyRecord',
    async (ctx) => {
      const { input, user } = ctx;
      const { body } = input;
      if (body.userId !== user.id) throw forbidden('you can only record your own practice');
      return runLearnerCommand(
        app,
        ctx,
        {
          type: 'CompleteVocabularyExercise',
          data: {
            exerciseType: body.exerciseType,
            exerciseId: body.exerciseId,
            lessonIds: body.lessonIds,
            score: body.score,
            questionsAnswered: body.questionsAnswered,
            correctAnswers: body.correctAnswers,
            timeSpent: body.timeSpent,
            difficulty: body.difficulty,
          },
        },
        (_state, events) => {
          const done = events.find((e) => e.type === 'VocabularyExerciseCompleted');
          const at = done?.data.at ?? new Date().toISOString();
          return {
            id: `${user.id}-${body.exerciseType}-${body.exerciseId}-${at}`,
            exerciseType: body.exerciseType,
            exerciseId: body.exerciseId,
            lessonIds: body.lessonIds,
            score: done?.type === 'VocabularyExerciseCompleted' ? done.data.score : body.score,
            timeSpent: body.timeSpent,
            // The answers the server recorded in the session, not the claim.
            questionsAnswered: done?.type === 'VocabularyExerciseCompleted' ? done.data.questionsAnswered : 0,
            correctAnswers: done?.type === 'VocabularyExerciseCompleted' ? done.data.correctAnswers : 0,
            difficulty: body.difficulty,
            completedAt: at,
          };
        },
      );
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'updateSchool', async (ctx) => {
    const { input, user } = ctx;
    const current = await loadUserView(db, user);
    const schoolName = normaliseSchoolName(input.body.schoolName);
    const reply = await runLearnerCommand(
      app,
      ctx,
      {
        type: 'ChangeSchoolName',
        data: { schoolName: input.body.schoolName, currentSchoolName: current.schoolName },
      },
      (state) => ({ ...current, schoolName, ...totalsOf(state) }),
    );
    // The log records that the school changed; the name itself is kept only in the account.
    if (schoolName !== current.schoolName) await setSchoolName(db, user.id, schoolName);
    return reply;
  });

  /** What the error-book answer needs, read before the command's transaction. */
  async function errorRecordInputs(userId: string, questionId: string) {
    const [{ view }, question, facts] = await Promise.all([
      // The question's own error record and card: the view holds no other item.
      readLearnerView(db, userId, [questionId]),
      findQuestion(db, questionId),
      app.learnerContext(),
    ]);
    return { view, question, adminExamDates: facts.adminExamDates };
  }

  function errorRecordAfter(
    questionId: string,
    events: Parameters<typeof withEvents>[1],
    inputs: Awaited<ReturnType<typeof errorRecordInputs>>,
  ) {
    const view = withEvents(inputs.view, events);
    const record = view.errorBook[questionId];
    if (!record || !inputs.question) throw notFound('error-book question');
    const nowMs = Date.now();
    const book = reviewBookOf(view);
    return toErrorRecord(record, toKeyedQuestion(inputs.question), {
      card: bookCard(book, questionId),
      tags: knownTags(inputs.question.tags ?? []),
      plan: planInForce(book.plan, inputs.adminExamDates, nowMs),
      nowMs,
    });
  }

  defineRoute(app, 'masterErrorQuestion', async (ctx) => {
    const { input, user } = ctx;
    const { questionId } = input.params;
    return runLearnerCommand(
      app,
      ctx,
      { type: 'MasterErrorQuestion', data: { questionId } },
      (_state, events, inputs) => errorRecordAfter(questionId, events, inputs),
      { prepare: () => errorRecordInputs(user.id, questionId) },
    );
  });

  // The spec's client saves a personal note "as an incorrect answer with the note": the note is the
  // change; the answer itself is not re-graded here (answers go through POST /api/users/answers).
  defineRoute(app, 'updateErrorQuestion', async (ctx) => {
    const { input, user } = ctx;
    const { questionId } = input.params;
    return runLearnerCommand(
      app,
      ctx,
      { type: 'SaveErrorNote', data: { questionId, note: input.body.userExplanation } },
      (_state, events, inputs) => errorRecordAfter(questionId, events, inputs),
      { prepare: () => errorRecordInputs(user.id, questionId) },
    );
  });

  // The server's record of when it served a recitation (issue 37): a written run is timed from it.
  defineRoute(app, 'serveRecitation', async ({ input, user }) => {
    if ((await lessonText(input.body.lessonId)) === null)
      throw unsupportedClaim('body.lessonId', '沒有這一課');
    return { served: servedToken(user.id, recitationServedId(input.body.lessonId)) };
  });

  defineRoute(
    app,
    'finishRecitation',
    async (ctx) => {
      const { input } = ctx;
      const { body } = input;
      const text = await lessonText(body.lessonId);
      if (text === null) throw unsupportedClaim('body.lessonId', '沒有這一課');
      const length = Array.from(text).length;
      if (body.end > length) throw unsupportedClaim('body.end', `結束位置超出課文（共 ${length} 字）`);
      return runLearnerCommand(
        app,
        ctx,
        {
          type: 'FinishRecitation',
          data: {
            lessonId: body.lessonId,
            start: body.start,
            end: body.end,
            mode: body.mode,
            mistakes: body.mistakes,
            durationMs: body.durationMs,
            picks: body.picks,
            written: body.written,
            text,
            ...(app.deps.env.XP_PACE === 'off' || body.mode === 'choice'
              ? {}
              : { servedAt: servedAt(body.served, ctx.user.id, recitationServedId(body.lessonId)) }),
          },
        },
        (state, events) => {
          const done = events.find((e) => e.type === 'RecitationFinished');
          const run = done?.type === 'RecitationFinished' ? done.data : null;
          const written = run !== null && run.mode !== 'choice';
          return {
            xpAwarded: xpAwards(events),
            totals: totalsOf(state),
            accuracy: run?.accuracy ?? 0,
            grade: run?.grade ?? 'needs_improvement',
            mode: run?.mode ?? body.mode,
            characters: run?.characters ?? 0,
            mistakes: run?.mistakes ?? 0,
            marks: written
              ? run.attempts.map((a) => ({
                  position: a.position,
                  character: a.character,
                  typed: a.selected,
                  status: a.isCorrect
                    ? ('correct' as const)
                    : a.selected === ''
                      ? ('missing' as const)
                      : ('wrong' as const),
                }))
              : [],
            extras: written ? run.extra.map((x) => ({ after: x.after, typed: x.typed })) : [],
          };
        },
      );
    },
    { successStatus: 201 },
  );
}

/** The subject of a recitation's served token: the lesson (a passage's ranges share it). */
const recitationServedId = (lessonId: number) => `recitation:${lessonId}`;
