/**
 * Building blocks shared by the resource contracts: ids, query-string helpers, time stamps,
 * difficulty, XP awards and the learner's running totals.
 */
import { z } from 'zod';
import { DIFFICULTIES } from './light.ts';

// ---------------------------------------------------------------------------------------------
// Names people choose (shown to other users)
// ---------------------------------------------------------------------------------------------

/**
 * The bidirectional controls (U+202A–202E embeddings and overrides, U+2066–2069 isolates, U+200E/200F
 * marks, U+061C the Arabic letter mark): invisible, they reorder what follows, so `陳‮gpj.exe` or a
 * name in a teacher's table reads as something else. Chinese and English names never need them.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
export const BIDI_MESSAGE = '不可包含改變文字方向的隱藏字元';

/**
 * The refinement every name field takes (people, schools, classes, nicknames):
 * `z.string().refine(...NO_BIDI)`.
 */
export const NO_BIDI = [(value: string) => !BIDI_CONTROLS.test(value), { error: BIDI_MESSAGE }] as const;

// ---------------------------------------------------------------------------------------------
// Ids
// ---------------------------------------------------------------------------------------------

/** A user id on the wire: always a string (the API turns a numeric database id into a string). */
export const UserIdSchema = z.string().min(1).max(64);
export type UserId = z.infer<typeof UserIdSchema>;

/**
 * A user's profile as the API shows it beside their figures (spread into an object's shape): names,
 * e-mail, picture and school, each null when unknown.
 */
export const PROFILE_SHAPE = {
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  schoolName: z.string().nullable(),
};

/**
 * A user id in a request body: the spec's client sends it as a string or a number; both become a string.
 * The server never trusts it: every call acts for the signed-in user.
 */
