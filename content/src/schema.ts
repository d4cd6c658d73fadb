/**
 * The shapes of the content data files under `content/data/`.
 * Every data file is parsed with these schemas when it is loaded and by the validation tests.
 */
import { KNOWLEDGE_TAG_LABELS, KNOWLEDGE_TAGS } from '@wenyan/contracts';
import { z } from 'zod';

export const DifficultySchema = z.enum(['beginner', 'intermediate', 'advanced']);
export type Difficulty = z.infer<typeof DifficultySchema>;

export const CharacterFrequencySchema = z.union([z.literal(200), z.literal(400), z.literal(900)]);

/** The practice types a lesson's question bank covers (the spec's practice-type page plus cultural knowledge). */
export const PracticeQuestionTypeSchema = z.enum([
  'word_interpretation',
  'sentence_translation',
  'theme_understanding',
  'writing_techniques',
  'cultural_knowledge',
]);
export type PracticeQuestionType = z.infer<typeof PracticeQuestionTypeSchema>;

const nonEmpty = z.string().trim().min(1);

/**
 * The kinds of 文言 knowledge a question tests (issue 21), as the contracts define them (one list for the
 * content, the API and the screens): every question carries one to three, the first being the main one.
 */
export const KnowledgeTagSchema = z.enum(KNOWLEDGE_TAGS);
export type KnowledgeTag = z.infer<typeof KnowledgeTagSchema>;
export { KNOWLEDGE_TAG_LABELS };

/** A question's knowledge tags: one to three distinct kinds. */
export const KnowledgeTagsSchema = z
  .array(KnowledgeTagSchema)
  .min(1)
  .max(3)
  .refine((tags) => new Set(tags).size === tags.length, { message: 'tags repeat' });

/** One entry of `set-texts.json`, copied verbatim from the verified shared data. */
export const SetTextSchema = z.object({
  id: z.number().int().min(1).max(16),
  title: nonEmpty,
  author: nonEmpty,
  era: nonEmpty,
  genre: z.enum(['prose', 'poem', 'ci']),
  group: z.string().nullable(),
  source: nonEmpty,
  extract: z.string().nullable(),
  content: nonEmpty,
  characterCount: z.number().int().positive(),
  sources: z.array(z.string()),
});
export type SetText = z.infer<typeof SetTextSchema>;

/** `lessons-meta.json`: what the product adds to each set text. */
export const LessonMetaSchema = z.object({
  id: z.number().int().min(1).max(16),
  category: nonEmpty,
  difficulty: DifficultySchema,
  description: nonEmpty,
});
export type LessonMeta = z.infer<typeof LessonMetaSchema>;

/** What a scoring point tests: a word, a sentence pattern, a negation to keep, a content point. */
export const MarkingPointKindSchema = z.enum(['word', 'structure', 'negation', 'content']);
export type MarkingPointKind = z.infer<typeof MarkingPointKindSchema>;

/**
 * One scoring point (得分點) of a free-text item. `accept` lists the modern renderings, any of which
 * earns the point (the first is shown to a student who missed it); `reject` the trap readings that
 * void it. Format and rules: content/README.md, "Marking schemes".
 */
export const MarkingPointSchema = z
  .object({
    id: z.string().regex(/^p[0-9]+$/),
    kind: MarkingPointKindSchema,
    /** The tested characters as they stand in the source sentence; for a `content` point a short label. */
    source: nonEmpty,
    /** One short line shown after answering: what the point tests and the reading expected. */
    label: nonEmpty,
    accept: z.array(nonEmpty).min(1),
    reject: z.array(nonEmpty).min(1).optional(),
  })
  .strict();
export type MarkingPoint = z.infer<typeof MarkingPointSchema>;

/**
 * A relation the answer must keep within a clause (content/README.md, "Relations"): `order`, these
 * stand in this order; `pairs`, each group stays together. Members are point ids (`p1`) or words
 * of the model answer (`賢`, alternatives as `一般人|普通人`).
 */
export const MarkingRelationSchema = z.union([
  z.object({ order: z.array(nonEmpty).min(2) }).strict(),
  z.object({ pairs: z.array(z.array(nonEmpty).min(1)).min(2) }).strict(),
]);
export type MarkingRelation = z.infer<typeof MarkingRelationSchema>;

