/**
 * Exact replies. TypeScript checks an object literal for unknown keys only where it meets its type
 * directly; a reply built in a `.map` callback, a spread or a helper escapes that check, and Fastify's
 * serializer would drop the key in silence. `UnknownKeys<T, S>` walks the reply's type `T` against the
 * contract's `S` at every depth and names each key `S` does not have, so `defineRoute` and the command
 * runners can refuse a handler whose reply has one (`exact-reply.test.ts` is the proof).
 *
 * @example UnknownKeys<{ items: { id: string; nmae: string }[] }, { items: { id: string }[] }> // 'items[].nmae'
 */

type Scalar = string | number | boolean | bigint | symbol | null | undefined | Date;

/** True for `any` (a reply typed `any` is not checked: there is nothing to check). */
type IsAny<T> = 0 extends 1 & T ? true : false;

/** True when `A` and `B` are the same type (the cheap answer for a reply already typed by its contract). */
type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;

/** Every key of every object member of a union. */
type KeysOf<S> = S extends unknown ? keyof S : never;

/** `S[K]` across the members of `S` that have the key `K`. */
type PropOf<S, K extends PropertyKey> = S extends unknown ? (K extends keyof S ? S[K] : never) : never;

/** Every value of every object member of a union (what a key of an index signature is checked against). */
type ValuesOf<S> = S extends unknown ? S[keyof S] : never;

type ElementOf<S> = S extends readonly (infer E)[] ? E : never;

type Path<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;

/** The paths of the keys of `T`, at any depth, that the contract's `S` has not (`never` when none). */
export type UnknownKeys<T, S, P extends string = ''> =
  IsAny<T> extends true
    ? never
    : IsAny<S> extends true
      ? never
      : unknown extends S
        ? never
        : Same<T, S> extends true
          ? never
          : T extends Scalar
            ? never
            : T extends readonly (infer E)[]
              ? UnknownKeys<E, ElementOf<Extract<S, readonly unknown[]>>, `${P}[]`>
              : T extends object
                ? {
                    // An index signature names no key of its own: its values are checked against the
                    // contract's values.
                    [K in keyof T & string]-?: string extends K
                      ? UnknownKeys<T[K], ValuesOf<Extract<S, object>>, Path<P, K>>
                      : K extends KeysOf<Extract<S, object>>
                        ? UnknownKeys<T[K], PropOf<Extract<S, object>, K>, Path<P, K>>
                        : Path<P, K>;
                  }[keyof T & string]
                : never;

/**
 * `unknown` (no constraint) when the reply `R` has no key the contract `S` lacks; else a type no
 * function satisfies, whose one property names the unknown keys in the compiler's message.
 */
export type ExactReply<R, S> = [UnknownKeys<R, S>] extends [never]
  ? unknown
  : { readonly replyHasUnknownKeys: UnknownKeys<R, S> };

/**
 * A stored string as a member of the contract's enumeration (a question type, a paper status): the
 * database holds text, the reply a union. A value outside it is a fault in what was stored, thrown (a
 * 500, as the reply's serializer would answer) rather than cast past the reply's type.
 *
 * @example member(QUESTION_TYPES, row.type) // QuestionType
 */
export function member<const T extends string>(allowed: readonly T[], value: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`stored value "${value}" is not one of ${allowed.join(', ')}`);
  }
  return value as T;
}
