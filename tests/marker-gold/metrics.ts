/**
 * The marker's gold set (tuning.json, holdout.json): the classes of answers, the goals the marker is
 * held to, and how a file of answers is marked and counted. Used by `tests/unit/marker-gold.test.ts`
 * and `npm run bench:marker`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { type DsePaper, dsePapers, questions } from '@wenyan/content';
import { type GradableQuestion, type Grading, gradeAnswer } from '@wenyan/domain';
import { questionForGrading } from '../../apps/api/src/learner/mappers.ts';

/** Answers a DSE marker gives full marks. */
export const ACCEPTABLE_CLASSES = ['own_words', 'synonyms', 'simplified', 'typo'] as const;
/** Answers a DSE marker does not give full marks. */
export const MUST_NOT_CLASSES = [
  'partly_right',
  'reversed',
  'order_swapped',
  'keyword_list',
  'source_pasted',
  'source_glosses',
] as const;
export const GOLD_CLASSES = [...ACCEPTABLE_CLASSES, ...MUST_NOT_CLASSES] as const;
export type GoldClass = (typeof GOLD_CLASSES)[number];

/** The goals (issue): false accepts over the must-not classes together and in each, false rejects. */
export const GOALS = {
  falseAcceptOverall: 0.05,
  falseAcceptPerClass: 0.15,
  falseRejectOverall: 0.1,
} as const;

/** One answer of the gold set, as a DSE marker would mark it. */
export type GoldEntry = {
  readonly itemId: string;
  readonly class: GoldClass;
  readonly answer: string;
  /** A DSE marker gives full marks. */
  readonly full: boolean;
  /** How many of the item's scheme points a DSE marker awards. */
  readonly marks: number;
  readonly note: string;
};

export const GOLD_FILES = {
  tuning: new URL('./tuning.json', import.meta.url),
  holdout: new URL('./holdout.json', import.meta.url),
  /** A second development part (own words, synonyms, swaps), tuned against like `tuning`. */
  dev: new URL('./dev.json', import.meta.url),
  /** A third development part (free paraphrase, unlisted synonyms, swaps, word lists, traps), tuned against too. */
  dev2: new URL('./dev2.json', import.meta.url),
  /** A fourth development part (own words and unlisted synonyms over many lessons, some must-not answers), tuned against too. */
  dev3: new URL('./dev3.json', import.meta.url),
  /** A fifth development part (own words and synonyms over all 16 lessons and the papers, written before the marker saw them; some must-not answers), tuned against too. */
  dev4: new URL('./dev4.json', import.meta.url),
  /** A sixth development part (the paper items and lesson translations, every class, written before the marker saw them), tuned against too. */
  dev5: new URL('./dev5.json', import.meta.url),
} as const;
export type GoldPart = keyof typeof GOLD_FILES;

/** A part of the gold set, or null when its file does not exist (yet). */
export function loadGold(part: GoldPart): GoldEntry[] | null {
  const file = GOLD_FILES[part];
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as GoldEntry[];
}

export const isAcceptableClass = (c: string): boolean =>
  (ACCEPTABLE_CLASSES as readonly string[]).includes(c);
export const isMustNotClass = (c: string): boolean => (MUST_NOT_CLASSES as readonly string[]).includes(c);

/** The types of free text marked by a scheme in the papers (long questions are self-marked). */
const PAPER_MARKED_TYPES = new Set(['fill_in_blank', 'short_answer', 'sentence_translation']);

export type GoldItem = GradableQuestion & {
  readonly id: string;
  readonly lessonId: number;
  readonly marking: NonNullable<GradableQuestion['marking']>;
};

type PaperQuestion = DsePaper['questions'][number];
type ContentItem = (typeof questions)[number] | PaperQuestion;

/** As the server grades it: the stored row (scheme as JSON) through `questionForGrading`. */
function storedForGrading(q: ContentItem, difficulty: string): GoldItem {
  const marking = JSON.parse(JSON.stringify(q.marking)) as GoldItem['marking'];
  return questionForGrading({
    id: q.id,
    lesson_id: q.lessonId,
    type: q.type,
    difficulty,
    correct_answer: q.correctAnswer,
    target_text: q.targetText ?? null,
    content: q.content,
    marking,
  }) as GoldItem;
}

let items: Map<string, GoldItem> | undefined;