/** `marking-relations.json`: each item's relations, by item id. */
export const MarkingRelationsSchema = z.record(z.string(), z.array(MarkingRelationSchema).min(1));

/** The marking scheme of a free-text item: its scoring points, with distinct ids. */
export const MarkingSchemeSchema = z
  .object({
    points: z.array(MarkingPointSchema).min(1).max(10),
    /** Attached by the loader from `marking-relations.json`, not written in the question files. */
    relations: z.array(MarkingRelationSchema).optional(),
  })
  .strict()
  .refine((scheme) => new Set(scheme.points.map((p) => p.id)).size === scheme.points.length, {
    message: 'point ids repeat',
    path: ['points'],
  });
export type MarkingScheme = z.infer<typeof MarkingSchemeSchema>;

/** A level of a long question's 評分準則, highest first (e.g. 上, "7-8"). */
export const RubricLevelSchema = z
  .object({
    level: nonEmpty,
    marks: z.string().regex(/^[0-9]+(-[0-9]+)?$/),
    descriptor: nonEmpty,
  })
  .strict();
export type RubricLevel = z.infer<typeof RubricLevelSchema>;
export const RubricSchema = z.array(RubricLevelSchema).min(3).max(5);

/**
 * A practice question. Choice questions have 2–6 distinct options and a correctAnswer equal to one of them.
 * sentence_translation is free text (options null): correctAnswer is the model translation and
 * `marking` its scheme of scoring points (the validation test requires one on every translation item;
 * the schema leaves it optional so the loader keeps working while schemes are being written).
 * `keywords` is the retired keyword rule's field: null or absent.
 */
export const QuestionSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    lessonId: z.number().int().min(1).max(16),
    type: PracticeQuestionTypeSchema,
    difficulty: DifficultySchema,
    /** The frequency tier of the target word (word_interpretation only, else null): 200, 400 or 900 most common. */
    characterFrequency: CharacterFrequencySchema.nullable(),
    content: nonEmpty,
    /** A quotation from the lesson's text the question is about (must appear in the text verbatim). */
    targetText: z.string().nullable(),
    /** The characters of targetText to highlight (a substring of targetText). */
    highlight: z.string().nullable(),
    options: z.array(nonEmpty).min(2).max(6).nullable(),
    correctAnswer: nonEmpty,
    /** Retired (the keyword rule); kept so older files and uploads parse. Null or absent. */
    keywords: z.array(nonEmpty).min(1).nullable().optional(),
    /** The scoring points of a sentence_translation question (null or absent on choice questions). */
    marking: MarkingSchemeSchema.nullable().optional(),
    explanation: nonEmpty,
    culturalContext: z.string().nullable(),
    /** The kinds of 文言 knowledge the question tests (the validation test requires them on every item). */
    tags: KnowledgeTagsSchema.optional(),
  })
  .strict()
  .refine((q) => (q.type === 'word_interpretation') === (q.characterFrequency !== null), {
    message: 'characterFrequency is set on word_interpretation questions and only on them',
    path: ['characterFrequency'],
  })
  .refine((q) => q.type === 'sentence_translation' || q.marking == null, {
    message: 'only sentence_translation questions carry a marking scheme',
    path: ['marking'],
  });
export type ContentQuestion = z.infer<typeof QuestionSchema>;

/** A mixed vocabulary session: 10 word questions drawn from at least three lessons. */
export const VocabularySessionSchema = z
  .object({
    id: z.number().int().positive(),
    title: nonEmpty,
    description: nonEmpty,
    questions: z.array(QuestionSchema),
  })
  .strict();
export type VocabularySession = z.infer<typeof VocabularySessionSchema>;

export const DseQuestionTypeSchema = z.enum([
  'multiple_choice',
  'fill_in_blank',
  'short_answer',
  'sentence_translation',
  'long_question',
]);

/** The paper types marked by scoring points (each carries a `marking` scheme). */
export const DSE_MARKED_TYPES = ['fill_in_blank', 'short_answer', 'sentence_translation'] as const;

