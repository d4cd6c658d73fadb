/**
 * Validation of the content data: each `it` is one rule a data file must keep. The rules read the raw
 * JSON files (so one bad file fails its rules, not the whole suite) and list every offending item.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type FreeTextItem,
  modelAnswerProblems,
  modelSentenceProblems,
  negationProblems,
  pointSourceProblems,
  presenceProblems,
  sourceRenderingProblems,
} from './marking-rules.ts';
import {
  CiComparisonSchema,
  CommonCharactersSchema,
  type ContentQuestion,
  DSE_MARKED_TYPES,
  type DsePaper,
  DsePaperSchema,
  DsePapersMetaSchema,
  type DseQuestion,
  LessonMetaSchema,
  type MindMap,
  MindMapSchema,
  type PracticeQuestionType,
  PracticeQuestionTypeSchema,
  QuestionSchema,
  type SetText,
  SetTextSchema,
  type VocabularySession,
  VocabularySessionSchema,
} from './schema.ts';

/** SHA-256 of /work/shared/content/set-texts.json, the verified shared data (recorded, never read at run time). */
const SET_TEXTS_SHA256 = '57455ad366c6e499f796448d6e657d71ff94a38eb9d0d5bacf0aac8f52360d7f';

/**
 * The least number of lesson-bank questions per lesson and practice type. The practice types are the four
 * of the spec's practice-type page (a roadmap node shows "8 exercises" from 8 questions on);
 * cultural_knowledge is checked for presence only.
 */
const MIN_PER_LESSON_AND_TYPE = 8;
const PAGE_PRACTICE_TYPES = [
  'word_interpretation',
  'sentence_translation',
  'theme_understanding',
  'writing_techniques',
] as const satisfies readonly PracticeQuestionType[];

const LESSON_IDS = Array.from({ length: 16 }, (_, i) => i + 1);
const PRACTICE_TYPES: readonly PracticeQuestionType[] = PracticeQuestionTypeSchema.options;
const CHOICE_PRACTICE_TYPES: readonly PracticeQuestionType[] = PRACTICE_TYPES.filter(
  (t) => t !== 'sentence_translation',
);
const DSE_TYPES = [
  'multiple_choice',
  'fill_in_blank',
  'short_answer',
  'sentence_translation',
  'long_question',
] as const;

const dataDir = new URL('../data/', import.meta.url);
const readText = (file: string): string => readFileSync(new URL(file, dataDir), 'utf8');
const readJson = (file: string): unknown => JSON.parse(readText(file));
const questionFile = (lessonId: number): string =>
  `questions/lesson-${String(lessonId).padStart(2, '0')}.json`;

// The raw data, typed as the schemas say it should be; the schema rule reports where it is not.
const setTexts = readJson('set-texts.json') as SetText[];
const lessonsMeta = readJson('lessons-meta.json') as { id: number }[];
const banks = new Map(LESSON_IDS.map((id) => [id, asArray<ContentQuestion>(readJson(questionFile(id)))]));
const sessions = readJson('vocabulary-sessions.json') as VocabularySession[];
const papers = readJson('dse-papers.json') as DsePaper[];
const mindMaps = readJson('mindmaps.json') as MindMap[];
const ciComparison = readJson('ci-comparison.json') as z.infer<typeof CiComparisonSchema>;
const commonCharacters = readJson('common-characters.json') as { characters: string };

const lessonQuestions = [...banks.values()].flat();
const sessionQuestions = sessions.flatMap((s) => s.questions ?? []);
const bankQuestions = [...lessonQuestions, ...sessionQuestions];
const paperQuestions: DseQuestion[] = papers.flatMap((p) => p.questions ?? []);
const textOf = new Map(setTexts.map((t) => [t.id, t.content]));

function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** Asserts that a rule found no offenders; the failure message lists them all. */
function expectNone(offenders: string[]): void {
  expect(offenders, offenders.join('\n')).toEqual([]);
}

/** Whitespace and punctuation removed, so near-identical wording compares equal. */
function normalise(text: string | null | undefined): string {
  return (text ?? '').replace(/[\s\p{P}\p{S}]/gu, '');
}

