/**
 * `npm run bench:forecast`: the CPU one forecast request (`GET /api/users/:id/reviews/forecast`) costs
 * this process for a learner with 10, 1,000 and 5,000 review cards, through the real route (auth, the
 * plan, the cards' version, the forecast, serialization). A benchmark, not a test: it prints figures.
 *
 * Per card set, the process's CPU time (user + system, `process.cpuUsage`) per request, for:
 * - `again`: the same learner asking again (with the forecast cache: the cards' version read, the due
 *   cards simulated again);
 * - `after an answer`: one card moved and its projection written again before each request (with the
 *   cache: the cards written since read, only those and the due cards simulated); the write's own CPU
 *   is measured apart and taken off;
 * - `first`: the first request for the learner (every card read and simulated);
 * and, with the cache, the part of `again` and `after an answer` spent in the forecast itself
 * (`app.forecasts`: the cards' reads and the simulation), without HTTP, sign-in and the plan.
 * Every answer of the route is checked against `reviewForecast` of the cards read by `readCards`. Run
 * it on a commit before the cache for the figures without it (the forecast part then reads `—`).
 *
 *   npm run bench:forecast                                  # embedded PGlite: its CPU counts too
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:forecast
 *                                                           # a throwaway database on that server
 *   BENCH_DUE_SHARE=0.5 npm run bench:forecast              # half the cards due (a learner behind)
 *
 * The cards are written straight into the read model (the benchmark measures the read, not the
 * projector): each one a question answered over the last 200 days, its reviews done when due with a
 * random slip, answered correctly with its recall then; `BENCH_DUE_SHARE` of them are moved to be due
 * by now. A change writes one card and the learner's projection row as the projector would.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@wenyan/api/src/app.ts';
import { readApiEnv } from '@wenyan/api/src/config.ts';
import { createRuntime } from '@wenyan/api/src/runtime.ts';
import { ReviewForecastSchema } from '@wenyan/contracts';
import {
  type ExamPlan,
  planInForce,
  type ReviewCard,
  recallAt,
  reviewCard,
  reviewForecast,
  seededRandom,
} from '@wenyan/domain';
import { readCards, reviewCardRow } from '@wenyan/store';
import { sql } from 'kysely';
import pg from 'pg';

const SIZES = (process.env.BENCH_SIZES ?? '10,1000,5000').split(',').map(Number);
const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const DUE_SHARE = Number(process.env.BENCH_DUE_SHARE ?? 0.1);
const DAY_MS = 24 * 60 * 60 * 1000;

/** `n` cards as a learner's history leaves them at `nowMs` (see the header). */
function historyCards(n: number, nowMs: number, plan: ExamPlan, prefix: string): ReviewCard[] {
  // Seeded, so every run has the same cards.
  const random = seededRandom(n);
  const cards: ReviewCard[] = [];
  for (let i = 0; i < n; i++) {
    let card: ReviewCard | undefined;
    const answer = (at: number, right: boolean) =>
      reviewCard(
        card,
        {
          questionId: `${prefix}-${i}`,
          lessonId: 1 + (i % 16),
          questionType: 'word_interpretation',
          rating: right ? 'good' : random() < 0.3 ? 'hard' : 'again',
          at: new Date(at).toISOString(),
        },
        plan,
      );
    card = answer(nowMs - Math.floor(random() * 200 * DAY_MS), random() < 0.6);
    for (let k = 0; k < 40; k++) {
      const at = Date.parse(card.due) + Math.floor(random() * DAY_MS);
      if (at >= nowMs) break;
      card = answer(at, random() < recallAt(card, at));
    }
    if (random() < DUE_SHARE && Date.parse(card.due) >= nowMs) {
      card = { ...card, due: new Date(nowMs - Math.floor(random() * 10 * DAY_MS)).toISOString() };
    }
    cards.push(card);
  }
  return cards;
}

async function throwawayPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wyt_bench_forecast_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Milliseconds of this process's CPU per call of `run`, over `calls` calls. */
async function cpuPerCall(calls: number, run: (i: number) => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) await run(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / calls;
}

