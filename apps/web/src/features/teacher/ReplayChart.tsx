/** A small chart of the learner's XP and accuracy over their history, with the scrubbed moment marked. */
import { countLabel } from '../../lib/figures.ts';
import type { ChartPoint } from './timeline.ts';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 6;

function path(points: ReadonlyArray<{ x: number; y: number }>): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

export function ReplayChart({
  series,
  position,
  max,
}: {
  series: readonly ChartPoint[];
  position: number;
  max: number;
}) {
  if (series.length < 2 || max <= 0) {
    return <p className="muted tc-small">紀錄太少，未能繪畫走勢圖。</p>;
  }
  const topXp = Math.max(1, ...series.map((p) => p.totalXP));
  const x = (version: number) => PAD + ((WIDTH - 2 * PAD) * version) / max;
  const y = (fraction: number) => HEIGHT - PAD - (HEIGHT - 2 * PAD) * fraction;
  const xp = series.map((p) => ({ x: x(p.version), y: y(p.totalXP / topXp) }));
  const accuracy = series.flatMap((p) =>
    p.accuracy === null ? [] : [{ x: x(p.version), y: y(p.accuracy / 100) }],
  );
  const last = series.at(-1)!;
  return (
    <figure className="tc-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`經驗值由 0 增至 ${last.totalXP}；準確率現為 ${last.accuracy ?? '—'}%`}
        preserveAspectRatio="none"
      >
        <line className="tc-chart-grid" x1={PAD} x2={WIDTH - PAD} y1={y(0.5)} y2={y(0.5)} />
        <line className="tc-chart-grid" x1={PAD} x2={WIDTH - PAD} y1={y(1)} y2={y(1)} />
        <path className="tc-chart-xp" d={path(xp)} />
        {accuracy.length > 1 ? <path className="tc-chart-accuracy" d={path(accuracy)} /> : null}
        <line className="tc-chart-now" x1={x(position)} x2={x(position)} y1={PAD / 2} y2={HEIGHT - PAD / 2} />
      </svg>
      <figcaption className="tc-chart-legend">
        <span className="tc-legend-xp">經驗值（最高 {countLabel(topXp)}）</span>
        <span className="tc-legend-accuracy">準確率（0–100%）</span>
      </figcaption>
    </figure>
  );
}
