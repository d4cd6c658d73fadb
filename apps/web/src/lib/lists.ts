/**
 * The list with `value` taken out when it is there, else added at the end (a multiple choice's
 * selection).
 *
 * @example toggle(['a', 'b'], 'a') // ['b']
 */
export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
