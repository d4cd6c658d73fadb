/**
 * `npm run bench:marker`: how the real marker does on the gold set (tests/marker-gold): for the
 * tuning part, the dev parts (dev to dev5: tuned against too) and the held-out part separately, per class the answers, the full marks given and the
 * false-accept or false-reject rate; overall the false-accept rate over the must-not classes, the
 * false-reject rate over the acceptable classes, the answers left uncertain (待老師批閱) and the
 * marking time per answer. Prints figures only, never an answer (the held-out answers stay unseen),
 * and exits 0 whatever the figures.
 */
import { performance } from 'node:perf_hooks';
import {
  figures,
  type GoldEntry,
  type GoldPart,
  goldItems,
  loadGold,
  markAll,
  markEntry,
  missedGoals,
} from '../marker-gold/metrics.ts';

const PASSES = Number(process.env.BENCH_PASSES ?? 7);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`.padStart(8);

/** Median over the passes of the mean time to mark one answer, in µs (the first pass warms up). */
function microsecondsPerAnswer(entries: readonly GoldEntry[]): number {
  const all = goldItems();
  const known = entries.flatMap((e) => {
    const item = all.get(e.itemId);
    return item ? [{ item, e }] : [];
  });
  const perPass: number[] = [];
  for (let pass = 0; pass <= PASSES; pass += 1) {
    const t0 = performance.now();
    for (const { item, e } of known) markEntry(item, e);
    if (pass > 0) perPass.push(((performance.now() - t0) * 1000) / Math.max(1, known.length));
  }
  perPass.sort((a, b) => a - b);
  return perPass[Math.floor(perPass.length / 2)] ?? 0;
}

function report(part: GoldPart, entries: readonly GoldEntry[] | null): void {
  console.log(`\n== ${part} ==`);
  if (!entries) {
    console.log('(file absent)');
    return;
  }
  const f = figures(markAll(entries));
  const items = new Set(entries.map((e) => e.itemId)).size;
  console.log(`${f.answers} answers to ${items} items`);
  console.log(
    `${'class'.padEnd(16)}${'answers'.padStart(8)}${'full'.padStart(6)}${'uncert.'.padStart(8)}  rate`,
  );
  for (const c of f.perClass) {
    const rate = `${pct(c.errorRate)} ${c.errorKind}`;
    console.log(
      `${c.class.padEnd(16)}${String(c.answers).padStart(8)}${String(c.fullGiven).padStart(6)}${String(c.uncertain).padStart(8)}  ${rate}`,
    );
  }
  console.log(`false accepts over must-not classes: ${pct(f.falseAcceptRate).trim()}`);
  console.log(`false rejects over acceptable classes: ${pct(f.falseRejectRate).trim()}`);
  console.log(`left uncertain (待老師批閱): ${f.uncertain}`);
  console.log(
    `marking time: ${microsecondsPerAnswer(entries).toFixed(1)} µs per answer (median of ${PASSES} passes)`,
  );
  const missed = missedGoals(f);
  console.log(missed.length === 0 ? 'goals: all met' : `goals missed:\n  ${missed.join('\n  ')}`);
}

report('tuning', loadGold('tuning'));
report('dev', loadGold('dev'));
report('dev2', loadGold('dev2'));
report('dev3', loadGold('dev3'));
report('dev4', loadGold('dev4'));
report('dev5', loadGold('dev5'));
report('holdout', loadGold('holdout'));