/** The CPU spent inside `app.forecasts.forecast` (absent before the cache: `—`). */
function measureForecasts(app: Awaited<ReturnType<typeof buildApp>>) {
  let used = 0;
  let calls = 0;
  const cache = (app as { forecasts?: { forecast(...args: never[]): Promise<unknown> } }).forecasts;
  if (cache) {
    const forecast = cache.forecast.bind(cache);
    cache.forecast = async (...args: never[]) => {
      // Only this request runs meanwhile: its awaits on the database use no CPU of this process.
      const start = process.cpuUsage();
      const result = await forecast(...args);
      const u = process.cpuUsage(start);
      used += (u.user + u.system) / 1000;
      calls += 1;
      return result;
    };
  }
  return {
    reset() {
      used = 0;
      calls = 0;
    },
    perCall: () => (cache && calls > 0 ? `${(used / calls).toFixed(2)} ms` : '—'),
  };
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const postgres = adminUrl ? await throwawayPostgres(adminUrl) : null;
  const env = readApiEnv({ LOG_LEVEL: 'silent', ...(postgres ? { DATABASE_URL: postgres.url } : {}) });
  const runtime = await createRuntime(env, { serveWeb: false, pgliteDataDir: 'memory://' });
  const app = await buildApp({ ...runtime.deps, logger: false });
  await app.ready();
  const db = runtime.deps.db;
  const rows: string[] = [];
  const forecastCpu = measureForecasts(app);
  try {
    for (const size of SIZES) {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: `bench_forecast_${size}`, password: 'correct horse battery' },
      });
      if (registered.statusCode !== 201) throw new Error(`sign-up failed: ${registered.body}`);
      const cookie = String(registered.headers['set-cookie']).split(';')[0]!;
      const userId = String(registered.json().id);
      // The sign-up's events are projected in the background: wait for the projection row the cards'
      // version is read from (bounded).
      for (let i = 0; ; i++) {
        const row = await db
          .selectFrom('learner_projections')
          .select('checkpoint')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (row) break;
        if (i > 500) throw new Error('the learner was not projected');
        await new Promise((r) => setTimeout(r, 10));
      }
      const nowMs = Date.now();
      const plan = planInForce(null, {}, nowMs);
      const cards = historyCards(size, nowMs, plan, `bench-fc-${size}`);
      for (let i = 0; i < cards.length; i += 500) {
        await db
          .insertInto('review_cards')
          .values(
            cards.slice(i, i + 500).map((c) => ({
              ...reviewCardRow(userId, c),
              last_review: new Date(c.lastReview),
              due: new Date(c.due),
            })),
          )
          .execute();
      }
      if (postgres) await sql`analyze review_cards`.execute(db);
      const url = `/api/users/${userId}/reviews/forecast`;
      const call = async () => {
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        return res;
      };
      /**
       * The route's answer is the uncached forecast's of the cards as they are now (to a millionth: the
       * due cards' planned reviews are at the moment of each, a few milliseconds apart).
       */
      const check = async () => {
        const body = ReviewForecastSchema.parse((await call()).json());
        const expected = reviewForecast(await readCards(db, userId), plan, Date.now());
        const off = Math.abs(body.plannedRecall - expected.plannedRecall);
        if (body.cardCount !== expected.cardCount || body.dueToday !== expected.dueToday || off > 1e-6) {
          throw new Error(`the cached forecast differs: ${JSON.stringify(body).slice(0, 200)}`);
        }
      };
      /** One card moved and its projection written again, as an answer's projection would. */
      const moveOne = async (i: number) => {
        const c = cards[(i * 7919) % cards.length]!;
        const at = Date.now();
        const moved = reviewCard(
          c,
          {
            questionId: c.questionId,
            lessonId: c.lessonId,
            questionType: c.questionType,
            rating: 'good',
            at: new Date(at).toISOString(),
          },
          plan,
        );
        await db
          .updateTable('review_cards')
          .set({
            stability: moved.stability,
            difficulty: moved.difficulty,
            last_review: new Date(moved.lastReview),
            due: new Date(moved.due),
          })
          .where('user_id', '=', userId)
          .where('question_id', '=', c.questionId)
          .execute();
        await db
          .updateTable('learner_projections')
          .set({ checkpoint: sql`checkpoint + 1`, projected_at: new Date() })
          .where('user_id', '=', userId)
          .execute();
      };

      const calls = Math.max(10, Math.min(CALLS, Math.round((CALLS * 1000) / Math.max(size, 1000))));
      const first = await cpuPerCall(1, call);
      await check();
      for (let i = 0; i < 100; i++) await call();
      forecastCpu.reset();
      const again = await cpuPerCall(calls * 3, call);
      const againPart = forecastCpu.perCall();
      // The write is not the request's: its CPU is measured apart and taken off.
      const writes = await cpuPerCall(calls, moveOne);
      forecastCpu.reset();
      const changed =
        (await cpuPerCall(calls, async (i) => {
          await moveOne(calls + i);
          await call();
        })) - writes;
      const changedPart = forecastCpu.perCall();
      await check();
      const wall: number[] = [];
      for (let i = 0; i < calls; i++) {
        const t0 = performance.now();
        await call();
        wall.push(performance.now() - t0);
      }
      wall.sort((a, b) => a - b);
      const due = cards.filter((c) => Date.parse(c.due) < Date.now()).length;
      rows.push(
        `  ${String(size).padStart(5)} cards (${String(due).padStart(4)} due now): ` +
          `again ${again.toFixed(2)} ms (forecast ${againPart}), ` +
          `after an answer ${changed.toFixed(2)} ms (forecast ${changedPart}), first ${first.toFixed(2)} ms; ` +
          `wall median again ${wall[Math.floor(wall.length / 2)]!.toFixed(2)} ms`,
      );
    }
    console.log(
      `\nForecast benchmark (${runtime.deps.dbKind}${postgres ? '' : ': the embedded database runs in this process, its CPU counts'}), CPU of this process per request:`,
    );
    for (const row of rows) console.log(row);
  } finally {
    await app.close();
    await runtime.close();
    await postgres?.drop();
  }
}

await main();
