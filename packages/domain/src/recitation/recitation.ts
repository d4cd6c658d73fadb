/**
 * Character-by-character recitation (spec part 2 §2 and §9): the 12 choices for the next character,
 * the 6-character window, accuracy and grades. Positions are indices of code points of the text
 * (`Array.from(text)`), so a rare character outside the Basic Multilingual Plane is one position.
 * Randomness is passed in, so a seeded generator reproduces a practice exactly.
 */

export const RECITATION_CHOICE_COUNT = 12;
export const RECITATION_WINDOW = 6;
export const RECITATION_TIMINGS = { wrongFeedbackMs: 1500, correctAdvanceMs: 100, timerTickMs: 100 } as const;
export const RECITATION_TONES = {
  correctHz: 800,
  wrongHz: 300,
  completeHz: 1000,
  durationSeconds: 0.2,
} as const;

/** Punctuation of the set texts; used only to fill the choices when characters run out. */
export const RECITATION_PUNCTUATION = [
  '，',
  '。',
  '、',
  '；',
  '：',
  '？',
  '！',
  '「',
  '」',
  '『',
  '』',
  '《',
  '》',
  '〈',
  '〉',
  '（',
  '）',
  '…',
  '—',
  '·',
] as const;

const PUNCTUATION_SET: ReadonlySet<string> = new Set(RECITATION_PUNCTUATION);
const OTHER_NON_CHARACTER = /[\s\p{P}\p{S}]/u;

/** True for a character the learner recites (not punctuation, not whitespace). */
export function isRecitable(character: string): boolean {
  return character.length > 0 && !PUNCTUATION_SET.has(character) && !OTHER_NON_CHARACTER.test(character);
}

/** A source of numbers in [0, 1), like `Math.random` or a seeded generator. */
export type RandomSource = () => number;

function pick(random: RandomSource, size: number): number {
  const r = random();
  const index = Math.floor((Number.isFinite(r) ? r : 0) * size);
  return Math.min(size - 1, Math.max(0, index));
}

/** Moves `count` random elements to the front of `items` (a partial Fisher–Yates shuffle) and returns them. */
function drawDistinct<T>(items: T[], count: number, random: RandomSource): T[] {
  const n = Math.min(count, items.length);
  for (let i = 0; i < n; i++) {
    const j = i + pick(random, items.length - i);
    const chosen = items[j] as T;
    items[j] = items[i] as T;
    items[i] = chosen;
  }
  return items.slice(0, n);
}

/**
 * The 12 choices for the character at `position`: the correct character and 11 distinct distractors
 * drawn from the passage's characters and `commonCharacters`, topped up with punctuation when those
 * run out. The correct character's place is random too. Empty when `position` is outside the text.
 * @example recitationChoices('學而時習之', 0, '之乎者也', Math.random) // 12 strings, one of them '學'
 */
export function recitationChoices(
  text: string,
  position: number,
  commonCharacters: string | readonly string[],
  random: RandomSource,
): string[] {
  const characters = Array.from(text);
  const correct = characters[position];
  if (correct === undefined) return [];
  const common = typeof commonCharacters === 'string' ? [commonCharacters] : commonCharacters;
  const pool = new Set<string>();
  for (const character of [...characters, ...common.flatMap((entry) => Array.from(entry))]) {
    if (character !== correct && isRecitable(character)) pool.add(character);
  }
  const distractors = drawDistinct([...pool], RECITATION_CHOICE_COUNT - 1, random);
  if (distractors.length < RECITATION_CHOICE_COUNT - 1) {
    const fill = RECITATION_PUNCTUATION.filter((mark) => mark !== correct);
    distractors.push(...drawDistinct([...fill], RECITATION_CHOICE_COUNT - 1 - distractors.length, random));
  }
  const at = pick(random, distractors.length + 1);
  return [...distractors.slice(0, at), correct, ...distractors.slice(at)];
}

export type RecitationWindow = {
  /** Up to 6 characters before the position (already recited). */
  readonly before: string;
  /** The character to choose now ('' past the end). */
  readonly current: string;
  /** Up to 6 characters after the position. */
  readonly after: string;
};

/** The passage around the current position: 6 characters either side. */
export function recitationWindow(text: string, position: number): RecitationWindow {
  const characters = Array.from(text);
  const at = Math.max(0, Math.floor(position));
  return {
    before: characters.slice(Math.max(0, at - RECITATION_WINDOW), at).join(''),
    current: characters[at] ?? '',
    after: characters.slice(at + 1, at + 1 + RECITATION_WINDOW).join(''),
  };
}

/** The first position at or after `position`, before `end`, holding a recitable character (or `end`). */
export function nextRecitablePosition(text: string, position: number, end: number): number {
  const characters = Array.from(text);
  let at = Math.max(0, position);
  while (at < end && !isRecitable(characters[at] ?? '')) at++;
  return Math.min(at, end);
}

/** How many characters of [start, end) the learner recites (punctuation and whitespace are shown). */
export function recitableCount(text: string, start: number, end: number): number {
  return Array.from(text)
    .slice(Math.max(0, start), end)
    .filter((character) => isRecitable(character)).length;
}

/** Whether a range can be practised: start at least 0, end at most the text's length, end after start. */
export function isValidRecitationRange(textLength: number, start: number, end: number): boolean {
  return Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= textLength && end > start;
}

/** Accuracy of a finished recitation: characters ÷ (characters + mistakes), as a rounded percent. */
export function recitationAccuracy(characters: number, mistakes: number): number {
  const attempts = characters + mistakes;
  return attempts > 0 ? Math.round((characters / attempts) * 100) : 0;
}

export type RecitationGrade = 'excellent' | 'good' | 'pass' | 'needs_improvement';

export const RECITATION_GRADE_THRESHOLDS = { excellent: 95, good: 85, pass: 70 } as const;

export const RECITATION_GRADE_LABELS: Readonly<Record<RecitationGrade, string>> = {
  excellent: '優秀',
  good: '良好',
  pass: '合格',
  needs_improvement: '有待改進',
};

/** The grade of a recitation accuracy: 95 excellent, 85 good, 70 pass, otherwise needs improvement. */
export function recitationGrade(accuracy: number): RecitationGrade {
  if (accuracy >= RECITATION_GRADE_THRESHOLDS.excellent) return 'excellent';
  if (accuracy >= RECITATION_GRADE_THRESHOLDS.good) return 'good';
  if (accuracy >= RECITATION_GRADE_THRESHOLDS.pass) return 'pass';
  return 'needs_improvement';
}
