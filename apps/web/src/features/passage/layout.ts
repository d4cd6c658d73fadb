/**
 * How the passage page lays out an annotated text: paragraphs (the text's lines), in each the pieces of
 * the sentences that fall in it (a sentence across a line break has a piece on each line), and in each
 * piece its plain text and its annotated words. Pure: positions come from the server
 * (`GET /api/lessons/:id/annotations`) or from `splitSentences`.
 */
import type { PassageNote } from '@wenyan/contracts';

export interface SentenceRange {
  start: number;
  end: number;
}

/**
 * A note carries the punctuation that touches it (`before`: opening marks such as 「; `after`: closing
 * marks such as ，。」), so the page keeps them on the term's line: a button is one box to the line
 * breaker, which would otherwise start a line with a comma.
 */
export type Part =
  | { kind: 'text'; text: string }
  | { kind: 'note'; note: PassageNote; before: string; after: string };

const OPENING = /[「『（《〈“‘(]+$/u;
const CLOSING = /^[，。、；：？！」』）》〉”’),.;:?!]+/u;

export interface Piece {
  /** Where the piece starts in the text (its identity). */
  start: number;
  /** The sentence this piece belongs to (its place in the list), or null for text between sentences. */
  sentence: number | null;
  /** True on the piece that ends its sentence (where its 語譯 opens). */
  last: boolean;
  parts: Part[];
}

export interface Paragraph {
  start: number;
  pieces: Piece[];
}

function partsOf(text: string, start: number, end: number, notes: readonly PassageNote[]): Part[] {
  const parts: Part[] = [];
  let cursor = start;
  for (const note of notes) {
    // An inner note (parentId) is shown in its outer note's card, not in the text.
    if (note.parentId !== null || note.start < cursor || note.end > end) continue;
    let gap = text.slice(cursor, note.start);
    const previous = parts.at(-1);
    if (previous?.kind === 'note' && gap !== '') {
      previous.after = gap.match(CLOSING)?.[0] ?? '';
      gap = gap.slice(previous.after.length);
    }
    const before = gap.match(OPENING)?.[0] ?? '';
    gap = gap.slice(0, gap.length - before.length);
    if (gap !== '') parts.push({ kind: 'text', text: gap });
    parts.push({ kind: 'note', note, before, after: '' });
    cursor = note.end;
  }
  let rest = text.slice(cursor, end);
  const last = parts.at(-1);
  if (last?.kind === 'note' && rest !== '') {
    last.after = rest.match(CLOSING)?.[0] ?? '';
    rest = rest.slice(last.after.length);
  }
  if (rest !== '') parts.push({ kind: 'text', text: rest });
  return parts;
}

/**
 * Lays out `text` with its sentences (sorted, not overlapping) and notes. A note is shown where it lies
 * wholly inside one piece; text no sentence covers is shown as it is.
 * @example layoutPassage('甲。\n乙。', [{start: 0, end: 2}, {start: 3, end: 5}], [])
 */
export function layoutPassage(
  text: string,
  sentences: readonly SentenceRange[],
  notes: readonly PassageNote[],
): Paragraph[] {
  const sortedNotes = [...notes].sort((a, b) => a.start - b.start);
  const paragraphs: Paragraph[] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    const ps = lineStart;
    const pe = ps + line.length;
    lineStart = pe + 1;
    if (line.trim() === '') continue;
    const pieces: Piece[] = [];
    let cursor = ps;
    const gap = (until: number) => {
      if (until > cursor && text.slice(cursor, until).trim() !== '') {
        pieces.push({
          start: cursor,
          sentence: null,
          last: false,
          parts: partsOf(text, cursor, until, sortedNotes),
        });
      }
    };
    sentences.forEach((s, index) => {
      if (s.end <= ps || s.start >= pe) return;
      const from = Math.max(ps, s.start);
      const to = Math.min(pe, s.end);
      gap(from);
      pieces.push({
        start: from,
        sentence: index,
        last: s.end <= pe,
        parts: partsOf(text, from, to, sortedNotes),
      });
      cursor = to;
    });
    gap(pe);
    paragraphs.push({ start: ps, pieces });
  }
  return paragraphs;
}