/** Every free-text item with a marking scheme, by id: the lessons' translations and the papers' items. */
export function goldItems(): Map<string, GoldItem> {
  if (items) return items;
  items = new Map();
  for (const q of questions) {
    if (q.type === 'sentence_translation' && q.marking && q.marking.points.length > 0) {
      items.set(q.id, storedForGrading(q, q.difficulty));
    }
  }
  for (const q of dsePapers.flatMap((p) => p.questions)) {
    if (PAPER_MARKED_TYPES.has(q.type) && q.marking && q.marking.points.length > 0) {
      items.set(q.id, storedForGrading(q, 'advanced'));
    }
  }
  return items;
}

/** What the marker did with one gold answer. */
export type Outcome = {
  readonly entry: GoldEntry;
  /** Full marks given (`isCorrect`). */
  readonly fullGiven: boolean;
  /** Left for a teacher (待老師批閱). */
  readonly uncertain: boolean;
  readonly earned: number;
};

/** Marks one gold answer as the server would. */
export function markEntry(item: GoldItem, entry: GoldEntry): Outcome {
  const grading: Grading = gradeAnswer(item, entry.answer);
  const uncertain = grading.marking?.uncertain === true;
  return {
    entry,
    fullGiven: grading.isCorrect && !uncertain,
    uncertain,
    earned: grading.marking?.earned ?? (grading.isCorrect ? 1 : 0),
  };
}

/** Marks every answer of a part (an answer naming an unknown item is left out: the unit test names it). */
export function markAll(entries: readonly GoldEntry[]): Outcome[] {
  const all = goldItems();
  return entries.flatMap((entry) => {
    const item = all.get(entry.itemId);
    return item ? [markEntry(item, entry)] : [];
  });
}

export type ClassFigures = {
  readonly class: GoldClass;
  readonly answers: number;
  readonly fullGiven: number;
  readonly uncertain: number;
  /** False accepts (must-not class) or false rejects (acceptable class), as a share of the answers. */
  readonly errorRate: number;
  readonly errorKind: 'false accept' | 'false reject';
};

export type Figures = {
  readonly answers: number;
  readonly perClass: readonly ClassFigures[];
  /** Full marks given to must-not answers, over all must-not answers. */
  readonly falseAcceptRate: number;
  /** Acceptable answers not given full marks (uncertain counts as not given), over all acceptable answers. */
  readonly falseRejectRate: number;
  readonly uncertain: number;
};

const share = (part: number, whole: number): number => (whole === 0 ? 0 : part / whole);

/** The figures of a part: per class, and the false-accept and false-reject rates. */
export function figures(outcomes: readonly Outcome[]): Figures {
  const perClass = GOLD_CLASSES.map((c): ClassFigures => {
    const mine = outcomes.filter((o) => o.entry.class === c);
    const fullGiven = mine.filter((o) => o.fullGiven).length;
    const acceptable = isAcceptableClass(c);
    return {
      class: c,
      answers: mine.length,
      fullGiven,
      uncertain: mine.filter((o) => o.uncertain).length,
      errorRate: share(acceptable ? mine.length - fullGiven : fullGiven, mine.length),
      errorKind: acceptable ? 'false reject' : 'false accept',
    };
  });
  const mustNot = outcomes.filter((o) => isMustNotClass(o.entry.class));
  const acceptable = outcomes.filter((o) => isAcceptableClass(o.entry.class));
  return {
    answers: outcomes.length,
    perClass,
    falseAcceptRate: share(mustNot.filter((o) => o.fullGiven).length, mustNot.length),
    falseRejectRate: share(acceptable.filter((o) => !o.fullGiven).length, acceptable.length),
    uncertain: outcomes.filter((o) => o.uncertain).length,
  };
}

/** The goals a part's figures miss, one line each (empty when it meets them all). */
export function missedGoals(f: Figures): string[] {
  const missed: string[] = [];
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  if (f.falseAcceptRate > GOALS.falseAcceptOverall) {
    missed.push(
      `false accepts ${pct(f.falseAcceptRate)} > ${pct(GOALS.falseAcceptOverall)} over must-not classes`,
    );
  }
  for (const c of f.perClass) {
    if (c.errorKind === 'false accept' && c.errorRate > GOALS.falseAcceptPerClass) {
      missed.push(`false accepts ${pct(c.errorRate)} > ${pct(GOALS.falseAcceptPerClass)} in ${c.class}`);
    }
  }
  if (f.falseRejectRate > GOALS.falseRejectOverall) {
    missed.push(
      `false rejects ${pct(f.falseRejectRate)} > ${pct(GOALS.falseRejectOverall)} over acceptable classes`,
    );
  }
  return missed;
}
