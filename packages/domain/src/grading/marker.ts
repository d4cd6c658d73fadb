/**
 * Marking by scoring points (得分點), as a DSE marker marks 語譯: a free-text answer earns each point
 * of the item's scheme whose tested word or structure it renders, out of the points available.
 * Pure and total: any strings in, a marking out, never a throw.
 *
 * - The answer, the accepted renderings, the trap readings and the source are compared in their
 *   folded form (`foldText`: no punctuation or spaces, Simplified folded to Traditional).
 * - A point is earned when any `accept` entry occurs in the answer, and voided when a `reject` entry
 *   occurs outside every occurrence of a longer accepted entry (so reject 妻子 does not void 妻子兒女).
 * - Each `negation` point needs an occurrence of its own: a sentence with two negations needs two in
 *   the answer, so dropping one of them costs a point. The occurrences are shared out so that as
 *   many negation points as the answer holds are earned (`assignNegations`).
 * - An answer that reproduces the source (pasted, re-punctuated, a piece of it, or mostly the source's
 *   characters in the source's order) earns nothing: `copied: true`.
 */
import { foldText } from './fold.ts';

export const MARKING_POINT_KINDS = ['word', 'structure', 'negation', 'content'] as const;
export type MarkingPointKind = (typeof MARKING_POINT_KINDS)[number];

/** One scoring point of a scheme, as the content data writes it (see content/README.md). */
export type MarkingPoint = {
  readonly id: string;
  readonly kind: MarkingPointKind;
  /** The tested characters as they stand in the source (for a `content` point, a short label). */
  readonly source: string;
  /** One line shown to the student after answering: what the point tests and the reading expected. */
  readonly label: string;
  /** Modern renderings, any one of which earns the point; the first is shown to a student who missed it. */
  readonly accept: readonly string[];
  /** Trap readings that void the point. */
  readonly reject?: readonly string[] | null;
};

export type MarkingScheme = { readonly points: readonly MarkingPoint[] };

export type MarkingVerdict = 'correct' | 'partial' | 'incorrect';

export type MarkedPoint = {
  readonly id: string;
  readonly kind: MarkingPointKind;
  readonly label: string;
  readonly earned: boolean;
  /** The accepted rendering found in the answer (as the scheme writes it), or null. */
  readonly matched: string | null;
  /** The rendering shown to a student who missed the point (the scheme's first accepted entry). */
  readonly expected: string;
};

/** Why a marking is what it is, beyond the points: shown to the student and to the teacher. */
export const MARKING_NOTE_CODES = [
  'copied',
  'keyword_list',
  'negation_added',
  'negation_missing',
  'order',
  'typo',
  'uncertain',
] as const;
export type MarkingNoteCode = (typeof MARKING_NOTE_CODES)[number];
export type MarkingNote = {
  readonly code: MarkingNoteCode;
  /** One line in Traditional Chinese for the student. */
  readonly message: string;
  /** The point the note is about, if one. */
  readonly pointId?: string;
};

export type Marking = {
  readonly earned: number;
  readonly available: number;
  /** All points earned (`earned === available`, and at least one point available). */
  readonly isCorrect: boolean;
  readonly verdict: MarkingVerdict;
  /** The answer reproduces the source instead of translating it, and so earns nothing. */
  readonly copied: boolean;
  readonly points: readonly MarkedPoint[];
  /**
   * The marker cannot be sure (待老師批閱): every point is found but the structure matches no model,
   * or a long answer differs from every model. `isCorrect` is then false and the answer waits for a
   * teacher; `earned` is the provisional mark the student sees.
   */
  readonly uncertain: boolean;
  readonly notes: readonly MarkingNote[];
};

/**
 * The share of an answer's characters that, found in the source's order, make it a copy of the
 * source; and the share of the source such a copy must reproduce. A real translation of classical
 * Chinese keeps some characters in order (不仁者 → 不仁的人) but well under these shares.
 */
export const COPY_SHARE_OF_ANSWER = 0.7;
export const COPY_SHARE_OF_SOURCE = 0.5;

