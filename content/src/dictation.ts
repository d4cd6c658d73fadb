/**
 * The rules the 默書 content holds (content/README.md, "默書"): each 名句 and each often-miswritten
 * phrase must sit in its lesson's text where the drill will mark it. Each check returns the problems
 * it finds, one readable line each, so the validation test names them all at once.
 */
import { nextLineRange, phraseRange } from '@wenyan/domain';
import type { LessonFamousLines, MiswrittenPhrase } from './schema.ts';

type Text = { readonly id: number; readonly title: string; readonly content: string; readonly genre: string };

/** Prose texts need this many 名句; poems and 詞 this many. */
export const MIN_FAMOUS_LINES = { prose: 4, verse: 2 } as const;
/** The least number of often-miswritten characters across the texts. */
export const MIN_MISWRITTEN_CHARACTERS = 24;

/** Problems with the 名句: misquotes, a `second` that does not follow its `first`, too few lines. */
export function famousLineProblems(texts: readonly Text[], entries: readonly LessonFamousLines[]): string[] {
  const problems: string[] = [];
  const seen = new Set<number>();
  for (const entry of entries) {
    const text = texts.find((t) => t.id === entry.lessonId);
    if (!text) {
      problems.push(`lesson ${entry.lessonId}: no such lesson`);
      continue;
    }
    if (seen.has(entry.lessonId)) problems.push(`${text.title}: listed twice`);
    seen.add(entry.lessonId);
    for (const { first, second } of entry.lines) {
      if (!text.content.includes(first)) problems.push(`${text.title}: 「${first}」 is not in the text`);
      else if (!text.content.includes(second))
        problems.push(`${text.title}: 「${second}」 is not in the text`);
      else if (!nextLineRange(text.content, first, second))
        problems.push(`${text.title}: 「${second}」 does not follow 「${first}」`);
    }
    const least = text.genre === 'prose' ? MIN_FAMOUS_LINES.prose : MIN_FAMOUS_LINES.verse;
    if (entry.lines.length < least)
      problems.push(`${text.title}: ${entry.lines.length} lines, fewer than ${least}`);
  }
  for (const text of texts) if (!seen.has(text.id)) problems.push(`${text.title}: no 名句`);
  return problems;
}

/** Problems with the often-miswritten phrases: a misquote, an ambiguous phrase, too few characters. */
export function miswrittenProblems(texts: readonly Text[], entries: readonly MiswrittenPhrase[]): string[] {
  const problems: string[] = [];
  for (const entry of entries) {
    const text = texts.find((t) => t.id === entry.lessonId);
    if (!text) {
      problems.push(`lesson ${entry.lessonId}: no such lesson`);
      continue;
    }
    const occurrences = text.content.split(entry.phrase).length - 1;
    if (!phraseRange(text.content, entry.phrase))
      problems.push(`${text.title}: 「${entry.phrase}」 is not in the text`);
    else if (occurrences > 1) problems.push(`${text.title}: 「${entry.phrase}」 occurs ${occurrences} times`);
    for (const character of entry.characters)
      if (!entry.note.includes(character))
        problems.push(`${text.title}: the note on 「${entry.phrase}」 does not explain ${character}`);
  }
  const characters = entries.reduce((n, e) => n + e.characters.length, 0);
  if (characters < MIN_MISWRITTEN_CHARACTERS)
    problems.push(`${characters} miswritten characters, fewer than ${MIN_MISWRITTEN_CHARACTERS}`);
  return problems;
}
