import { openDatabase } from '@wenyan/store';

/**
 * Every question's key by id, read from a test's database: question lists served to a learner carry
 * no keys, so a test that wants to answer right (or surely wrong) looks the key up here.
 */
export async function answerKeys(databaseUrl: string): Promise<Map<string, string>> {
  const handle = await openDatabase({ databaseUrl, poolSize: 1, migrate: false });
  try {
    const rows = await handle.db.selectFrom('questions').select(['id', 'correct_answer']).execute();
    return new Map(rows.map((q) => [q.id, q.correct_answer]));
  } finally {
    await handle.close();
  }
}

/** The questions of a learner's list with their keys added from `keys`. */
export function withKeys<Q extends { id: string }>(
  questions: readonly Q[],
  keys: ReadonlyMap<string, string>,
): (Q & { correctAnswer: string })[] {
  return questions.map((q) => ({ ...q, correctAnswer: keys.get(q.id) ?? '' }));
}