/** Answers longer than this (in folded characters) are marked on their first this many characters. */
export const MAX_MARKED_LENGTH = 600;

type Rendering = { readonly text: string; readonly folded: string };
type CompiledPoint = {
  readonly point: MarkingPoint;
  /** Accepted renderings, longest folded form first (so the fullest match is the one reported). */
  readonly accept: readonly Rendering[];
  readonly reject: readonly string[];
};
type CompiledScheme = readonly CompiledPoint[];

const compiledSchemes = new WeakMap<MarkingScheme, CompiledScheme>();
/** The folded passages of the source last marked with a scheme (an item's source never changes). */
const foldedSources = new WeakMap<MarkingScheme, { source: string; passages: readonly string[] }>();

function foldedPassages(scheme: MarkingScheme, source: string): readonly string[] {
  const cached = foldedSources.get(scheme);
  if (cached && cached.source === source) return cached.passages;
  const passages = source.split('\n').map(foldText);
  if (scheme !== null && typeof scheme === 'object') foldedSources.set(scheme, { source, passages });
  return passages;
}

function renderings(texts: readonly unknown[] | null | undefined): Rendering[] {
  return (Array.isArray(texts) ? texts : [])
    .map((text) => String(text))
    .map((text) => ({ text, folded: foldText(text) }))
    .filter((r) => r.folded.length > 0);
}

/** The folded lists of a scheme, computed once per scheme object. */
export function compileScheme(scheme: MarkingScheme): CompiledScheme {
  const cached = compiledSchemes.get(scheme);
  if (cached) return cached;
  const points = Array.isArray(scheme?.points) ? scheme.points : [];
  const compiled = points.map((point) => ({
    point,
    accept: renderings(point.accept).sort((a, b) => b.folded.length - a.folded.length),
    reject: renderings(point.reject).map((r) => r.folded),
  }));
  if (scheme !== null && typeof scheme === 'object') compiledSchemes.set(scheme, compiled);
  return compiled;
}

type Span = { readonly start: number; readonly end: number };

function occurrences(text: string, part: string): Span[] {
  const spans: Span[] = [];
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + 1)) {
    spans.push({ start: at, end: at + part.length });
  }
  return spans;
}

const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;

/** A reject occurrence voids the point unless it lies inside an occurrence of a longer accepted entry. */
function isVoided(answer: string, point: CompiledPoint): boolean {
  return point.reject.some((reject) =>
    occurrences(answer, reject).some(
      (span) =>
        !point.accept.some(
          (r) =>
            r.folded.length > reject.length &&
            occurrences(answer, r.folded).some((a) => a.start <= span.start && span.end <= a.end),
        ),
    ),
  );
}

type Found = { readonly rendering: Rendering; readonly span: Span };

/** The accepted rendering found for a point (its longest first), and where. */
function findRendering(answer: string, point: CompiledPoint): Found | null {
  for (const rendering of point.accept) {
    const at = answer.indexOf(rendering.folded);
    if (at !== -1) return { rendering, span: { start: at, end: at + rendering.folded.length } };
  }
  return null;
}

/** Where a point's accepted renderings occur: its longest rendering first, each leftmost first. */
function findings(answer: string, point: CompiledPoint): Found[] {
  return point.accept.flatMap((rendering) =>
    occurrences(answer, rendering.folded).map((span) => ({ rendering, span })),
  );
}

/** Options tried past the first full assignment before the best found so far is kept. */
const NEGATION_SEARCH_STEPS = 2_000;

/**
 * Gives each negation point an occurrence of its own, so that as many as the answer allows are
 * found: one point's longer rendering (不能) must not take the only occurrence another point has
 * when a shorter one (不) elsewhere would do. The search tries each point's longest, leftmost
 * rendering first, so its first assignment is the greedy one and is kept whenever it finds them
 * all; the rest of the search is bounded, past which the best assignment found so far is kept.
 */
