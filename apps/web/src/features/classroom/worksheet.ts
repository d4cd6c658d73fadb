/** The worksheet's printing rules (pure, tested in worksheet.test.ts). */

/**
 * Whether a question's quoted sentence is printed above its wording: not when the wording already
 * quotes it (「試把「…」譯為白話文」), so each sentence prints once.
 */
export function printsQuote(question: { content: string; targetText?: string | null }): boolean {
  const quote = question.targetText?.trim();
  return Boolean(quote) && !question.content.includes(quote!);
}

/** The search part that keeps a worksheet's chosen items (`?questions=…`) on its other links. */
export function questionsSearch(questions: string | null): string {
  return questions ? `?questions=${encodeURIComponent(questions)}` : '';
}
