import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from './db.ts';
import { isId } from './ids.ts';
import type { Database } from './tables.ts';

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
  'created_by',
  'published_at',
  'withdrawn_at',
] as const;

/** Questions a learner practises in a lesson (the bank and those teachers added; not papers). */
export const PRACTICE_ORIGINS = ['bank', 'user'] as const;

/**
 * Who reads a lesson's practice questions: `null` for what is served to everyone (the bank, and the
 * teachers' questions an admin published), or a user id, who is also served the unpublished questions
 * of the teachers of their classes, and their own.
 */
export type QuestionViewer = string | null;

/** The teachers of the classes a learner is in (a subquery). */
function teachersOf(eb: ExpressionBuilder<Database, 'questions'>, learnerId: string) {
  return eb
    .selectFrom('class_members')
    .innerJoin('classes', 'classes.id', 'class_members.class_id')
    .select('classes.teacher_id')
    .where('class_members.user_id', '=', learnerId);
}

/**
 * The practice questions served to `viewer`: the bank; a teacher's question (origin `user`) unless
 * withdrawn, when published, or (for a viewer) when its author is the viewer or teaches one of their classes.
 */
export function servedTo(viewer: QuestionViewer) {
  return (eb: ExpressionBuilder<Database, 'questions'>) => {
    const reach = [eb('questions.published_at', 'is not', null)];
    if (viewer !== null && isId(viewer)) {
      reach.push(
        eb('questions.created_by', '=', viewer),
        eb('questions.created_by', 'in', teachersOf(eb, viewer)),
      );
    }
    return eb.or([
      eb('questions.origin', '=', 'bank'),
      eb.and([eb('questions.origin', '=', 'user'), eb('questions.withdrawn_at', 'is', null), eb.or(reach)]),
    ]);
  };
}

/**
 * The questions served to `viewer` beyond those served to everyone: the unpublished questions of their
 * classes' teachers and their own (for the decider's per-learner counts).
 */
export function servedOnlyTo(viewer: string) {
  return (eb: ExpressionBuilder<Database, 'questions'>) =>
    eb.and([
      eb('questions.origin', '=', 'user'),
      eb('questions.withdrawn_at', 'is', null),
      eb('questions.published_at', 'is', null),
      isId(viewer)
        ? eb.or([
            eb('questions.created_by', '=', viewer),
            eb('questions.created_by', 'in', teachersOf(eb, viewer)),
          ])
        : eb.lit(false),
    ]);
}