function assignNegations(answer: string, points: readonly CompiledPoint[]): (Found | null)[] {
  const options = points.map((point) => findings(answer, point));
  const chosen: (Found | null)[] = [];
  let best: (Found | null)[] = [];
  let bestCount = -1;
  let steps = 0;
  const done = () => bestCount === points.length || (bestCount >= 0 && steps > NEGATION_SEARCH_STEPS);
  const search = (index: number, count: number): void => {
    if (count + (points.length - index) <= bestCount) return;
    if (index === points.length) {
      best = [...chosen];
      bestCount = count;
      return;
    }
    for (const option of options[index] ?? []) {
      steps += 1;
      if (chosen.some((c) => c !== null && overlaps(c.span, option.span))) continue;
      chosen.push(option);
      search(index + 1, count + 1);
      chosen.pop();
      if (done()) return;
    }
    chosen.push(null);
    search(index + 1, count);
    chosen.pop();
  };
  search(0, 0);
  return best;
}

/** Length of the longest common subsequence of two strings (two rows of a table; strings are short). */
function commonSubsequenceLength(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  let previous = new Uint16Array(right.length + 1);
  let current = new Uint16Array(right.length + 1);
  for (const ch of left) {
    for (let j = 1; j <= right.length; j += 1) {
      current[j] =
        right[j - 1] === ch ? (previous[j - 1] ?? 0) + 1 : Math.max(previous[j] ?? 0, current[j - 1] ?? 0);
    }
    [previous, current] = [current, previous];
  }
  return previous[right.length] ?? 0;
}

/**
 * Whether a folded answer reproduces the folded source: a piece of it as it stands, or mostly its
 * characters in its order (at least 70 % of the answer and half of the source).
 */
export function isCopyOfSource(answer: string, source: string): boolean {
  if (answer.length === 0 || source.length === 0) return false;
  if (source.includes(answer)) return true;
  const answerLength = [...answer].length;
  const sourceLength = [...source].length;
  // The common part is at most the source's length: a much longer answer cannot be mostly source.
  if (sourceLength < COPY_SHARE_OF_ANSWER * answerLength) return false;
  const common = commonSubsequenceLength(answer, source);
  return common >= COPY_SHARE_OF_ANSWER * answerLength && common >= COPY_SHARE_OF_SOURCE * sourceLength;
}

function verdictOf(earned: number, available: number): MarkingVerdict {
  if (available > 0 && earned === available) return 'correct';
  return earned > 0 ? 'partial' : 'incorrect';
}

/**
 * Marks a free-text answer against a scheme. `source` is the text the item asks to render (its
 * `targetText`, for a paper item also the passages it quotes, one per line: see `markingSource`);
 * null when there is none.
 * @example
 * markAnswer(scheme, '不仁者，不可以久處約', '沒有仁德的人不能長久處於窮困之中').verdict // 'correct'
 */
export function markAnswer(scheme: MarkingScheme, source: string | null, answer: string): Marking {
  const compiled = compileScheme(scheme);
  const folded = foldText(String(answer ?? '')).slice(0, MAX_MARKED_LENGTH);
  const passages = foldedPassages(scheme, String(source ?? ''));
  const copied = passages.some((passage) => isCopyOfSource(folded, passage));
  // A voided negation earns nothing, so it takes no occurrence another negation could use.
  const negations = copied
    ? []
    : compiled.filter((point) => point.point.kind === 'negation' && !isVoided(folded, point));
  const negationFound = negations.length > 0 ? assignNegations(folded, negations) : [];
  const points = compiled.map((point): MarkedPoint => {
    const { id, kind, label } = point.point;
    const expected = String(point.point.accept?.[0] ?? '');
    let found: Found | null = null;
    if (!copied)
      found =
        kind === 'negation'
          ? (negationFound[negations.indexOf(point)] ?? null)
          : findRendering(folded, point);
    const earned = found !== null && (kind === 'negation' || !isVoided(folded, point));
    return { id, kind, label, earned, matched: earned && found ? found.rendering.text : null, expected };
  });
  const earned = points.filter((p) => p.earned).length;
  const available = points.length;
  const verdict = verdictOf(earned, available);
  return {
    earned,
    available,
    isCorrect: verdict === 'correct',
    verdict,
    copied,
    points,
    uncertain: false,
    notes: [],
  };
}
