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

export type Part = { kind: 'text'; text: string } | { kind: 'note'; note: PassageNote };

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
    if (note.start < cursor || note.end > end) continue;
    if (note.start > cursor) parts.push({ kind: 'text', text: text.slice(cursor, note.start) });
    parts.push({ kind: 'note', note });
    cursor = note.end;
  }
  if (cursor < end) parts.push({ kind: 'text', text: text.slice(cursor, end) });
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