/** Counts CJK ideographs as `characterCount` does (punctuation and line breaks excluded). */
function countIdeographs(text: string): number {
  return [...text].filter((ch) => /[\u3400-\u9fff\uf900-\ufaff\u{20000}-\u{3ffff}]/u.test(ch)).length;
}

/** Characters as a reader counts them (the measure of distractors.test.ts). */
const optionLength = (text: string): number => [...text].length;

/** Whether the key is at least as long as every other option (a tie counts, as in the lesson banks' rule). */
function keyIsLongestOption(q: { options: readonly string[] | null; correctAnswer: string }): boolean {
  return (q.options ?? []).every((option) => optionLength(option) <= optionLength(q.correctAnswer));
}

/**
 * Option length must not give the key away (issue 36): the key is the longest option in no more than a
 * third of a collection's choice items, and always picking the option of one length rank (0 = longest)
 * scores under 40 %.
 */
function optionLengthProblems(
  collection: string,
  items: readonly { options: readonly string[] | null; correctAnswer: string }[],
): string[] {
  const longest = items.filter(keyIsLongestOption).length;
  const problems =
    longest * 3 > items.length ? [`${collection}: key longest in ${longest} of ${items.length}`] : [];
  for (const rank of [0, 1, 2, 3]) {
    const right = items.filter((q) => {
      const byLength = [...(q.options ?? [])].sort((a, b) => optionLength(b) - optionLength(a));
      return byLength[Math.min(rank, byLength.length - 1)] === q.correctAnswer;
    }).length;
    if (right / items.length >= 0.4)
      problems.push(`${collection}: always picking length rank ${rank} scores ${right} of ${items.length}`);
  }
  return problems;
}

let loader: typeof import('./index.ts') | undefined;
let loaderError: unknown;

beforeAll(async () => {
  try {
    loader = await import('./index.ts');
  } catch (error) {
    loaderError = error;
  }
});

afterAll(() => {
  if (!loader) return;
  const summary = loader.contentSummary();
  console.log('\nQuestions per lesson and practice type (lesson banks):');
  console.table(
    summary.perLesson.map((row) => ({
      lesson: row.lessonId,
      title: row.title,
      ...row.counts,
      total: row.total,
    })),
  );
  console.log('Totals:');
  console.table({
    lessons: summary.lessons,
    lessonQuestions: summary.lessonQuestions,
    sessions: summary.sessions,
    sessionQuestions: summary.sessionQuestions,
    totalQuestions: summary.totalQuestions,
    papers: `${summary.papers.total} (${summary.papers.available} available, ${summary.papers.processing} processing)`,
    paperQuestions: summary.paperQuestions,
    ...Object.fromEntries(Object.entries(summary.paperQuestionsByType).map(([t, n]) => [`paper ${t}`, n])),
    mindMaps: summary.mindMaps,
    commonCharacters: summary.commonCharacters,
  });
});

describe('the data files', () => {
  it('every data file matches its schema', () => {
    const files: [string, z.ZodType][] = [
      ['set-texts.json', z.array(SetTextSchema).length(16)],
      ['lessons-meta.json', z.array(LessonMetaSchema).length(16)],
      ...LESSON_IDS.map((id): [string, z.ZodType] => [questionFile(id), z.array(QuestionSchema)]),
      ['vocabulary-sessions.json', z.array(VocabularySessionSchema)],
      ['dse-papers.json', z.array(DsePaperSchema)],
      ['dse-papers-meta.json', DsePapersMetaSchema],
      ['mindmaps.json', z.array(MindMapSchema)],
      ['ci-comparison.json', CiComparisonSchema],
      ['common-characters.json', CommonCharactersSchema],
    ];
    expectNone(
      files.flatMap(([file, schema]) => {
        const result = schema.safeParse(readJson(file));
        return result.success
          ? []
          : result.error.issues.map((issue) => `${file} ${issue.path.join('.')}: ${issue.message}`);
      }),
    );
  });

  it('the loader parses, merges and freezes all the content', () => {
    expect(loaderError).toBeUndefined();
    expect(loader?.lessons).toHaveLength(16);
    expect(Object.isFrozen(loader?.lessons)).toBe(true);
    expect(Object.isFrozen(loader?.lessons[0])).toBe(true);
    expect(loader?.questions).toHaveLength(bankQuestions.length);
    expect(loader?.questions.filter((q) => q.sessionId !== null)).toHaveLength(sessionQuestions.length);
  });

  it('each question file holds only the questions of its own lesson', () => {
    expectNone(
      [...banks].flatMap(([lessonId, bank]) =>
        bank
          .filter((q) => q.lessonId !== lessonId)
          .map((q) => `${questionFile(lessonId)}: ${q.id} has lessonId ${q.lessonId}`),
      ),
    );
  });
});

