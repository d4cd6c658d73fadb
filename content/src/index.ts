/**
 * The content package: the sixteen set texts with their metadata, the question banks, the mixed
 * vocabulary sessions, the mock DSE papers, the mind maps, the 詞三首 comparison, the 默書 drills
 * (名句 and often-miswritten characters) and the common
 * characters for recitation distractors. Every file is parsed with its schema when this module
 * loads, and everything exported is frozen.
 *
 * @example
 * import { lessons, questions, contentSummary } from '@wenyan/content';
 * const lesson = lessons.find((l) => l.id === 9); // 岳陽樓記
 */
import { z } from 'zod';
import ciComparisonJson from '../data/ci-comparison.json' with { type: 'json' };
import commonCharactersJson from '../data/common-characters.json' with { type: 'json' };
import comparisonsJson from '../data/comparisons.json' with { type: 'json' };
import dsePapersJson from '../data/dse-papers.json' with { type: 'json' };
import dsePapersMetaJson from '../data/dse-papers-meta.json' with { type: 'json' };
import famousLinesJson from '../data/famous-lines.json' with { type: 'json' };
import lessonsMetaJson from '../data/lessons-meta.json' with { type: 'json' };
import markingRelationsJson from '../data/marking-relations.json' with { type: 'json' };
import markingRelationsAJson from '../data/marking-relations-a.json' with { type: 'json' };
import markingRelationsBJson from '../data/marking-relations-b.json' with { type: 'json' };
import mindMapsJson from '../data/mindmaps.json' with { type: 'json' };
import miswrittenJson from '../data/miswritten.json' with { type: 'json' };
import sentencePatternsJson from '../data/sentence-patterns.json' with { type: 'json' };
import setTextsJson from '../data/set-texts.json' with { type: 'json' };
import vocabularySessionsJson from '../data/vocabulary-sessions.json' with { type: 'json' };
import { lessonFiles } from './lesson-files.js';
import {
  type CiComparison,
  CiComparisonSchema,
  CommonCharactersSchema,
  type Comparison,
  ComparisonSchema,
  type ContentQuestion,
  type Difficulty,
  type DsePaper,
  DsePaperSchema,
  type DsePapersMeta,
  DsePapersMetaSchema,
  DseQuestionTypeSchema,
  type LessonAnnotations,
  LessonAnnotationsSchema,
  type LessonFamousLines,
  LessonFamousLinesSchema,
  LessonMetaSchema,
  type MarkingRelation,
  MarkingRelationsSchema,
  type MarkingScheme,
  type MindMap,
  MindMapSchema,
  type MiswrittenPhrase,
  MiswrittenPhraseSchema,
  type PracticeQuestionType,
  PracticeQuestionTypeSchema,
  QuestionSchema,
  type SetText,
  SetTextSchema,
  type VocabularySession,
  VocabularySessionSchema,
} from './schema.ts';
import { type SentencePatternSession, SentencePatternSessionsSchema } from './sentence-patterns.ts';

export * from './schema.ts';
export * from './sentence-patterns.ts';

/** A lesson as the product shows it: the verified set text merged with the product's metadata. */
export interface Lesson {
  id: number;
  title: string;
  author: string;
  era: string;
  genre: SetText['genre'];
  group: string | null;
  source: string;
  extract: string | null;
  content: string;
  characterCount: number;
  category: string;
  difficulty: Difficulty;
  description: string;
}

/** A question of the bank: a lesson question (sessionId null) or a mixed-session question. */
export type BankQuestion = ContentQuestion & { sessionId: number | null };

export type DseQuestionType = z.infer<typeof DseQuestionTypeSchema>;

/** The path of a lesson's question file, relative to `content/data/` (e.g. `questions/lesson-09.json`). */
export function questionFileName(lessonId: number): string {
  return `questions/lesson-${String(lessonId).padStart(2, '0')}.json`;
}

/** Parses one data file, naming the file and the failing paths in the error. */
function parseFile<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 10)
      .map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('\n');
    throw new Error(`content/data/${file} does not match its schema:\n${issues}`);
  }
  return result.data;
}

