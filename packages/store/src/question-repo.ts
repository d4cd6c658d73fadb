import { sql } from 'kysely';
import type { Db } from './db.ts';

/** The columns a question read needs. */
const columns = [
  'id',
  'lesson_id',
  'type',
  'content',
  'options',
  'correct_answer',
  'keywords',
  'marking',
  'rubric',
  'explanation',
  'cultural_context',
  'target_text',
  'highlight',
  'difficulty',
  'character_frequency',
  'points',
  'session_id',
  'paper_id',
  'position',
  'origin',
  'tags',
] as const;

/** Questions a learner practises in a lesson (the bank and those teachers added; not papers). */
export const PRACTICE_ORIGINS = ['bank', 'user'] as const;

export async function findQuestion(db: Db, id: string) {
  return db.selectFrom('questions').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function findQuestions(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('questions').select(columns).where('id', 'in', ids).execute();
}

export async function lessonQuestions(db: Db, lessonId: number) {
  return db
    .selectFrom('questions')
    .select(columns)
    .where('lesson_id', '=', lessonId)
    .where('origin', 'in', PRACTICE_ORIGINS)
    .orderBy('type')
    .orderBy('id')
    .execute();
}

/**
 * A node's questions: the lesson's questions of one type within the learner's word-frequency
 * threshold (the threshold only limits word questions; other types have no frequency tier).
 */
export async function nodeQuestions(db: Db, lessonId: number, type: string, characterThreshold: number) {
  return db
    .selectFrom('questions')
    .select(columns)
    .where('lesson_id', '=', lessonId)
    .where('type', '=', type)
    .where('origin', 'in', PRACTICE_ORIGINS)
    .where((eb) =>
      eb.or([eb('character_frequency', 'is', null), eb('character_frequency', '<=', characterThreshold)]),
    )
    .orderBy('difficulty')
    .orderBy('id')
    .execute();
}

/**
 * A roadmap node's session: all the lesson's questions of one type, the word questions within the
 * learner's word-frequency threshold first (easier first within each part), the rarer ones after them,
 * so a node always offers a full session when the lesson has enough questions of the type. Since
 * characterFrequency measures the set texts themselves (content/README.md), a text whose key words are
 * rare (出師表: 崩殂, 駑鈍) has few word questions at 200 or 400; hiding the rest left its node short.
 */
export async function nodeSessionQuestions(
  db: Db,
  lessonId: number,
  type: string,
  characterThreshold: number,
) {
  return db
    .selectFrom('questions')
    .select(columns)
    .where('lesson_id', '=', lessonId)
    .where('type', '=', type)
    .where('origin', 'in', PRACTICE_ORIGINS)
    .orderBy(
      sql`case when character_frequency is null or character_frequency <= ${characterThreshold} then 0 else 1 end`,
    )
    .orderBy(sql`case difficulty when 'beginner' then 0 when 'intermediate' then 1 else 2 end`)
    .orderBy('id')
    .execute();
}

/** Per question type, how many questions a lesson's roadmap node can draw on (see nodeSessionQuestions). */
export async function nodeAvailability(db: Db, lessonId: number, _characterThreshold: number) {
  const rows = await db
    .selectFrom('questions')
    .select(['type', (eb) => eb.fn.countAll<string>().as('n')])
    .where('lesson_id', '=', lessonId)
    .where('origin', 'in', PRACTICE_ORIGINS)
    .groupBy('type')
    .execute();
  return rows.map((r) => ({ type: r.type, count: Number(r.n) }));
}

/** Word questions of some lessons (the vocabulary quiz), in a stable order. */
export async function wordQuestionsOfLessons(db: Db, lessonIds: readonly number[], characterThreshold = 900) {
  if (lessonIds.length === 0) return [];
  return db
    .selectFrom('questions')
    .select(columns)
    .where('lesson_id', 'in', lessonIds)
    .where('type', '=', 'word_interpretation')
    .where('origin', 'in', PRACTICE_ORIGINS)
    .where((eb) =>
      eb.or([eb('character_frequency', 'is', null), eb('character_frequency', '<=', characterThreshold)]),
    )
    .orderBy('lesson_id')
    .orderBy('id')
    .execute();
}

export async function sessionQuestions(db: Db, sessionId: number) {
  return db
    .selectFrom('questions')
    .select(columns)
    .where('session_id', '=', sessionId)
    .orderBy('position')
    .execute();
}

export async function paperQuestions(db: Db, paperId: number) {
  return db
    .selectFrom('questions')
    .select(columns)
    .where('paper_id', '=', paperId)
    .orderBy('position')
    .execute();
}

/** Past-paper questions filtered by lessons, types and paper years (empty filter = any). */
export async function pastPaperQuestions(
  db: Db,
  filter: {
    lessonIds?: readonly number[];
    types?: readonly string[];
    years?: readonly string[];
    limit?: number;
  },
) {
  let query = db
    .selectFrom('questions')
    .innerJoin('dse_papers', 'dse_papers.id', 'questions.paper_id')
    .select(columns.map((c) => `questions.${c}` as const))
    .select('dse_papers.year');
  if (filter.lessonIds?.length) query = query.where('questions.lesson_id', 'in', filter.lessonIds);
  if (filter.types?.length) query = query.where('questions.type', 'in', filter.types);
  if (filter.years?.length) query = query.where('dse_papers.year', 'in', filter.years);
  query = query
    .orderBy('dse_papers.year', 'desc')
    .orderBy('questions.paper_id')
    .orderBy('questions.position');
  if (filter.limit) query = query.limit(filter.limit);
  return query.execute();
}

export async function listPapers(db: Db) {
  return db
    .selectFrom('dse_papers')
    .leftJoin('questions', 'questions.paper_id', 'dse_papers.id')
    .select(['dse_papers.id', 'dse_papers.year', 'dse_papers.title', 'dse_papers.status'])
    .select((eb) => eb.fn.count<string>('questions.id').as('question_count'))
    .groupBy(['dse_papers.id', 'dse_papers.year', 'dse_papers.title', 'dse_papers.status'])
    .orderBy('dse_papers.year', 'desc')
    .orderBy('dse_papers.id')
    .execute();
}

export async function listVocabularySessions(db: Db) {
  return db
    .selectFrom('vocabulary_sessions')
    .leftJoin('questions', 'questions.session_id', 'vocabulary_sessions.id')
    .select([
      'vocabulary_sessions.id',
      'vocabulary_sessions.title',
      'vocabulary_sessions.description',
      (eb) => eb.fn.count<string>('questions.id').as('question_count'),
    ])
    .groupBy(['vocabulary_sessions.id', 'vocabulary_sessions.title', 'vocabulary_sessions.description'])
    .orderBy('vocabulary_sessions.id')
    .execute();
}

/** Per lesson, its word questions (the vocabulary lesson list). */
export async function wordQuestionCounts(db: Db) {
  const rows = await db
    .selectFrom('questions')
    .select(['lesson_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('type', '=', 'word_interpretation')
    .where('origin', 'in', PRACTICE_ORIGINS)
    .groupBy('lesson_id')
    .execute();
  return new Map(rows.map((r) => [r.lesson_id, Number(r.n)]));
}

export async function questionCountsByType(db: Db) {
  const rows = await db
    .selectFrom('questions')
    .select(['type', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('type')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}

/** A question added through the add-question form. */
export async function insertUserQuestion(
  db: Db,
  q: {
    id: string;
    lessonId: number;
    content: string;
    targetText: string;
    options: string[];
    correctAnswer: string;
    explanation: string;
    culturalContext: string | null;
    difficulty: string;
    characterFrequency: number;
    createdBy: string;
  },
) {
  return db
    .insertInto('questions')
    .values({
      id: q.id,
      lesson_id: q.lessonId,
      type: 'word_interpretation',
      difficulty: q.difficulty,
      character_frequency: q.characterFrequency,
      content: q.content,
      target_text: q.targetText,
      highlight: q.targetText,
      options: JSON.stringify(q.options),
      correct_answer: q.correctAnswer,
      keywords: null,
      explanation: q.explanation,
      cultural_context: q.culturalContext,
      session_id: null,
      paper_id: null,
      points: null,
      origin: 'user',
      created_by: q.createdBy,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}