describe('the lessons', () => {
  it('set-texts.json is the verified shared data (SHA-256)', () => {
    const hash = createHash('sha256')
      .update(readFileSync(new URL('set-texts.json', dataDir)))
      .digest('hex');
    expect(hash).toBe(SET_TEXTS_SHA256);
  });

  it('every text matches the shared data', () => {
    expect(setTexts.map((t) => t.id)).toEqual(LESSON_IDS);
    expect(lessonsMeta.map((m) => m.id).sort((a, b) => a - b)).toEqual(LESSON_IDS);
    expectNone(
      setTexts.filter((t) => countIdeographs(t.content) !== t.characterCount).map((t) => `lesson ${t.id}`),
    );
    expect(loaderError).toBeUndefined();
    expectNone(
      setTexts.flatMap((text) => {
        const lesson = loader?.lessons.find((l) => l.id === text.id);
        if (!lesson) return [`lesson ${text.id} is missing from the loader`];
        const fields = [
          'title',
          'author',
          'era',
          'genre',
          'group',
          'source',
          'extract',
          'content',
          'characterCount',
        ] as const;
        return fields
          .filter((f) => lesson[f] !== text[f])
          .map((f) => `lesson ${text.id}: ${f} differs from set-texts.json`);
      }),
    );
  });
});

describe('the questions', () => {
  it('every correct answer is one of its options', () => {
    expectNone(
      [...bankQuestions, ...paperQuestions]
        .filter((q) => Array.isArray(q.options) && !q.options.includes(q.correctAnswer))
        .map((q) => `${q.id}: 「${q.correctAnswer}」 is not an option`),
    );
  });

  it('every question has 2–6 options, no duplicates', () => {
    expectNone(
      [...bankQuestions, ...paperQuestions]
        .filter((q) => Array.isArray(q.options))
        .flatMap((q) => {
          const options = q.options ?? [];
          const problems: string[] = [];
          if (options.length < 2 || options.length > 6) problems.push(`${q.id}: ${options.length} options`);
          if (new Set(options.map((o) => o.trim())).size !== options.length)
            problems.push(`${q.id}: duplicate options`);
          return problems;
        }),
    );
  });

  it('choice questions have options; sentence translations are free text', () => {
    expectNone(
      bankQuestions.flatMap((q) => {
        if (CHOICE_PRACTICE_TYPES.includes(q.type) && !Array.isArray(q.options))
          return [`${q.id}: ${q.type} without options`];
        if (q.type === 'sentence_translation' && q.options !== null) {
          return [`${q.id}: sentence_translation needs options null`];
        }
        return [];
      }),
    );
  });

  it('every targetText appears in its lesson text', () => {
    expectNone(
      bankQuestions
        .filter((q) => q.targetText !== null && !(textOf.get(q.lessonId) ?? '').includes(q.targetText))
        .map((q) => `${q.id}: 「${q.targetText}」 is not in lesson ${q.lessonId}`),
    );
  });

  it('every highlight is part of its targetText', () => {
    expectNone(
      bankQuestions
        .filter((q) => q.highlight !== null && !(q.targetText ?? '').includes(q.highlight))
        .map((q) => `${q.id}: 「${q.highlight}」 is not in 「${q.targetText}」`),
    );
  });

  it('every explanation is non-empty', () => {
    expectNone(
      [...bankQuestions, ...paperQuestions]
        .filter((q) => typeof q.explanation !== 'string' || q.explanation.trim() === '')
        .map((q) => q.id),
    );
  });

  it('ids are unique across the whole bank', () => {
    const ids = [...bankQuestions, ...paperQuestions].map((q) => q.id);
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
    expectNone(duplicates);
  });

  it('no two questions are the same', () => {
    const first = new Map<string, string>();
    const offenders: string[] = [];
    const keyed = [
      ...bankQuestions.map((q) => ({
        id: q.id,
        key: [q.lessonId, q.type, normalise(q.content), normalise(q.targetText), q.highlight ?? ''].join('|'),
      })),
      ...paperQuestions.map((q) => ({
        id: q.id,
        key: ['dse', q.lessonId, q.type, normalise(q.content)].join('|'),
      })),
    ];
    for (const { id, key } of keyed) {
      const earlier = first.get(key);
      if (earlier) offenders.push(`${id} repeats ${earlier}`);
      else first.set(key, id);
    }
    expectNone(offenders);
  });

  it(`every lesson has at least ${MIN_PER_LESSON_AND_TYPE} questions of each practice type`, () => {
    expectNone(
      LESSON_IDS.flatMap((lessonId) =>
        PAGE_PRACTICE_TYPES.flatMap((type) => {
          const n = (banks.get(lessonId) ?? []).filter((q) => q.type === type).length;
          return n < MIN_PER_LESSON_AND_TYPE ? [`lesson ${lessonId} ${type}: ${n}`] : [];
        }),
      ),
    );
  });

  it('every lesson has cultural_knowledge questions', () => {
    expectNone(
      LESSON_IDS.filter((id) => !(banks.get(id) ?? []).some((q) => q.type === 'cultural_knowledge')).map(
        (id) => `lesson ${id}`,
      ),
    );
  });
});

