import { performance } from 'node:perf_hooks';
import { DueReviewListSchema } from '@wenyan/contracts';
import { readDueCards } from '@wenyan/store';
import pg from 'pg';
import { signUpBenchAccount, startBenchApp } from '../lib/bench-app.ts';

const CARDS = Number(process.env.BENCH_CARDS ?? 5000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const DAY_MS = 24 * 60 * 60 * 1000;
const TAGS = ['polysemy', 'function_word', 'loan_character', 'word_class_shift', 'theme', 'technique'];

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main() {
  const bench = await startBenchApp('wyt_bench_due');
  const { app, runtime } = bench;
  const db = runtime.deps.db;
  try {
    const { id: userId, cookie } = await signUpBenchAccount(app, 'bench_due_learner');
    const now = Date.now();
    const template = await db
      .selectFrom('questions')
      .selectAll()
      .where('type', '=', 'word_interpretation')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < CARDS; i += 500) {
      const ids = Array.from({ length: Math.min(500, CARDS - i) }, (_, k) => i + k);
      await db
        .insertInto('questions')
        .values(
          ids.map((n) => ({
            ...template,
            id: `bench-due-${n}`,
            lesson_id: 1 + (n % 16),
            options: JSON.stringify(template.options),
            keywords: null,
            marking: null,
            rubric: null,
            tags: JSON.stringify([TAGS[n % TAGS.length], TAGS[(n + 3) % TAGS.length]]),
            created_at: new Date(),
          })) as never,
        )
        .execute();
      await db
        .insertInto('review_cards')
        .values(
          ids.map((n) => ({
            user_id: userId,
            question_id: `bench-due-${n}`,
            lesson_id: 1 + (n % 16),
            question_type: 'word_interpretation',
            state: 'review',
            stability: 3 + (n % 40),
            difficulty: 3 + (n % 6),
            reps: 2 + (n % 5),
            correct: 1 + (n % 4),
            lapses: n % 3,
            last_rating: n % 7 === 0 ? 'again' : 'good',
            last_review: new Date(now - (1 + (n % 20)) * DAY_MS),
            // A tenth due by today (some overdue), the rest over the next 60 days.
            due: new Date(n % 10 === 0 ? now - (n % 5) * DAY_MS : now + (1 + (n % 60)) * DAY_MS),
          })),
        )
        .execute();
    }
    await db
      .insertInto('error_questions')
      .values(
        Array.from({ length: Math.min(300, CARDS) }, (_, n) => ({
          user_id: userId,
          question_id: `bench-due-${n * 7}`,
          attempt_count: 1,
          incorrect_answer: 'x',
          correct_answer: 'y',
          user_explanation: null,
          is_active: true,
          mastered_at: null,
          first_error_at: new Date(now - DAY_MS),
          last_attempt_at: new Date(now - DAY_MS),
        })),
      )
      .execute();
    if (bench.databaseUrl) {
      const c = new pg.Client({ connectionString: bench.databaseUrl });
      await c.connect();
      await c.query('analyze');
      await c.end();
    }

    const url = `/api/users/${userId}/reviews?due=today`;
    const call = async (path: string) => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: path, headers: { cookie } });
      const took = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return { took, body: DueReviewListSchema.parse(res.json()) };
    };
    for (let i = 0; i < 20; i++) await call(url);
    const times: number[] = [];
    let last = await call(url);
    for (let i = 0; i < CALLS; i++) {
      last = await call(url);
      times.push(last.took);
    }
    // The read alone (the statement and its rows), without the route around it.
    const reads: number[] = [];
    const dueBy = new Date(Date.now() + DAY_MS);
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      await readDueCards(db, userId, dueBy, 200);
      reads.push(performance.now() - t0);
    }
    reads.sort((a, b) => a - b);
    const wide: number[] = [];
    for (let i = 0; i < Math.min(CALLS, 100); i++) wide.push((await call(`${url}&limit=200`)).took);
    wide.sort((a, b) => a - b);
    const counts: number[] = [];
    for (let i = 0; i < 50; i++) counts.push((await call(`${url}&limit=0`)).took);
    times.sort((a, b) => a - b);
    counts.sort((a, b) => a - b);
    const p95 = quantile(times, 0.95);
    console.log(
      `\nDue list benchmark (${runtime.deps.dbKind}): a learner with ${CARDS} cards, ${last.body.dueCount} due today`,
    );
    console.log(
      `  GET ${url.replace(userId, ':id')} (${last.body.cards.length} cards listed, ${CALLS} calls)`,
    );
    console.log(
      `    median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );
    console.log(
      `  with limit=200: median ${quantile(wide, 0.5).toFixed(1)} ms, p95 ${quantile(wide, 0.95).toFixed(1)} ms`,
    );
    console.log(
      `  the store's read of 200 alone: median ${quantile(reads, 0.5).toFixed(1)} ms, p95 ${quantile(reads, 0.95).toFixed(1)} ms`,
    );
    console.log(
      `  the header's count (limit=0): median ${quantile(counts, 0.5).toFixed(1)} ms, p95 ${quantile(counts, 0.95).toFixed(1)} ms`,
    );
    console.log(`  budget: p95 under 50 ms: ${p95 < 50 ? 'met' : 'NOT met'}`);
    if (p95 >= 50) process.exitCode = 1;
  } finally {
    await bench.close();
  }
}

await main();
