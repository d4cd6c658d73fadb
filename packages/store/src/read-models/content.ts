/** Content reads the screens ask: past-paper metadata, the vocabulary lesson list, the decider's facts. */
import type { Db } from '../db.ts';
import { servedOnlyTo, servedTo } from '../question-repo.ts';

/** True when the past paper exists. */
export async function paperExists(db: Db, paperId: number): Promise<boolean> {
  const row = await db.selectFrom('dse_papers').select('id').where('id', '=', paperId).executeTakeFirst();
  return row !== undefined;
}

/** The set texts that have past-paper questions, by id. */
export async function passagesWithPaperQuestions(
  db: Db,
): Promise<Array<{ id: number; title: string; author: string }>> {
  return db
    .selectFrom('lessons')
    .select(['lessons.id', 'lessons.title', 'lessons.author'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('questions')
          .select('questions.id')
          .whereRef('questions.lesson_id', '=', 'lessons.id')
          .where('questions.paper_id', 'is not', null),
      ),
    )
    .orderBy('lessons.id')
    .execute();
}

/** The question types past papers use, in name order. */
export async function paperQuestionTypes(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('questions')
    .select('type')
    .distinct()
    .where('paper_id', 'is not', null)
    .orderBy('type')
    .execute();
  return rows.map((r) => r.type);
}

/** The years of the available papers, newest first. */
export async function availablePaperYears(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('dse_papers')
    .select('year')
    .distinct()
    .where('status', '=', 'available')
    .orderBy('year', 'desc')
    .execute();
  return rows.map((r) => r.year);
}

/** The lessons as the vocabulary list shows them (id, title, author, era), by id. */
export async function vocabularyLessonList(
  db: Db,
): Promise<Array<{ id: number; title: string; author: string; era: string }>> {
  return db.selectFrom('lessons').select(['id', 'title', 'author', 'era']).orderBy('id').execute();
}

/**
 * Per lesson and question type, how many practice questions there are (the decider's content facts):
 * those served to everyone, or, with `only` a learner's id, those served to that learner alone (their
 * classes' teachers' unpublished questions), which the API adds to the first for that learner.
 */
export async function practiceQuestionCounts(
  db: Db,
  only?: string,
): Promise<Array<{ lessonId: number; type: string; count: number }>> {
  const rows = await db
    .selectFrom('questions')
    .select(['lesson_id', 'type', (eb) => eb.fn.countAll<string>().as('n')])
    .where(only === undefined ? servedTo(null) : servedOnlyTo(only))
    .groupBy(['lesson_id', 'type'])
    .execute();
  return rows.map((r) => ({
    lessonId: r.lesson_id,
    type: r.type,
    count: Number(r.n),
  }));
}

/** Whether any teacher's question is served to their classes only (then learners' facts differ). */
export async function anyClassOnlyQuestions(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('questions')
    .select('id')
    .where('origin', '=', 'user')
    .where('published_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
