import { performance } from 'node:perf_hooks';
// The augmentation that gives FastifyInstance its `sessions`.
import { questionForGrading } from '@wenyan/api/src/learner/mappers.ts';
import type {} from '@wenyan/api/src/plugins/auth.ts';
import { LearnerEventPageSchema, LearnerStateSchema } from '@wenyan/contracts';
import {
  type DecideContext,
  decide,
  evolve,
  initialLearnerState,
  type LearnerCommand,
  type LearnerEvent,
  type LearnerState,
  seededRandom,
} from '@wenyan/domain';
import {
  appendToStream,
  createUser,
  type Db,
  learnerStreamId,
  lessonQuestions,
  setRoles,
} from '@wenyan/store';
import { sql } from 'kysely';
import { signUpBenchAccount, startBenchApp } from '../lib/bench-app.ts';

const TARGET = Number(process.env.BENCH_EVENTS ?? 10_000);
const ADMIN = 'bench_admin';

/** Decides a long history for one learner and appends it in batches; returns its length. */
async function buildHistory(db: Db, userId: string, target: number): Promise<number> {
  const random = seededRandom(20240901);
  const banks = await Promise.all([1, 2, 3, 9, 11, 14].map((id) => lessonQuestions(db, id)));
  const questions = banks.flat().filter((q) => q.paper_id === null);
  const counts: Record<number, number> = {};
  for (const q of questions) counts[q.lesson_id] = (counts[q.lesson_id] ?? 0) + 1;
  let clock = Date.parse('2024-09-01T08:00:00Z');
  let state: LearnerState = initialLearnerState;
  let version = 0;
  let pending: LearnerEvent[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    await db.transaction().execute(async (trx) => {
      await appendToStream(
        trx,
        learnerStreamId(userId),
        version,
        batch.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data })),
        { actor: userId },
        { state, schema: 1 },
      );
    });
    version += batch.length;
  };
  const run = (command: LearnerCommand) => {
    const context: DecideContext = { now: new Date(clock).toISOString(), lessonQuestionCounts: counts };
    const decision = decide(command, state, context);
    if (!decision.ok) return;
    for (const event of decision.events) state = evolve(state, event);
    pending.push(...decision.events);
  };
  let answersToday = 0;
  while (version + pending.length < target) {
    const q = questions[Math.floor(random() * questions.length)]!;
    const right = random() < 0.72;
    run({
      type: 'SubmitAnswer',
      data: {
        question: questionForGrading(q),
        selectedAnswer: right ? q.correct_answer : '不知道',
        timeSpent: 20 + Math.floor(random() * 60),
      },
    });
    if (!right && random() < 0.2) {
      run({ type: 'SaveErrorNote', data: { questionId: q.id, note: '要記住這個字的意思' } });
    }
    const active = Object.entries(state.errorBook).find(([, status]) => status === 'active');
    if (active && random() < 0.08) run({ type: 'MasterErrorQuestion', data: { questionId: active[0] } });
    clock += 2 * 60_000;
    answersToday += 1;
    if (answersToday >= 30) {
      answersToday = 0;
      // The next day usually; now and then a day or two are skipped and the streak breaks.
      const skip = random() < 0.12 ? 1 + Math.floor(random() * 2) : 0;
      clock += (24 - 1) * 3_600_000 + skip * 86_400_000;
    }
    if (pending.length >= 500) await flush();
  }
  await flush();
  return version;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const bench = await startBenchApp('wyt_bench');
  const { app, runtime } = bench;
  const db = runtime.deps.db;
  try {
    const admin = await signUpBenchAccount(app, ADMIN);
    const cookie = admin.cookie;
    // The operator's grant (as `npm run roles` does): no role comes from a chosen name.
    await setRoles(db, admin.id, ['student', 'admin']);
    await app.sessions.forgetUser(admin.id);
    const learner = await createUser(db, {
      username: 'bench_learner',
      passwordHash: null,
      roles: ['student'],
    });
    if (!learner) throw new Error('could not create the learner');

    const started = performance.now();
    const length = await buildHistory(db, learner.id, TARGET);
    const buildMs = performance.now() - started;

    const call = async <T>(url: string, schema: { parse(v: unknown): T }) => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      const took = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return { took, body: schema.parse(res.json()) };
    };
    const stateUrl = (at: string | number) =>
      `/api/teacher/learners/${learner.id}/state?at=${encodeURIComponent(String(at))}`;
    const clearSnapshots = () => sql`delete from learner_replay_snapshots`.execute(db);

    // Cold: no snapshot yet, so the whole history is folded from the first event.
    const cold: number[] = [];
    for (let i = 0; i < 3; i++) {
      await clearSnapshots();
      cold.push((await call(stateUrl(length), LearnerStateSchema)).took);
    }
    await call(stateUrl(length), LearnerStateSchema);

    // Warm: snapshots every few hundred versions; any point folds at most that many events.
    const random = seededRandom(7);
    const points = Array.from({ length: 40 }, () => 1 + Math.floor(random() * length));
    const warm: number[] = [];
    for (const v of points) warm.push((await call(stateUrl(v), LearnerStateSchema)).took);
    const end = await call(stateUrl(length), LearnerStateSchema);
    const now = await call(`/api/teacher/learners/${learner.id}/state`, LearnerStateSchema);
    const middle = await call(stateUrl(Math.floor(length / 2)), LearnerStateSchema);
    const byTime = await call(stateUrl(middle.body.at.recordedAt ?? ''), LearnerStateSchema);
    // Events decided together share a time: the state at that time is after the last of them.
    if (
      byTime.body.at.recordedAt !== middle.body.at.recordedAt ||
      byTime.body.at.version < middle.body.at.version
    ) {
      throw new Error('the state at a time does not match the state at the version of that time');
    }

    const eventsUrl = (query: string) => `/api/teacher/learners/${learner.id}/events?${query}`;
    const firstPage = await call(eventsUrl('after=0&limit=200'), LearnerEventPageSchema);
    const lastPage = await call(eventsUrl(`after=${length - 200}&limit=200`), LearnerEventPageSchema);
    const filtered = await call(
      eventsUrl(`after=${Math.floor(length / 2)}&limit=50&types=StreakReset&types=ErrorQuestionMastered`),
      LearnerEventPageSchema,
    );

    const w = stats(warm);
    const rows: Array<[string, string]> = [
      ['database', runtime.deps.dbKind],
      ['events in the history', String(length)],
      ['history built and appended in', ms(buildMs)],
      ['state at the end, cold (fold from event 1; 3 runs)', cold.map(ms).join(', ')],
      ['state at 40 random versions, warm: median', ms(w.median)],
      ['state at 40 random versions, warm: p95', ms(w.p95)],
      ['state at 40 random versions, warm: max', ms(w.max)],
      ['state at the end, warm', ms(end.took)],
      ['state now (no at)', ms(now.took)],
      ['state at a time (middle of the history)', ms(byTime.took)],
      ['events page after=0, limit=200', ms(firstPage.took)],
      [`events page after=${length - 200}, limit=200`, ms(lastPage.took)],
      ['events page filtered by type, limit=50', ms(filtered.took)],
      [
        'final figures',
        `${end.body.totals.totalXP} XP, level ${end.body.totals.level}, streak ${end.body.totals.streakDays}, ` +
          `accuracy ${end.body.totals.accuracy}%, ${end.body.openErrors.length} open errors`,
      ],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log('\nTeacher replay benchmark');
    for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
    const worst = Math.max(...cold, w.max, firstPage.took, lastPage.took, filtered.took);
    console.log(`\n  slowest answer: ${ms(worst)} (budget: well under 1000 ms)`);
    if (worst >= 1000) process.exitCode = 1;
  } finally {
    await bench.close();
  }
}

await main();