export const DseQuestionSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    lessonId: z.number().int().min(1).max(16),
    type: DseQuestionTypeSchema,
    content: nonEmpty,
    targetText: z.string().nullable(),
    options: z.array(nonEmpty).min(2).max(6).nullable(),
    correctAnswer: nonEmpty,
    explanation: nonEmpty,
    /** Starts with the paper's label (e.g. "DSE 2019 模擬"); long questions add a "評分準則" section. */
    culturalContext: nonEmpty,
    points: z.number().int().positive(),
    /** The scoring points of a fill_in_blank, short_answer or sentence_translation item. */
    marking: MarkingSchemeSchema.nullable().optional(),
    /** The 評分準則 levels of a long_question (self-marked), highest first. */
    rubric: RubricSchema.nullable().optional(),
    /** The kinds of 文言 knowledge the item tests. */
    tags: KnowledgeTagsSchema.optional(),
  })
  .strict()
  .refine((q) => (q.marking != null) === (DSE_MARKED_TYPES as readonly string[]).includes(q.type), {
    message: 'fill_in_blank, short_answer and sentence_translation items carry a marking scheme, others none',
    path: ['marking'],
  })
  .refine((q) => (q.rubric != null) === (q.type === 'long_question'), {
    message: 'long_question items carry a rubric, others none',
    path: ['rubric'],
  });
export type DseQuestion = z.infer<typeof DseQuestionSchema>;

export const DsePaperSchema = z
  .object({
    id: z.number().int().positive(),
    year: z.string().regex(/^\d{4}$/),
    title: nonEmpty,
    status: z.enum(['available', 'processing']),
    questions: z.array(DseQuestionSchema),
  })
  .strict();
export type DsePaper = z.infer<typeof DsePaperSchema>;

/**
 * How the screens name the mock papers: the section's label, a paper's badge (`{year}` is replaced by
 * the paper's year: the exam year whose form it follows) and the disclaimer shown with them.
 */
export const DsePapersMetaSchema = z
  .object({
    label: nonEmpty,
    badge: nonEmpty.refine((badge) => badge.includes('{year}'), 'the badge names the year as {year}'),
    disclaimer: nonEmpty,
  })
  .strict();
export type DsePapersMeta = z.infer<typeof DsePapersMetaSchema>;

export const MindMapSchema = z
  .object({
    lessonId: z.number().int().min(1).max(16),
    banner: z.object({ title: nonEmpty, subtitle: nonEmpty }).strict(),
    categories: z
      .array(
        z
          .object({
            title: nonEmpty,
            icon: nonEmpty,
            items: z.array(nonEmpty).min(1).max(8),
          })
          .strict(),
      )
      .min(3)
      .max(4),
    detail: z
      .object({
        /** 景物／名句: scenery for poems, key quotations for prose (each a verbatim quote or image). */
        quotes: z.array(nonEmpty).min(1),
        emotion: nonEmpty,
        theme: nonEmpty,
        technique: nonEmpty,
      })
      .strict(),
  })
  .strict();
export type MindMap = z.infer<typeof MindMapSchema>;

/** The comparison of the 詞三首 group (lessons 14–16) over four dimensions, with DSE notes. */
export const CiComparisonSchema = z
  .object({
    dimensions: z.array(
      z
        .object({
          key: z.enum(['emotionalTone', 'imagery', 'historicalView', 'philosophy']),
          label: nonEmpty,
          byLesson: z.record(z.string().regex(/^1[4-6]$/), nonEmpty),
        })
        .strict(),
    ),
    dseNotes: z.array(nonEmpty).min(1),
  })
  .strict();
export type CiComparison = z.infer<typeof CiComparisonSchema>;

/**
 * `comparisons.json`: set texts teachers compare (唐詩三首, and prose pairs), each over a few dimensions
 * with a note per lesson and DSE notes. Every `byLesson` has exactly the comparison's lessons; a
 * quotation in 「」 of three characters or more is verbatim from one of them (the validation test).
 */