const freeTextItems: FreeTextItem[] = [
  ...bankQuestions.filter((q) => q.type === 'sentence_translation'),
  ...paperQuestions.filter((q) => (DSE_MARKED_TYPES as readonly string[]).includes(q.type)),
];

describe('the marking schemes', () => {
  it('every free-text item has a marking scheme and no keywords', () => {
    expectNone(freeTextItems.flatMap(presenceProblems));
  });

  it("every point's source is in the item's source text (word, structure, negation points)", () => {
    expectNone(freeTextItems.flatMap(pointSourceProblems));
  });

  it('rule 1: the model answer earns every point and contains no reject entry', () => {
    expectNone(freeTextItems.flatMap(modelAnswerProblems));
  });

  it('rule 2: no accepted rendering of a word, structure or content point is part of the source', () => {
    expectNone(freeTextItems.flatMap(sourceRenderingProblems));
  });

  it('rule 3: every negation of the model answer is required by a negation point', () => {
    expectNone(freeTextItems.flatMap(negationProblems));
  });

  it('rule 4: the model answer is a full written sentence, not a list of renderings', () => {
    expectNone(freeTextItems.flatMap(modelSentenceProblems));
  });
});

describe('the mixed vocabulary sessions', () => {
  it('there are at least 6 sessions with distinct ids', () => {
    expect(sessions.length).toBeGreaterThanOrEqual(6);
    expect(new Set(sessions.map((s) => s.id)).size).toBe(sessions.length);
  });

  it('mixed sessions have 10 questions from at least 3 lessons', () => {
    expectNone(
      sessions.flatMap((s) => {
        const lessonsUsed = new Set(s.questions.map((q) => q.lessonId)).size;
        return s.questions.length === 10 && lessonsUsed >= 3
          ? []
          : [`session ${s.id}: ${s.questions.length} questions from ${lessonsUsed} lessons`];
      }),
    );
  });

  it("sessions' questions are all word_interpretation with 4 options", () => {
    expectNone(
      sessionQuestions
        .filter((q) => q.type !== 'word_interpretation' || q.options?.length !== 4)
        .map((q) => `${q.id}: ${q.type}, ${q.options?.length ?? 0} options`),
    );
  });

  it('option length does not give the key away: the key is the longest option in at most a third of the items', () => {
    expectNone(optionLengthProblems('vocabulary sessions', sessionQuestions));
  });
});

