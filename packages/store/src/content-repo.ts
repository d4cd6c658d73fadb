import { createHash } from 'node:crypto';
import * as content from '@wenyan/content';
import { sql } from 'kysely';
import type { Db } from './db.ts';
import type { QuestionsTable } from './tables.ts';

type QuestionRow = Omit<
  QuestionsTable,
  'created_at' | 'position' | 'origin' | 'published_at' | 'published_by' | 'withdrawn_at'
> & {
  position: number;
  origin: string;
  published_at?: Date | null;
  published_by?: string | null;
};

export interface ImportResult {
  imported: number;
  skipped: number;
}

const CONTENT_VERSION_KEY = 'content-version';

function lessonRows() {
  return content.lessons.map((l) => ({
    id: l.id,
    title: l.title,
    author: l.author,
    era: l.era,
    genre: l.genre,
    lesson_group: l.group,
    source: l.source,
    extract: l.extract,
    content: l.content,
    character_count: l.characterCount,
    category: l.category,
    difficulty: l.difficulty,
    description: l.description,
  }));
}

type AnyContentQuestion = content.BankQuestion | content.ContentQuestion;

function questionRow(q: AnyContentQuestion, extra: Partial<QuestionRow> = {}): QuestionRow {
  return {
    id: q.id,
    lesson_id: q.lessonId,
    type: q.type,
    difficulty: q.difficulty,
    character_frequency: q.characterFrequency,
    content: q.content,
    target_text: q.targetText,
    highlight: q.highlight,
    options: q.options ? JSON.stringify(q.options) : null,
    correct_answer: q.correctAnswer,
    keywords: null,
    marking: q.marking ? JSON.stringify(q.marking) : null,
    rubric: null,
    explanation: q.explanation,
    cultural_context: q.culturalContext,
    session_id: 'sessionId' in q ? q.sessionId : null,
    paper_id: null,
    points: null,
    created_by: null,
    position: 0,
    origin: 'bank',
    tags: JSON.stringify(q.tags ?? []),
    ...extra,
  } as QuestionRow;
}

function paperQuestionRows(): QuestionRow[] {
  return content.dsePapers.flatMap((paper) =>
    paper.questions.map((q, index) => ({
      id: q.id,
      lesson_id: q.lessonId,
      type: q.type,
      difficulty: 'advanced',
      character_frequency: null,
      content: q.content,
      target_text: q.targetText,
      highlight: null,
      options: q.options ? JSON.stringify(q.options) : null,
      correct_answer: q.correctAnswer,
      keywords: null,
      marking: q.marking ? JSON.stringify(q.marking) : null,
      rubric: q.rubric ? JSON.stringify(q.rubric) : null,
      explanation: q.explanation,
      cultural_context: q.culturalContext,
      session_id: null,
      paper_id: paper.id,
      points: q.points,
      created_by: null,
      position: index,
      origin: 'paper',
      tags: JSON.stringify(q.tags ?? []),
    })),
  ) as unknown as QuestionRow[];
}

/**
 * The columns a content question takes from the content on every import: the content is the source of
 * truth for its own questions, so a reviewer's fix (a key, a distractor, a gloss in an explanation, a
 * scheme, a tier, tags) reaches every database with the next release. An answer already given keeps
 * what it was marked against in its event.
 */
const CONTENT_COLUMNS = [
  'lesson_id',
  'type',
  'difficulty',
  'character_frequency',
  'content',
  'target_text',
  'highlight',
  'options',
  'correct_answer',
  'marking',
  'rubric',
  'tags',
  'explanation',
  'cultural_context',
  'points',
] as const;

/**
 * Inserts questions. The content's own questions (`refreshMarking`) also take the content's current
 * `CONTENT_COLUMNS` where an existing row differs (such a refresh counts as imported); a user's
 * upload leaves existing ids alone.
 */
async function insertQuestions(
  db: Db,
  rows: QuestionRow[],
  { refreshMarking }: { refreshMarking: boolean },
): Promise<ImportResult> {
  let imported = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    const inserted = await db
      .insertInto('questions')
      .values(chunk as never)
      .onConflict((oc) =>
        refreshMarking
          ? oc
              .column('id')
              .doUpdateSet(Object.fromEntries(CONTENT_COLUMNS.map((c) => [c, sql.ref(`excluded.${c}`)])))
              .where(
                sql<boolean>`(${sql.join(
                  CONTENT_COLUMNS.map(
                    (c) => sql`${sql.ref(`questions.${c}`)} is distinct from ${sql.ref(`excluded.${c}`)}`,
                  ),
                  sql` or `,
                )})`,
              )
          : oc.column('id').doNothing(),
      )
      .returning('id')
      .execute();
    imported += inserted.length;
  }
  return { imported, skipped: rows.length - imported };
}

