/**
 * The mind maps, the 詞三首 comparison and the other comparisons (唐詩三首, three prose pairs): static content, imported straight from the content
 * package's JSON files (importing `@wenyan/content` would pull the whole question bank into the
 * bundle). This module is only loaded with the mind-map screens.
 */
import ciComparisonJson from '../../../../../content/data/ci-comparison.json' with { type: 'json' };
import comparisonsJson from '../../../../../content/data/comparisons.json' with { type: 'json' };
import mindMapsJson from '../../../../../content/data/mindmaps.json' with { type: 'json' };

export type MindMapCategory = {
  readonly title: string;
  readonly icon: string;
  readonly items: readonly string[];
};
export type MindMapData = {
  readonly lessonId: number;
  readonly banner: { readonly title: string; readonly subtitle: string };
  readonly categories: readonly MindMapCategory[];
  readonly detail: {
    readonly quotes: readonly string[];
    readonly emotion: string;
    readonly theme: string;
    readonly technique: string;
  } | null;
};

export type CiDimension = {
  readonly key: string;
  readonly label: string;
  readonly byLesson: Readonly<Record<string, string>>;
};

/** The lessons of the 詞三首 group, which get the comparison layout. */
export const CI_GROUP_LESSON_IDS: readonly number[] = [14, 15, 16];

export const ciComparison: {
  readonly dimensions: readonly CiDimension[];
  readonly dseNotes: readonly string[];
} = ciComparisonJson;

/** Texts teachers compare side by side (content/data/comparisons.json), over a few dimensions. */
export type Comparison = {
  readonly id: string;
  readonly title: string;
  readonly lessonIds: readonly number[];
  readonly dimensions: readonly {
    readonly label: string;
    readonly byLesson: Readonly<Record<string, string>>;
  }[];
  readonly dseNotes: readonly string[];
};

export const comparisons: readonly Comparison[] = comparisonsJson;

/** The comparisons a lesson is part of. */
export function comparisonsFor(lessonId: number): readonly Comparison[] {
  return comparisons.filter((c) => c.lessonIds.includes(lessonId));
}

/** A lesson's own column first, then the others in the comparison's order. */
export function comparisonOrder(lessonIds: readonly number[], current: number): number[] {
  return lessonIds.includes(current)
    ? [current, ...lessonIds.filter((id) => id !== current)]
    : [...lessonIds];
}

const MIND_MAPS: readonly MindMapData[] = mindMapsJson;

/** Cards shown at most per category; the rest are counted as "+N". */
export const CARD_ITEM_LIMIT = 4;

/** The four default categories of a passage without its own entry (spec part 2 §2). */
const DEFAULT_CATEGORIES: readonly MindMapCategory[] = [
  { title: '主題', icon: '🎯', items: [] },
  { title: '手法', icon: '✍️', items: [] },
  { title: '人物', icon: '👤', items: [] },
  { title: '語言', icon: '🗣️', items: [] },
];

/** The mind map of a lesson, or the default categories when it has none. */
export function mindMapFor(lessonId: number, title: string): MindMapData {
  return (
    MIND_MAPS.find((map) => map.lessonId === lessonId) ?? {
      lessonId,
      banner: { title, subtitle: '思維導圖' },
      categories: DEFAULT_CATEGORIES,
      detail: null,
    }
  );
}

/** The first items of a card and how many more there are. */
export function cardItems(items: readonly string[]): { shown: readonly string[]; more: number } {
  return { shown: items.slice(0, CARD_ITEM_LIMIT), more: Math.max(0, items.length - CARD_ITEM_LIMIT) };
}
