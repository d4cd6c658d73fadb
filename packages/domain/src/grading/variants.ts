/**
 * Variant characters OpenCC's tables leave apart but a DSE marker reads as one word: standard variant
 * forms (煖／暖) and the pairs the HKEAA's list of accepted forms writes either way (藉口／借口、
 * 瞭解／了解、彷彿／仿佛). Each pair folds its first character to the second's folded form, in answers,
 * accepted renderings and sources alike (`foldText`), and in 默書.
 */
export const VARIANT_PAIRS: readonly (readonly [variant: string, standard: string])[] = [
  ['藉', '借'],
  ['瞭', '了'],
  ['彷', '仿'],
  ['锺', '钟'],
  ['煖', '暖'],
];