/** Freezes a value and everything reachable from it, so no consumer can change shared content. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const setTexts = parseFile('set-texts.json', z.array(SetTextSchema), setTextsJson);
const lessonsMeta = parseFile('lessons-meta.json', z.array(LessonMetaSchema), lessonsMetaJson);

function mergeLessons(): Lesson[] {
  return setTexts.map((text) => {
    const meta = lessonsMeta.find((m) => m.id === text.id);
    if (!meta) throw new Error(`content/data/lessons-meta.json has no entry for lesson ${text.id}`);
    return {
      id: text.id,
      title: text.title,
      author: text.author,
      era: text.era,
      genre: text.genre,
      group: text.group,
      source: text.source,
      extract: text.extract,
      content: text.content,
      characterCount: text.characterCount,
      category: meta.category,
      difficulty: meta.difficulty,
      description: meta.description,
    };
  });
}

/** The sixteen lessons (ids 1–16), texts exactly as in `set-texts.json`. */
export const lessons: readonly Lesson[] = deepFreeze(mergeLessons());

/** The relations of the marking schemes (who does what to whom, 先A後B), by item id. */
export const markingRelationFiles: Readonly<
  Record<string, Readonly<Record<string, readonly MarkingRelation[]>>>
> = deepFreeze({
  'marking-relations.json': parseFile('marking-relations.json', MarkingRelationsSchema, markingRelationsJson),
  'marking-relations-a.json': parseFile(
    'marking-relations-a.json',
    MarkingRelationsSchema,
    markingRelationsAJson,
  ),
  'marking-relations-b.json': parseFile(
    'marking-relations-b.json',
    MarkingRelationsSchema,
    markingRelationsBJson,
  ),
});
export const markingRelations: Readonly<Record<string, readonly MarkingRelation[]>> = deepFreeze(
  Object.assign({}, ...Object.values(markingRelationFiles)),
);

/** An item with its scheme's relations attached (`marking-relations.json`), if it has any. */
function withRelations<T extends { readonly id: string; readonly marking?: MarkingScheme | null }>(
  item: T,
): T {
  const relations = markingRelations[item.id];
  if (!relations || !item.marking) return item;
  return { ...item, marking: { ...item.marking, relations: [...relations] } };
}

/** Each lesson's own question bank, by lesson id (an empty list while a file is still being written). */
export const lessonQuestionBanks: Readonly<Record<number, readonly ContentQuestion[]>> = deepFreeze(
  Object.fromEntries(
    Object.entries(lessonFiles).map(([id, files]) => [
      Number(id),
      parseFile(questionFileName(Number(id)), z.array(QuestionSchema), files.questions).map(withRelations),
    ]),
  ),
);

/** The 名句 of each lesson for the 上句接下句 drill (`famous-lines.json`). */
export const famousLines: readonly LessonFamousLines[] = deepFreeze(
  parseFile('famous-lines.json', z.array(LessonFamousLinesSchema), famousLinesJson),
);

/** Phrases of the set texts with the characters students often miswrite (`miswritten.json`). */
export const miswrittenPhrases: readonly MiswrittenPhrase[] = deepFreeze(
  parseFile('miswritten.json', z.array(MiswrittenPhraseSchema), miswrittenJson),
);

/** The path of a lesson's annotation file, relative to `content/data/`. */
export function annotationFileName(lessonId: number): string {
  return `annotations/lesson-${String(lessonId).padStart(2, '0')}.json`;
}

/** Each lesson's 注釋 and 語譯, by lesson id (notes and sentences empty while a file is being written). */
export const lessonAnnotations: Readonly<Record<number, LessonAnnotations>> = deepFreeze(
  Object.fromEntries(
    Object.entries(lessonFiles).map(([id, files]) => [
      Number(id),
      parseFile(annotationFileName(Number(id)), LessonAnnotationsSchema, files.annotations),
    ]),
  ),
);

/** The mixed vocabulary sessions (10 word questions each, from several lessons). */
export const vocabularySessions: readonly VocabularySession[] = deepFreeze(
  parseFile('vocabulary-sessions.json', z.array(VocabularySessionSchema), vocabularySessionsJson),
);

/** Every question of the bank: the lesson questions (sessionId null), then the session questions. */
export const questions: readonly BankQuestion[] = deepFreeze([
  ...Object.values(lessonQuestionBanks).flatMap((bank) => bank.map((q) => ({ ...q, sessionId: null }))),
  ...vocabularySessions.flatMap((session) => session.questions.map((q) => ({ ...q, sessionId: session.id }))),
]);

/** The 句式 sessions: per sentence pattern, lesson items drawn from several texts. */
export const sentencePatternSessions: readonly SentencePatternSession[] = deepFreeze(
  parseFile('sentence-patterns.json', SentencePatternSessionsSchema, sentencePatternsJson),
);