/** Questions of the content format added by a user (an admin's upload); existing ids are left alone. */
export async function insertContentQuestions(
  db: Db,
  questions: readonly content.ContentQuestion[],
  createdBy: string,
): Promise<ImportResult> {
  return insertQuestions(
    db,
    // An admin's upload is for everyone at once: published by its uploader.
    questions.map((q) =>
      questionRow(q, {
        origin: 'user',
        created_by: createdBy,
        published_at: new Date(),
        published_by: createdBy,
      }),
    ),
    { refreshMarking: false },
  );
}

/** The sixteen set texts; an existing lesson is left as it is. */
export async function importLessons(db: Db): Promise<ImportResult> {
  const rows = lessonRows();
  const inserted = await db
    .insertInto('lessons')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return { imported: inserted.length, skipped: rows.length - inserted.length };
}

/** The practice questions of a set of lessons (all when `lessonIds` is omitted). */
export async function importLessonQuestions(
  db: Db,
  filter: (q: AnyContentQuestion) => boolean = () => true,
): Promise<ImportResult> {
  const rows = content.questions
    .filter((q) => q.sessionId === null)
    .filter(filter)
    .map((q) => questionRow(q));
  return insertQuestions(db, rows, { refreshMarking: true });
}

/** The mixed vocabulary sessions and their questions. */
export async function importVocabularySessions(db: Db): Promise<ImportResult> {
  const sessions = content.vocabularySessions.map((s) => ({
    id: s.id,
    title: s.title,
    description: s.description,
  }));
  await db
    .insertInto('vocabulary_sessions')
    .values(sessions)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const rows = content.vocabularySessions.flatMap((s) =>
    s.questions.map((q, index) => questionRow(q, { session_id: s.id, position: index, origin: 'session' })),
  );
  return insertQuestions(db, rows, { refreshMarking: true });
}

/** The DSE-style mock papers and their questions. */
export async function importDsePapers(db: Db): Promise<ImportResult> {
  const papers = content.dsePapers.map((p) => ({ id: p.id, year: p.year, title: p.title, status: p.status }));
  await db
    .insertInto('dse_papers')
    .values(papers)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return insertQuestions(db, paperQuestionRows(), { refreshMarking: true });
}

/** Where the content's own questions come from (rows of other origins are users' and never retired). */
const CONTENT_ORIGINS = ['bank', 'session', 'paper'] as const;

/**
 * Retires the content's own questions that the content no longer holds (a wrong key shipped again
 * under a new id, as v3-03 → v3-11): their origin becomes `retired` and they leave their session or
 * paper, so no list serves them; the row stays, so recorded answers and the error book keep their
 * question.
 */
export async function retireRemovedQuestions(db: Db): Promise<{ retired: number }> {
  const current = content.questions
    .map((q) => q.id)
    .concat(content.dsePapers.flatMap((p) => p.questions.map((q) => q.id)));
  const rows = await db
    .updateTable('questions')
    .set({ origin: 'retired', session_id: null, paper_id: null })
    .where('origin', 'in', CONTENT_ORIGINS)
    .where('id', 'not in', current)
    .returning('id')
    .execute();
  return { retired: rows.length };
}

/** Mind maps, the 詞三首 comparison and the recitation characters, as documents. */
export async function importMindMaps(db: Db): Promise<ImportResult> {
  const docs = [
    { key: 'mind-maps', data: JSON.stringify(content.mindMaps) },
    { key: 'ci-comparison', data: JSON.stringify(content.ciComparison) },
    { key: 'common-characters', data: JSON.stringify(content.commonCharacters) },
  ];
  const existing = await db.selectFrom('content_documents').select('key').execute();
  const have = new Set(existing.map((r) => r.key));
  const fresh = docs.filter((d) => !have.has(d.key));
  if (fresh.length > 0) await db.insertInto('content_documents').values(fresh).execute();
  return { imported: fresh.length, skipped: docs.length - fresh.length };
}

const ANNOTATIONS_KEY_PREFIX = 'annotations:';

/**
 * Each set text's 注釋 and 語譯 (`content/data/annotations/`), one document per lesson
 * (`annotations:<id>`). The content owns them (no one edits them in the product), so every import
 * writes the content's current version over the stored one.
 */
