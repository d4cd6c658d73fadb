/**
 * The items of the two 默書 drills, built from the content (content/data/famous-lines.json and
 * miswritten.json) and the lessons' texts: each item knows the code-point range of its answer in the
 * text, which the server marks what the learner wrote against.
 */
import { type CodePointRange, nextLineRange, phraseRange, type RandomSource } from '@wenyan/domain';

export type DrillMode = 'next_line' | 'miswrite';

export type DrillLesson = { readonly id: number; readonly title: string; readonly content: string };

export type DrillItem = {
  readonly key: string;
  readonly mode: DrillMode;
  readonly lessonId: number;
  readonly lessonTitle: string;
  /** What the learner sees: the first line, or the phrase with its miswritten characters blanked. */
  readonly prompt: string;
  /** The text of the range the learner must write (shown after answering). */
  readonly answer: string;
  readonly range: CodePointRange;
  /** The 易錯字 note, shown after answering. */
  readonly note?: string;
};

type FamousLinesEntry = { lessonId: number; lines: readonly { first: string; second: string }[] };
type MiswrittenEntry = { lessonId: number; phrase: string; characters: readonly string[]; note: string };

/** The blank that stands for a character to write. */
export const BLANK = '□';

/**
 * The phrase with each of `characters` replaced by □.
 * @example blankOut('檣傾楫摧', ['檣', '楫']) // '□傾□摧'
 */
export function blankOut(phrase: string, characters: readonly string[]): string {
  return Array.from(phrase)
    .map((c) => (characters.includes(c) ? BLANK : c))
    .join('');
}

const wanted = (lessonId: number, only: number | null) => only === null || lessonId === only;

/** The 上句接下句 items of one lesson (`only`) or of all, in the texts' order. */
export function nextLineItems(
  lessons: readonly DrillLesson[],
  entries: readonly FamousLinesEntry[],
  only: number | null,
): DrillItem[] {
  return entries.flatMap((entry) => {
    const lesson = lessons.find((l) => l.id === entry.lessonId);
    if (!lesson || !wanted(entry.lessonId, only)) return [];
    return entry.lines.flatMap((line, i) => {
      const range = nextLineRange(lesson.content, line.first, line.second);
      return range
        ? [
            {
              key: `next_line-${lesson.id}-${i}`,
              mode: 'next_line' as const,
              lessonId: lesson.id,
              lessonTitle: lesson.title,
              prompt: line.first,
              answer: line.second,
              range,
            },
          ]
        : [];
    });
  });
}

/** The 易錯字 items of one lesson (`only`) or of all, in the texts' order. */
export function miswriteItems(
  lessons: readonly DrillLesson[],
  entries: readonly MiswrittenEntry[],
  only: number | null,
): DrillItem[] {
  return entries.flatMap((entry, i) => {
    const lesson = lessons.find((l) => l.id === entry.lessonId);
    const range = lesson ? phraseRange(lesson.content, entry.phrase) : null;
    if (!lesson || !range || !wanted(entry.lessonId, only)) return [];
    return [
      {
        key: `miswrite-${lesson.id}-${i}`,
        mode: 'miswrite' as const,
        lessonId: lesson.id,
        lessonTitle: lesson.title,
        prompt: blankOut(entry.phrase, entry.characters),
        answer: entry.phrase,
        range,
        note: entry.note,
      },
    ];
  });
}

/** The items in a random order (Fisher–Yates with the given source). */
export function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