/** The mock papers in the DSE style (this product's own writing, not the exam authority's papers). */
export const dsePapers: readonly DsePaper[] = deepFreeze(
  parseFile('dse-papers.json', z.array(DsePaperSchema), dsePapersJson).map((paper) => ({
    ...paper,
    questions: paper.questions.map(withRelations),
  })),
);

/** How the screens name the mock papers: label 「DSE 模擬試題」, badge 「{year} 形式」, disclaimer. */
export const dsePapersMeta: DsePapersMeta = deepFreeze(
  parseFile('dse-papers-meta.json', DsePapersMetaSchema, dsePapersMetaJson),
);

/** Shown with the papers: they are this product's own papers in the exam's form, not the authority's. */
export const dseDisclaimer: string = dsePapersMeta.disclaimer;

/** A paper's badge, e.g. dsePaperBadge('2018') === '2018 形式'. */
export function dsePaperBadge(year: string): string {
  return dsePapersMeta.badge.replace('{year}', year);
}

/** One mind map per lesson. */
export const mindMaps: readonly MindMap[] = deepFreeze(
  parseFile('mindmaps.json', z.array(MindMapSchema), mindMapsJson),
);

/** The comparison of the 詞三首 group (lessons 14–16). */
export const ciComparison: CiComparison = deepFreeze(
  parseFile('ci-comparison.json', CiComparisonSchema, ciComparisonJson),
);

/** The comparisons of texts teachers set side by side (唐詩三首 and three prose pairs). */
export const comparisons: readonly Comparison[] = deepFreeze(
  parseFile('comparisons.json', z.array(ComparisonSchema), comparisonsJson),
);

/** The common characters recitation distractors are drawn from, one character per element. */
export const commonCharacters: readonly string[] = deepFreeze([
  ...parseFile('common-characters.json', CommonCharactersSchema, commonCharactersJson).characters,
]);

/** The practice types every lesson's bank covers, in the order of the practice-type page. */
export const practiceQuestionTypes: readonly PracticeQuestionType[] = deepFreeze([
  ...PracticeQuestionTypeSchema.options,
]);

/** The question types of the mock DSE papers. */
export const dseQuestionTypes: readonly DseQuestionType[] = deepFreeze([...DseQuestionTypeSchema.options]);

export interface LessonSummaryRow {
  lessonId: number;
  title: string;
  counts: Record<PracticeQuestionType, number>;
  total: number;
}

export interface ContentSummary {
  lessons: number;
  /** Lesson-bank questions per lesson and practice type (session questions are not counted here). */
  perLesson: LessonSummaryRow[];
  lessonQuestions: number;
  sessionQuestions: number;
  /** Lesson questions plus session questions. */
  totalQuestions: number;
  sessions: number;
  papers: { total: number; available: number; processing: number };
  paperQuestions: number;
  paperQuestionsByType: Record<DseQuestionType, number>;
  mindMaps: number;
  commonCharacters: number;
}

function zeroCounts<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

/** The counts of everything in the package (printed by the validation tests, shown to the lead). */
export function contentSummary(): ContentSummary {
  const perLesson = lessons.map((lesson) => {
    const counts = zeroCounts(practiceQuestionTypes);
    for (const q of lessonQuestionBanks[lesson.id] ?? []) counts[q.type] += 1;
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    return { lessonId: lesson.id, title: lesson.title, counts, total };
  });
  const paperQuestionsByType = zeroCounts(dseQuestionTypes);
  for (const paper of dsePapers) for (const q of paper.questions) paperQuestionsByType[q.type] += 1;
  const lessonQuestions = perLesson.reduce((sum, row) => sum + row.total, 0);
  const sessionQuestions = vocabularySessions.reduce((sum, s) => sum + s.questions.length, 0);
  const available = dsePapers.filter((p) => p.status === 'available').length;
  return {
    lessons: lessons.length,
    perLesson,
    lessonQuestions,
    sessionQuestions,
    totalQuestions: lessonQuestions + sessionQuestions,
    sessions: vocabularySessions.length,
    papers: { total: dsePapers.length, available, processing: dsePapers.length - available },
    paperQuestions: Object.values(paperQuestionsByType).reduce((sum, n) => sum + n, 0),
    paperQuestionsByType,
    mindMaps: mindMaps.length,
    commonCharacters: commonCharacters.length,
  };
}