export const UserIdInputSchema = z
  .union([z.string().min(1).max(64), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform((value) => String(value));

/**
 * The largest value of Postgres's `integer` (int4) columns. Every integer a request may carry is
 * bounded by it, so no input reaches the database as an out-of-range number (a 500 before).
 */
export const INT4_MAX = 2_147_483_647;

/** A lesson id (the sixteen set texts are 1–16; uploaded lessons continue the sequence). */
export const LessonIdSchema = z.number().int().positive().max(INT4_MAX);

/** A positive integer read from a path or a query string, where every value arrives as text. */
export const positiveIntParam = () => z.coerce.number<string | number>().int().positive().max(INT4_MAX);

/** A non-negative integer read from a path or a query string. */
export const nonNegativeIntParam = () => z.coerce.number<string | number>().int().nonnegative().max(INT4_MAX);

// ---------------------------------------------------------------------------------------------
// Text and structure every request must respect
// ---------------------------------------------------------------------------------------------

/** How deep a request's JSON may nest (the deepest contract is 3 levels; a 20,000-deep array was a 500). */
export const MAX_INPUT_DEPTH = 16;

/**
 * Text Postgres can store and every client can show: no NUL character (Postgres text refuses it) and
 * no lone UTF-16 surrogate (not encodable as UTF-8).
 */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/** A string schema that refuses NUL and lone surrogates (`isSafeText`). */
export const SafeTextSchema = z.string().refine(isSafeText, { error: '文字含有不能儲存的字元' });

/** What is wrong with a request's input, and where (`body.a.0`), as the 400 answer names it. */
export interface InputProblem {
  field: string;
  message: string;
}

/**
 * Walks a parsed request part (body, query or path parameters) without recursion and reports the first
 * string or key that is not `isSafeText`, or a nesting deeper than `MAX_INPUT_DEPTH`. Every route runs
 * it before its contract, so these classes of input are refused the same way on every call.
 *
 * @example inputProblem({ a: ['x\u0000'] }, 'body') // { field: 'body.a.0', message: '…' }
 */
export function inputProblem(value: unknown, root: string): InputProblem | null {
  // Paths are built only for the item that fails: the walk runs on every request.
  type Item = { value: unknown; key: string; parent: Item | null; depth: number };
  const pathOf = (item: Item): string => {
    const keys: string[] = [];
    for (let at: Item | null = item; at !== null; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const stack: Item[] = [{ value, key: root, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    if (typeof item.value === 'string') {
      if (!isSafeText(item.value)) return { field: pathOf(item), message: '文字含有不能儲存的字元' };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_INPUT_DEPTH) {
      return { field: pathOf(item), message: `資料層次不能多於 ${MAX_INPUT_DEPTH} 層` };
    }
    for (const key in item.value as Record<string, unknown>) {
      if (!Object.hasOwn(item.value, key)) continue;
      const child: Item = {
        value: (item.value as Record<string, unknown>)[key],
        key,
        parent: item,
        depth: item.depth + 1,
      };
      if (!isSafeText(key)) return { field: pathOf(child), message: '欄位名稱含有不能儲存的字元' };
      stack.push(child);
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Query-string lists
// ---------------------------------------------------------------------------------------------

const rawListSchema = z.union([z.string(), z.array(z.string())]);

function toArray(value: string | string[]): string[] {
  return Array.isArray(value) ? value : [value];
}

/** The list schema after the raw strings are gathered; typed loosely because a coercing item accepts `unknown`. */
function itemsOf<T extends z.ZodType>(item: T) {
  return z.array(item) as unknown as z.ZodType<Array<z.output<T>>, string[]>;
}

/**
 * A comma-joined list in a query string: `lessonIds=1,2,3` gives `[1, 2, 3]` with an item schema
 * that coerces. Repeated parameters (`lessonIds=1,2&lessonIds=3`) are accepted too; empty pieces
 * are dropped, so `lessonIds=` gives `[]`.
 *
 * @example commaList(z.coerce.number().int()).parse('1,2,3') // [1, 2, 3]
 */
export function commaList<T extends z.ZodType>(item: T) {
  return rawListSchema
    .transform((value) =>
      toArray(value)
        .flatMap((piece) => piece.split(','))
        .map((piece) => piece.trim())
        .filter((piece) => piece.length > 0),
    )
    .pipe(itemsOf(item));
}

/**
 * A repeated query parameter: `types=a&types=b` gives `['a', 'b']`; a single `types=a` gives `['a']`.
 * Values are taken whole (no comma splitting).
 *
 * @example repeatedParam(z.string()).parse('a') // ['a']
 */
export function repeatedParam<T extends z.ZodType>(item: T) {
  return rawListSchema.transform(toArray).pipe(itemsOf(item));
}

// ---------------------------------------------------------------------------------------------
// Shared values
// ---------------------------------------------------------------------------------------------

/** An instant as an ISO 8601 string (what `Date.prototype.toISOString` gives). */
export const TimestampSchema = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof TimestampSchema>;

export { DIFFICULTIES };
export const DifficultySchema = z.enum(DIFFICULTIES);
export type Difficulty = z.infer<typeof DifficultySchema>;

/** A percentage, 0 to 100. */
export const PercentSchema = z.number().min(0).max(100);

/** Seconds spent, as the spec's client sends them (a day at most). */
export const SecondsSchema = z.number().nonnegative().max(86_400);

/** A count (questions, learners, events...). */
export const CountSchema = z.number().int().nonnegative();

/** A count a request carries: bounded to int4, like every integer of a request. */
export const CountInputSchema = CountSchema.max(INT4_MAX);

/** A short confirmation, worded for the student (Traditional Chinese). */
export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

// ---------------------------------------------------------------------------------------------
// XP and totals
// ---------------------------------------------------------------------------------------------

/** Why XP was awarded (the amounts are the domain's rules, spec part 1 §9). */
export const XP_REASONS = {
  correctAnswer: 'correct_answer',
  correctRunBonus: 'correct_run_bonus',
  lessonCompleted: 'lesson_completed',
  unitCompleted: 'unit_completed',
  dailySignIn: 'daily_sign_in',
  streakMilestone: 'streak_milestone',
  /** A due review card answered correctly (issue 21). */
  reviewCorrect: 'review_correct',
} as const;
export const XpReasonSchema = z.enum(XP_REASONS);
export type XpReason = z.infer<typeof XpReasonSchema>;

/** One XP award the server decided. */
export const XpAwardSchema = z.object({ amount: z.number().int(), reason: XpReasonSchema });
export type XpAward = z.infer<typeof XpAwardSchema>;

/** The learner's true running totals after a change. */
export const TotalsSchema = z.object({
  totalXP: CountSchema,
  level: z.number().int().positive(),
  streakDays: CountSchema,
});
export type Totals = z.infer<typeof TotalsSchema>;

/** What a write call that earns XP answers: the awards it caused and the new totals. */
export const ProgressResultSchema = z.object({
  xpAwarded: z.array(XpAwardSchema),
  totals: TotalsSchema,
});
export type ProgressResult = z.infer<typeof ProgressResultSchema>;
