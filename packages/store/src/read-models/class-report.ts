/**
 * The per-question class report (issue 40): for a set of learners (a class's members) and a scope of
 * questions (a lesson, a lesson's practice type, or named questions), how many answered each question,
 * how many ever answered it wrongly and how many still have it open in their error book, with the
 * wrong answers they gave, counted (never who gave them). Read from the read models only: a learner's
 * `review_cards` row says they answered the question (every counted answer moves a card), their
 * `error_questions` row that they got it wrong, with their latest wrong answer.
 */
import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { isId } from '../ids.ts';

/** Which questions the report covers. */
export type QuestionReportScope =
  | { readonly lessonId: number; readonly type?: string | null }
  | { readonly questionIds: readonly string[] };

export interface WrongAnswerCount {
  /** The answer as learners wrote it (whitespace trimmed and collapsed; the same text counted once). */
  answer: string;
  count: number;
}

export interface QuestionReportRecord {
  questionId: string;
  lessonId: number;
  type: string;
  content: string;
  targetText: string | null;
  correctAnswer: string;
  /** Learners who answered the question (at least one counted answer). */
  answered: number;
  /** Of them, learners who answered it wrongly at least once. */
  wrong: number;
  /** Of them, learners for whom it is still open in their error book (not mastered). */
  stillOpen: number;
  /** The wrong answers, most given first (each learner's latest wrong answer), at most `MAX_WRONG_ANSWERS`. */
  wrongAnswers: WrongAnswerCount[];
}

/** The wrong answers shown for one question. */
export const MAX_WRONG_ANSWERS = 3;

/** One spelling of a written answer, so 「 窮困 」 and 「窮困」 count as one. */
export function normalizeAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().replace(/\s+/g, ' ');
}

/**
 * The report's rows, most wrong first (by the share of those who answered, then by count, then by
 * question id); questions nobody in `learnerIds` answered are left out.
 */
export async function readClassQuestionReport(
  db: Db,
  learnerIds: readonly string[],
  scope: QuestionReportScope,
): Promise<QuestionReportRecord[]> {
  const learners = learnerIds.filter(isId);
  if (learners.length === 0) return [];
  if ('questionIds' in scope && scope.questionIds.length === 0) return [];
  let counts = db
    .selectFrom('review_cards as rc')
    .innerJoin('questions as q', 'q.id', 'rc.question_id')
    .leftJoin('error_questions as eq', (join) =>
      join.onRef('eq.user_id', '=', 'rc.user_id').onRef('eq.question_id', '=', 'rc.question_id'),
    )
    .select([
      'rc.question_id',
      'q.lesson_id',
      'q.type',
      'q.content',
      'q.target_text',
      'q.correct_answer',
      sql<string>`count(*)`.as('answered'),
      sql<string>`count(eq.user_id)`.as('wrong'),
      sql<string>`count(*) filter (where eq.is_active)`.as('still_open'),
    ])
    .where('rc.user_id', 'in', learners)
    .groupBy(['rc.question_id', 'q.lesson_id', 'q.type', 'q.content', 'q.target_text', 'q.correct_answer']);
  if ('questionIds' in scope) {
    counts = counts.where('rc.question_id', 'in', [...scope.questionIds]);
  } else {
    // A lesson's practice questions (the bank and teachers' own), not its papers'.
    counts = counts.where('q.lesson_id', '=', scope.lessonId).where('q.origin', 'in', ['bank', 'user']);
    if (scope.type) counts = counts.where('q.type', '=', scope.type);
  }
  const rows = await counts.execute();
  if (rows.length === 0) return [];
  const answers = await db
    .selectFrom('error_questions')
    .select(['question_id', 'incorrect_answer', sql<string>`count(*)`.as('n')])
    .where('user_id', 'in', learners)
    .where(
      'question_id',
      'in',
      rows.map((r) => r.question_id),
    )
    .where('incorrect_answer', 'is not', null)
    .groupBy(['question_id', 'incorrect_answer'])
    .execute();
  const wrongByQuestion = new Map<string, Map<string, number>>();
  for (const a of answers) {
    const text = normalizeAnswer(a.incorrect_answer ?? '');
    if (text === '') continue;
    const byText = wrongByQuestion.get(a.question_id) ?? new Map<string, number>();
    byText.set(text, (byText.get(text) ?? 0) + Number(a.n));
    wrongByQuestion.set(a.question_id, byText);
  }
  const records = rows.map((r): QuestionReportRecord => {
    const wrong = Number(r.wrong);
    return {
      questionId: r.question_id,
      lessonId: r.lesson_id,
      type: r.type,
      content: r.content,
      targetText: r.target_text,
      correctAnswer: r.correct_answer,
      answered: Math.max(Number(r.answered), wrong),
      wrong,
      stillOpen: Number(r.still_open),
      wrongAnswers: [...(wrongByQuestion.get(r.question_id) ?? new Map<string, number>())]
        .map(([answer, count]) => ({ answer, count }))
        .sort((a, b) => b.count - a.count || a.answer.localeCompare(b.answer))
        .slice(0, MAX_WRONG_ANSWERS),
    };
  });
  return records.sort(
    (a, b) =>
      b.wrong / b.answered - a.wrong / a.answered ||
      b.wrong - a.wrong ||
      a.questionId.localeCompare(b.questionId),
  );
}