export async function importAnnotations(db: Db): Promise<ImportResult> {
  let imported = 0;
  for (const [lessonId, annotations] of Object.entries(content.lessonAnnotations)) {
    imported += await saveLessonAnnotations(db, annotations, Number(lessonId));
  }
  return { imported, skipped: Object.keys(content.lessonAnnotations).length - imported };
}

/** Writes a content document over the stored one; 1 when it was new or changed, 0 when it stood already. */
async function writeDocument(db: Db, key: string, data: string): Promise<number> {
  const rows = await db
    .insertInto('content_documents')
    .values({ key, data })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ data, updated_at: new Date() })
        .where(sql<boolean>`content_documents.data is distinct from excluded.data`),
    )
    .returning('key')
    .execute();
  return rows.length;
}

/** Stores one lesson's annotations (the content's import, or a test's own fixture); 1 when it changed. */
export async function saveLessonAnnotations(
  db: Db,
  annotations: content.LessonAnnotations,
  lessonId = annotations.lessonId,
): Promise<number> {
  const data = JSON.stringify(content.LessonAnnotationsSchema.parse({ ...annotations, lessonId }));
  return writeDocument(db, `${ANNOTATIONS_KEY_PREFIX}${lessonId}`, data);
}

/** A lesson's stored 注釋 and 語譯, or null when none are stored. */
export async function findLessonAnnotations(
  db: Db,
  lessonId: number,
): Promise<content.LessonAnnotations | null> {
  const row = await db
    .selectFrom('content_documents')
    .select('data')
    .where('key', '=', `${ANNOTATIONS_KEY_PREFIX}${lessonId}`)
    .executeTakeFirst();
  if (!row) return null;
  const parsed = content.LessonAnnotationsSchema.safeParse(row.data);
  return parsed.success ? parsed.data : null;
}

const SENTENCE_PATTERNS_KEY = 'sentence-patterns';

/** The 句式 sessions (`content/data/sentence-patterns.json`), written over on every seed like the annotations. */
export async function importSentencePatterns(db: Db): Promise<ImportResult> {
  const data = JSON.stringify(content.sentencePatternSessions);
  const written = await writeDocument(db, SENTENCE_PATTERNS_KEY, data);
  return { imported: written, skipped: 1 - written };
}

/** The stored 句式 sessions (none when the document is missing or unreadable). */
export async function findSentencePatternSessions(db: Db): Promise<content.SentencePatternSession[]> {
  const row = await db
    .selectFrom('content_documents')
    .select('data')
    .where('key', '=', SENTENCE_PATTERNS_KEY)
    .executeTakeFirst();
  const parsed = content.SentencePatternSessionsSchema.safeParse(row?.data);
  return parsed.success ? parsed.data : [];
}

function contentVersion(): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        content.lessons,
        content.questions,
        content.vocabularySessions,
        content.dsePapers,
        content.mindMaps,
        content.ciComparison,
        content.commonCharacters,
        content.lessonAnnotations,
        content.sentencePatternSessions,
      ]),
    )
    .digest('hex');
}

/**
 * Seeds a fresh database with the product's content, and adds what a newer release of the content
 * brings. Idempotent: a second run with the same content does nothing.
 */
export async function seedContent(db: Db): Promise<{ seeded: boolean; version: string }> {
  const version = contentVersion();
  const current = await db
    .selectFrom('content_documents')
    .select('data')
    .where('key', '=', CONTENT_VERSION_KEY)
    .executeTakeFirst();
  if (current && current.data === version) return { seeded: false, version };
  await db.transaction().execute(async (trx) => {
    await importLessons(trx);
    await importDsePapers(trx);
    await importVocabularySessions(trx);
    await importLessonQuestions(trx);
    await retireRemovedQuestions(trx);
    await importMindMaps(trx);
    await importAnnotations(trx);
    await importSentencePatterns(trx);
    await trx
      .insertInto('content_documents')
      .values({ key: CONTENT_VERSION_KEY, data: JSON.stringify(version) })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ data: JSON.stringify(version), updated_at: new Date() }),
      )
      .execute();
  });
  return { seeded: true, version };
}

export async function listLessons(db: Db) {
  return db.selectFrom('lessons').selectAll().orderBy('id').execute();
}

export async function findLesson(db: Db, id: number) {
  return db.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Keeps an uploaded text for review (the admin panel's upload). */
export async function saveUploadedText(
  db: Db,
  text: { title: string; content: string; type: string; uploadedBy: string },
): Promise<void> {
  await db
    .insertInto('uploaded_texts')
    .values({ title: text.title, content: text.content, type: text.type, uploaded_by: text.uploadedBy })
    .execute();
}