export const ComparisonSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    title: nonEmpty,
    lessonIds: z.array(z.number().int().min(1).max(16)).min(2).max(3),
    dimensions: z
      .array(
        z
          .object({
            label: nonEmpty,
            byLesson: z.record(z.string().regex(/^([1-9]|1[0-6])$/), nonEmpty),
          })
          .strict(),
      )
      .min(3)
      .max(6),
    dseNotes: z.array(nonEmpty).min(1),
  })
  .strict();
export type Comparison = z.infer<typeof ComparisonSchema>;

/** Common characters the recitation distractors are drawn from (one string of distinct CJK characters). */
export const CommonCharactersSchema = z.object({ characters: z.string().min(100) }).strict();

/**
 * One note (注釋) of an annotated passage: a word a standard school annotation explains.
 * `term` is the characters as they stand in the text; `occurrence` says which occurrence of them the
 * note is on (1 = the first, the default; a later one when the same characters mean something else
 * there). `jyutping` is the Cantonese reading of the whole term, one syllable per character, given
 * where a character is rare or read differently from its everyday reading. `key` marks a 重點字詞:
 * a word exams test, which at least one word_interpretation item of the lesson drills (the item's
 * highlight is the term). Format and rules: content/README.md, "Annotated passages".
 */
export const AnnotationSchema = z
  .object({
    term: nonEmpty,
    occurrence: z.number().int().min(1).optional(),
    gloss: nonEmpty,
    jyutping: z
      .string()
      .regex(/^[a-z]+[1-6]( [a-z]+[1-6])*$/, {
        message: 'jyutping syllables with tone numbers, space-separated',
      })
      .optional(),
    key: z.boolean().optional(),
  })
  .strict()
  .refine((note) => !note.jyutping || note.jyutping.split(' ').length === [...note.term].length, {
    message: 'one jyutping syllable per character of the term',
    path: ['jyutping'],
  });
export type Annotation = z.infer<typeof AnnotationSchema>;

/** One sentence of a passage with its 語譯 (a modern written-Chinese rendering written for this product). */
export const TranslatedSentenceSchema = z.object({ text: nonEmpty, translation: nonEmpty }).strict();
export type TranslatedSentence = z.infer<typeof TranslatedSentenceSchema>;

/**
 * `annotations/lesson-NN.json`: a set text's 注釋 and its sentence-by-sentence 語譯. The sentences, joined,
 * are the text itself (whitespace aside). An empty file (no notes, no sentences) is a lesson still being
 * written; the validation test requires all sixteen to be complete.
 */
export const LessonAnnotationsSchema = z
  .object({
    lessonId: z.number().int().min(1).max(16),
    notes: z.array(AnnotationSchema),
    sentences: z.array(TranslatedSentenceSchema),
  })
  .strict();
export type LessonAnnotations = z.infer<typeof LessonAnnotationsSchema>;

/**
 * `famous-lines.json`: per lesson, the 名句 the 上句接下句 drill asks to continue. `first` and `second`
 * are verbatim from the text, `second` following `first` with only punctuation or whitespace between.
 */
export const FamousLineSchema = z.object({ first: nonEmpty, second: nonEmpty }).strict();
export type FamousLine = z.infer<typeof FamousLineSchema>;
export const LessonFamousLinesSchema = z
  .object({ lessonId: z.number().int().min(1).max(16), lines: z.array(FamousLineSchema).min(1) })
  .strict();
export type LessonFamousLines = z.infer<typeof LessonFamousLinesSchema>;

/**
 * `miswritten.json`: a phrase of a set text (verbatim, 2–12 characters) with the characters students
 * often miswrite in it, and a note on how they are miswritten and how to remember them.
 */
export const MiswrittenPhraseSchema = z
  .object({
    lessonId: z.number().int().min(1).max(16),
    phrase: z.string().refine((s) => [...s].length >= 2 && [...s].length <= 12, {
      message: 'a phrase of 2 to 12 characters',
    }),
    characters: z.array(z.string().refine((s) => [...s].length === 1, { message: 'one character' })).min(1),
    note: nonEmpty,
  })
  .strict()
  .refine((entry) => entry.characters.every((c) => entry.phrase.includes(c)), {
    message: 'every miswritten character is in the phrase',
    path: ['characters'],
  });
export type MiswrittenPhrase = z.infer<typeof MiswrittenPhraseSchema>;
