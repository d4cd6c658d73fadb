/**
 * Variant characters OpenCC's tables leave apart but a DSE marker reads as one word: standard variant
 * forms (煖／暖) and the pairs the HKEAA's list of accepted forms writes either way (藉口／借口、
 * 瞭解／了解、彷彿／仿佛). Each pair folds its first character to the second's folded form, in answers,
 * accepted renderings and sources alike (`foldText`), and in 默書. 煖 and the last five are variant
 * forms the set texts print where a student may write the standard form (乍煖、彊秦、一箇、擊缻、遯隱、
 * 幷力); OpenCC already folds 箇／個 and 幷／併 alike but keeps them as two characters, so 默書
 * (recitation/forms.ts) needs the pair to accept one for the other.
 */
export const VARIANT_PAIRS: readonly (readonly [variant: string, standard: string])[] = [
  ['藉', '借'],
  ['瞭', '了'],
  ['彷', '仿'],
  ['锺', '钟'],
  ['煖', '暖'],
  ['彊', '強'],
  ['箇', '個'],
  ['缻', '缶'],
  ['遯', '遁'],
  ['幷', '併'],
  // Hong Kong writes 牠 for an animal where the Mainland writes 它 (犛牛…牠算得上很大).
  ['牠', '它'],
];
