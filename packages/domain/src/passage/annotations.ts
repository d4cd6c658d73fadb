/**
 * An annotated passage (issue 22): where each note (注釋) and each sentence of the 語譯 stands in the
 * text, and which word questions drill each note.
 *
 * The rules:
 * 1. A note stands on the `occurrence`-th appearance of its term in the text (1 when not given). A note
 *    whose term does not appear that often is left out. A note inside a longer one (菲薄 in 妄自菲薄)
 *    is kept as that note's inner note (`parentId`: the outermost note around it; the page shows it in
 *    that note's card); of two notes that overlap only in part, the one starting first (the longer at
 *    the same start) is kept, and a second note on the very same characters is left out.
 * 2. The sentences, joined, are the text with its whitespace (line breaks) left out: each sentence's
 *    range is found by walking the text, skipping whitespace. When a sentence does not match the text
 *    there, no sentence is placed (the page shows the text without 語譯 rather than a wrong one).
 * 3. A word question drills the note of its `highlight`: the question's highlighted characters are
 *    found in the text through its `targetText`, and it goes to the note of that term standing at or
 *    before that place (the note explains the term there and after it, until a later note of the same
 *    term); a question quoting the term before its first note, or whose quotation is not found, goes
 *    to the first note of the term.
 * Positions are UTF-16 offsets into the text, as JavaScript's `slice` takes them.
 */

export interface NoteInput {
  readonly term: string;
  readonly occurrence?: number | undefined;
  readonly gloss: string;
  readonly jyutping?: string | undefined;
  readonly key?: boolean | undefined;
}

export interface SentenceInput {
  readonly text: string;
  readonly translation: string;
}

/** A word question as far as the linking needs it. */
export interface DrillCandidate {
  readonly id: string;
  readonly targetText: string | null;
  readonly highlight: string | null;
}

export interface PlacedNote {
  /** `n` and the note's place in its file (1-based): stable while the file keeps its order. */
  id: string;
  term: string;
  start: number;
  end: number;
  gloss: string;
  jyutping: string | null;
  key: boolean;
  /** The outermost note this one lies inside (rule 1), or null for a note of the text itself. */
  parentId: string | null;
  /** The word questions that drill this note (rule 3), in the order given. */
  questionIds: string[];
}

export interface PlacedSentence {
  start: number;
  end: number;
  translation: string;
}

/** Where the `occurrence`-th appearance of `term` starts in `text`, or -1. */
export function nthIndexOf(text: string, term: string, occurrence: number): number {
  if (term.length === 0 || occurrence < 1) return -1;
  let at = -1;
  for (let n = 0; n < occurrence; n++) {
    at = text.indexOf(term, at + (n === 0 ? 0 : term.length));
    if (at < 0) return -1;
  }
  return at;
}

const WHITESPACE = /\s/;

/** Rule 2: each sentence's [start, end) in the text, or [] when one does not match. */
export function placeSentences(text: string, sentences: readonly SentenceInput[]): PlacedSentence[] {
  const placed: PlacedSentence[] = [];
  let cursor = 0;
  for (const sentence of sentences) {
    const wanted = sentence.text.replace(/\s+/g, '');
    if (wanted.length === 0) return [];
    let start = -1;
    let matched = 0;
    while (matched < wanted.length) {
      while (cursor < text.length && WHITESPACE.test(text[cursor]!)) cursor++;
      if (cursor >= text.length || text[cursor] !== wanted[matched]) return [];
      if (start < 0) start = cursor;
      cursor++;
      matched++;
    }
    placed.push({ start, end: cursor, translation: sentence.translation });
  }
  return placed;
}

/** Rules 1 and 3: the notes in the order of the text, each with the questions that drill it. */
export function placeNotes(
  text: string,
  notes: readonly NoteInput[],
  drills: readonly DrillCandidate[],
): PlacedNote[] {
  const found = notes
    .map((note, index) => ({ note, index, start: nthIndexOf(text, note.term, note.occurrence ?? 1) }))
    .filter((n) => n.start >= 0)
    .sort((a, b) => a.start - b.start || b.note.term.length - a.note.term.length);
  const kept: PlacedNote[] = [];
  // The outermost kept note reaching furthest so far: a later note starts inside it or after it.
  let outer: PlacedNote | null = null;
  for (const { note, index, start } of found) {
    const end = start + note.term.length;
    let parentId: string | null = null;
    if (outer && start < outer.end) {
      const inside = end <= outer.end && !(start === outer.start && end === outer.end);
      if (!inside) continue;
      if (kept.some((k) => k.start === start && k.end === end)) continue;
      parentId = outer.id;
    }
    const placed: PlacedNote = {
      id: `n${index + 1}`,
      term: note.term,
      start,
      end,
      gloss: note.gloss,
      jyutping: note.jyutping ?? null,
      key: note.key ?? false,
      parentId,
      questionIds: [],
    };
    kept.push(placed);
    if (parentId === null) outer = placed;
  }
  for (const drill of drills) {
    if (!drill.highlight) continue;
    const sameTerm = kept.filter((n) => n.term === drill.highlight);
    if (sameTerm.length === 0) continue;
    const quoted = drill.targetText ? text.indexOf(drill.targetText) : -1;
    const within = quoted >= 0 && drill.targetText ? drill.targetText.indexOf(drill.highlight) : -1;
    const at = within >= 0 ? quoted + within : -1;
    const before = sameTerm.filter((n) => at >= 0 && n.start <= at);
    (before.at(-1) ?? sameTerm[0]!).questionIds.push(drill.id);
  }
  return kept;
}