describe('the DSE papers', () => {
  it('there are at least 7 papers, one of them processing, with 4-digit years', () => {
    expect(papers.length).toBeGreaterThanOrEqual(7);
    expect(papers.some((p) => p.status === 'processing')).toBe(true);
    expect(new Set(papers.map((p) => p.id)).size).toBe(papers.length);
    expectNone(papers.filter((p) => !/^\d{4}$/.test(p.year)).map((p) => `paper ${p.id}: year ${p.year}`));
  });

  it('each paper has questions of all five DSE types, except a processing paper, which has none', () => {
    expectNone(
      papers.flatMap((p) => {
        if (p.status === 'processing')
          return p.questions.length === 0 ? [] : [`paper ${p.id} is processing but has questions`];
        const missing = DSE_TYPES.filter((t) => !p.questions.some((q) => q.type === t));
        const problems = missing.map((t) => `paper ${p.id} has no ${t}`);
        if (p.questions.length < 6 || p.questions.length > 10)
          problems.push(`paper ${p.id}: ${p.questions.length} questions`);
        if (new Set(p.questions.map((q) => q.lessonId)).size < 3)
          problems.push(`paper ${p.id}: fewer than 3 set texts`);
        return problems;
      }),
    );
  });

  it("every DSE question's lessonId is valid and its targetText is in that lesson's text", () => {
    expectNone(
      paperQuestions.flatMap((q) => {
        const text = textOf.get(q.lessonId);
        if (text === undefined) return [`${q.id}: no lesson ${q.lessonId}`];
        return q.targetText !== null && !text.includes(q.targetText)
          ? [`${q.id}: 「${q.targetText}」 not in lesson`]
          : [];
      }),
    );
  });

  it('multiple-choice questions have options and the written types have none', () => {
    expectNone(
      paperQuestions
        .filter((q) => (q.type === 'multiple_choice') !== Array.isArray(q.options))
        .map((q) => `${q.id}: ${q.type} with options ${JSON.stringify(q.options)}`),
    );
  });

  it('option length does not give the key away: the key is the longest option in at most a third of the choice items', () => {
    expectNone(
      optionLengthProblems(
        'paper multiple_choice items',
        paperQuestions.filter((q) => q.type === 'multiple_choice'),
      ),
    );
  });

  it('the option-length rule counts a tie with the key as the key being longest', () => {
    expect(keyIsLongestOption({ options: ['甲乙', '丙丁', '戊'], correctAnswer: '甲乙' })).toBe(true);
    expect(keyIsLongestOption({ options: ['甲乙丙', '丁戊', '己'], correctAnswer: '丁戊' })).toBe(false);
    expect(
      optionLengthProblems('fixture', [
        { options: ['甲乙丙', '丁', '戊'], correctAnswer: '甲乙丙' },
        { options: ['甲', '乙丙丁', '戊'], correctAnswer: '甲' },
        { options: ['甲', '乙', '丙丁戊'], correctAnswer: '丙丁戊' },
      ]),
    ).toContain('fixture: key longest in 2 of 3');
  });

  it("every culturalContext starts with the paper's label (e.g. 「DSE 2019 模擬｜」)", () => {
    expectNone(
      papers.flatMap((p) =>
        p.questions
          .filter((q) => !q.culturalContext.startsWith(`DSE ${p.year} 模擬｜`))
          .map((q) => `${q.id}: ${q.culturalContext.slice(0, 20)}`),
      ),
    );
  });

  it('the papers are labelled as mock papers in the DSE form, with an accurate disclaimer', () => {
    expect(loaderError).toBeUndefined();
    expect(loader?.dsePapersMeta.label).toBe('DSE 模擬試題');
    expect(loader?.dsePaperBadge('2018')).toBe('2018 形式');
    expect(loader?.dseDisclaimer).toContain('並非香港考試及評核局的試題');
    expect(loader?.dseDisclaimer).not.toContain('改編');
  });

  it('every available paper has a 語譯 (sentence_translation) item', () => {
    expectNone(
      papers
        .filter(
          (p) => p.status === 'available' && !p.questions.some((q) => q.type === 'sentence_translation'),
        )
        .map((p) => `paper ${p.id}`),
    );
  });

  it('long questions have a rubric of 3 to 5 levels, marks falling from level to level', () => {
    expectNone(
      paperQuestions
        .filter((q) => q.type === 'long_question')
        .flatMap((q) => {
          const rubric = q.rubric ?? [];
          if (rubric.length < 3 || rubric.length > 5) return [`${q.id}: rubric of ${rubric.length} levels`];
          const tops = rubric.map((level) => Number(level.marks.split('-').at(-1)));
          const problems = tops.slice(1).some((top, i) => top >= (tops[i] ?? 0))
            ? [`${q.id}: marks not falling`]
            : [];
          if (tops[0] !== q.points)
            problems.push(`${q.id}: the top level's marks (${tops[0]}) are not the item's ${q.points}`);
          return problems;
        }),
    );
  });
});