export async function findQuestion(db: Db, id: string) {
  return db.selectFrom('questions').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function findQuestions(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('questions').select(columns).where('id', 'in', ids).execute();
}

/** A lesson's practice questions served to `viewer` (see `QuestionViewer`). */
export async function lessonQuestions(db: Db, lessonId: number, viewer: QuestionViewer = null) {
  return db
    .selectFrom('questions')
    .select(columns)
    .where('lesson_id', '=', lessonId)
    .where(servedTo(viewer))
    .orderBy('type')
    .orderBy('id')
    .execute();
}

/** A lesson's questions of one type that `viewer` is served. */
function typeQuestions(db: Db, lessonId: number, type: string, viewer: QuestionViewer) {
  return db
    .selectFrom('questions')
    .select(columns)
    .where('lesson_id', '=', lessonId)
    .where('type', '=', type)
    .where(servedTo(viewer));
}

/** Within a word-frequency threshold (questions without a tier always are). */
const withinThreshold = (characterThreshold: number) => (eb: ExpressionBuilder<Database, 'questions'>) =>
  eb.or([eb('character_frequency', 'is', null), eb('character_frequency', '<=', characterThreshold)]);

/**
 * A node's questions: the lesson's questions of one type within the learner's word-frequency
 * threshold (the threshold only limits word questions; other types have no frequency tier).
 */
export async function nodeQuestions(
  db: Db,
  lessonId: number,
  type: string,
  characterThreshold: number,
  viewer: QuestionViewer = null,
) {
  return typeQuestions(db, lessonId, type, viewer)
    .where(withinThreshold(characterThreshold))
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
  viewer: QuestionViewer = null,
) {
  return typeQuestions(db, lessonId, type, viewer)
    .orderBy(
      sql`case when character_frequency is null or character_frequency <= ${characterThreshold} then 0 else 1 end`,
    )
    .orderBy(sql`case difficulty when 'beginner' then 0 when 'intermediate' then 1 else 2 end`)
    .orderBy('id')
    .execute();
}

/** Per question type, how many questions a lesson's roadmap node can draw on (see nodeSessionQuestions). */
export async function nodeAvailability(db: Db, lessonId: number, viewer: QuestionViewer = null) {
  const rows = await db
    .selectFrom('questions')
    .select(['type', (eb) => eb.fn.countAll<string>().as('n')])
    .where('lesson_id', '=', lessonId)
    .where(servedTo(viewer))
    .groupBy('type')
    .execute();
  return rows.map((r) => ({ type: r.type, count: Number(r.n) }));
}

/** Word questions of some lessons (the vocabulary quiz), in a stable order. */
export async function wordQuestionsOfLessons(db: Db, lessonIds: readonly number[], characterThreshold = 900) {
  if (lessonIds.length === 0) return [];
  return (
    db
      .selectFrom('questions')
      .select(columns)
      .where('lesson_id', 'in', lessonIds)
      .where('type', '=', 'word_interpretation')
      // The vocabulary quiz mixes every school's learners' lists: only what is served to everyone.
      .where(servedTo(null))
      .where(withinThreshold(characterThreshold))
      .orderBy('lesson_id')
      .orderBy('id')
      .execute()
  );
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
    .where(servedTo(null))
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

/** What a teacher writes of a word question in the add-question form, and edits later. */
export interface TeacherQuestionFields {
  lessonId: number;
  content: string;
  targetText: string;
  options: string[];
  correctAnswer: string;
  explanation: string;
  culturalContext: string | null;
  difficulty: string;
  characterFrequency: number;
}

/** The columns a teacher's word question sets from the form (the highlight is the target text). */
function teacherQuestionColumns(q: TeacherQuestionFields) {
  return {
    lesson_id: q.lessonId,
    content: q.content,
    target_text: q.targetText,
    highlight: q.targetText,
    options: JSON.stringify(q.options),
    correct_answer: q.correctAnswer,
    explanation: q.explanation,
    cultural_context: q.culturalContext,
    difficulty: q.difficulty,
    character_frequency: q.characterFrequency,
  };
}

/** Records a change of a teacher's question in its history. */
async function recordQuestionChange(
  trx: Db,
  questionId: string,
  change: QuestionChangeRecord['change'],
  actorId: string,
): Promise<void> {
  await trx
    .insertInto('question_changes')
    .values({ question_id: questionId, change, actor_id: actorId })
    .execute();
}

/** A question added through the add-question form, with its `added` change, in one transaction. */
export async function insertUserQuestion(
  db: Db,
  q: TeacherQuestionFields & { id: string; createdBy: string },
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('questions')
      .values({
        ...teacherQuestionColumns(q),
        id: q.id,
        type: 'word_interpretation',
        keywords: null,
        session_id: null,
        paper_id: null,
        points: null,
        origin: 'user',
        created_by: q.createdBy,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    await recordQuestionChange(trx, row.id, 'added', q.createdBy);
    return row;
  });
}

/** Where a teacher's question is served: their classes only, everyone, or nobody. */
export type TeacherQuestionStatus = 'class' | 'published' | 'withdrawn';

export interface QuestionChangeRecord {
  change: 'added' | 'edited' | 'published' | 'withdrawn';
  actorId: string | null;
  actorName: string | null;
  recordedAt: Date;
}

/** The status of a teacher's question from its row. */
export function teacherQuestionStatus(row: { published_at: Date | null; withdrawn_at: Date | null }) {
  if (row.withdrawn_at !== null) return 'withdrawn' as const;
  return row.published_at !== null ? ('published' as const) : ('class' as const);
}

/** A teacher's question (origin `user`) by id, or undefined (the bank's questions are not theirs). */
export async function findTeacherQuestion(db: Db, id: string) {
  return db
    .selectFrom('questions')
    .select(columns)
    .where('id', '=', id)
    .where('origin', '=', 'user')
    .executeTakeFirst();
}

/**
 * Teachers' questions with their authors: one author's (`authorId`), or everyone's; `status` narrows
 * them (the admin's review queue asks for `class`). Newest first, at most 500.
 */
export async function listTeacherQuestions(
  db: Db,
  filter: { authorId?: string; status?: TeacherQuestionStatus; id?: string },
) {
  let query = db
    .selectFrom('questions')
    .leftJoin('users', 'users.id', 'questions.created_by')
    .select(columns.map((c) => `questions.${c}` as const))
    .select(['questions.created_at', 'users.username as author_username', 'users.first_name as author_first'])
    .where('questions.origin', '=', 'user');
  if (filter.authorId !== undefined) query = query.where('questions.created_by', '=', filter.authorId);
  if (filter.id !== undefined) query = query.where('questions.id', '=', filter.id);
  if (filter.status === 'withdrawn') query = query.where('questions.withdrawn_at', 'is not', null);
  if (filter.status === 'published') {
    query = query.where('questions.withdrawn_at', 'is', null).where('questions.published_at', 'is not', null);
  }
  if (filter.status === 'class') {
    query = query.where('questions.withdrawn_at', 'is', null).where('questions.published_at', 'is', null);
  }
  return query.orderBy('questions.created_at', 'desc').orderBy('questions.id').limit(500).execute();
}

/** Every recorded change of some questions, oldest first, by question id. */
export async function questionChanges(
  db: Db,
  questionIds: readonly string[],
): Promise<Map<string, QuestionChangeRecord[]>> {
  const byQuestion = new Map<string, QuestionChangeRecord[]>();
  if (questionIds.length === 0) return byQuestion;
  const rows = await db
    .selectFrom('question_changes')
    .leftJoin('users', 'users.id', 'question_changes.actor_id')
    .select([
      'question_changes.question_id',
      'question_changes.change',
      'question_changes.actor_id',
      'question_changes.recorded_at',
      'users.username',
    ])
    .where('question_changes.question_id', 'in', questionIds)
    .orderBy('question_changes.id')
    .execute();
  for (const r of rows) {
    const list = byQuestion.get(r.question_id) ?? [];
    list.push({
      change: r.change,
      actorId: r.actor_id === null ? null : String(r.actor_id),
      actorName: r.username ?? null,
      recordedAt: new Date(r.recorded_at),
    });
    byQuestion.set(r.question_id, list);
  }
  return byQuestion;
}

/**
 * Edits a teacher's question and records the edit; `unpublish` returns a published question to its
 * author's classes (a teacher's edit goes back to the review queue). Undefined when it is no teacher's
 * question or is withdrawn.
 */
export async function editTeacherQuestion(
  db: Db,
  id: string,
  edit: TeacherQuestionFields,
  actorId: string,
  unpublish: boolean,
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('questions')
      .set({
        ...teacherQuestionColumns(edit),
        ...(unpublish ? { published_at: null, published_by: null } : {}),
      })
      .where('id', '=', id)
      .where('origin', '=', 'user')
      .where('withdrawn_at', 'is', null)
      .returning(columns)
      .executeTakeFirst();
    if (!row) return undefined;
    await recordQuestionChange(trx, id, 'edited', actorId);
    return row;
  });
}

/**
 * Publishes (`published`) or withdraws (`withdrawn`) a teacher's question and records it, in one
 * transaction. Undefined when it is no teacher's question, or already in that state (nothing recorded).
 */
export async function changeTeacherQuestion(
  db: Db,
  id: string,
  change: 'published' | 'withdrawn',
  actorId: string,
  now = new Date(),
) {
  return db.transaction().execute(async (trx) => {
    let query = trx.updateTable('questions').where('id', '=', id).where('origin', '=', 'user');
    query =
      change === 'published'
        ? query
            .set({ published_at: now, published_by: actorId })
            .where('published_at', 'is', null)
            .where('withdrawn_at', 'is', null)
        : query.set({ withdrawn_at: now }).where('withdrawn_at', 'is', null);
    const row = await query.returning(columns).executeTakeFirst();
    if (!row) return undefined;
    await recordQuestionChange(trx, id, change, actorId);
    return row;
  });
}