describe('the mind maps', () => {
  it('there is a mind map for each of the 16 lessons, with 3–4 categories of up to 4 items', () => {
    expect(mindMaps.map((m) => m.lessonId).sort((a, b) => a - b)).toEqual(LESSON_IDS);
    expectNone(
      mindMaps.flatMap((m) => {
        const problems: string[] = [];
        if (m.categories.length < 3 || m.categories.length > 4) {
          problems.push(`lesson ${m.lessonId}: ${m.categories.length} categories`);
        }
        for (const c of m.categories) {
          if (c.items.length < 1 || c.items.length > 4)
            problems.push(`lesson ${m.lessonId} ${c.title}: ${c.items.length} items`);
        }
        return problems;
      }),
    );
  });

  it('every quotation of a mind map is verbatim from its lesson', () => {
    expectNone(
      mindMaps.flatMap((m) =>
        m.detail.quotes
          .filter((quote) => !(textOf.get(m.lessonId) ?? '').includes(quote))
          .map((quote) => `lesson ${m.lessonId}: 「${quote}」`),
      ),
    );
  });

  it('the ci comparison covers lessons 14–16 on all four dimensions', () => {
    const keys = ['emotionalTone', 'imagery', 'historicalView', 'philosophy'];
    expect(ciComparison.dimensions.map((d) => d.key).sort()).toEqual([...keys].sort());
    expectNone(
      ciComparison.dimensions.flatMap((d) =>
        ['14', '15', '16'].filter((id) => !d.byLesson[id]?.trim()).map((id) => `${d.key}: lesson ${id}`),
      ),
    );
    expect(ciComparison.dseNotes.length).toBeGreaterThan(0);
  });
});

describe('the recitation characters', () => {
  it('common characters are distinct CJK characters (300–500 of them)', () => {
    const chars = [...commonCharacters.characters];
    expectNone(
      chars.filter((ch) => !/^[\u3400-\u9fff\uf900-\ufaff]$/u.test(ch)).map((ch) => `not CJK: ${ch}`),
    );
    expectNone(chars.filter((ch, i) => chars.indexOf(ch) !== i).map((ch) => `duplicate: ${ch}`));
    expect(chars.length).toBeGreaterThanOrEqual(300);
    expect(chars.length).toBeLessThanOrEqual(500);
  });
});

describe('the language of what students see', () => {
  // Simplified-only characters, and 爲／衛／裡 where Hong Kong writes 為／衞／裏.
  const NOT_HONG_KONG = new Set(
    '这们说时国学对过见问题么样习书语词义处将还经无与从东长门马鸟鱼龙乐观应欢诗读写师贤论记岁兴尽举声灵轻笔会开关发边远进运达连选归战争杀亲爱气变让认识谁该请买卖风飞车阳阴华万个众尔两爲衛裡',
  );

  function strings(value: unknown): string[] {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.flatMap(strings);
    if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
    return [];
  }

  it('uses Traditional Chinese in Hong Kong forms (為、衞、裏)', () => {
    const files = [
      'lessons-meta.json',
      ...LESSON_IDS.map(questionFile),
      'vocabulary-sessions.json',
      'dse-papers.json',
      'dse-papers-meta.json',
      'mindmaps.json',
      'ci-comparison.json',
      'comparisons.json',
      ...LESSON_IDS.map((id) => `annotations/lesson-${String(id).padStart(2, '0')}.json`),
      'common-characters.json',
    ];
    expectNone(
      files.flatMap((file) =>
        strings(readJson(file))
          .filter((s) => [...s].some((ch) => NOT_HONG_KONG.has(ch)))
          .map(
            (s) =>
              `${file}: ${[...s].filter((ch) => NOT_HONG_KONG.has(ch)).join('')} in 「${s.slice(0, 30)}」`,
          ),
      ),
    );
  });
});
