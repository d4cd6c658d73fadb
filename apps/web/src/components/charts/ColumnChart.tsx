/**
 * A small column chart in SVG over dates up to a marked day (the reviews planned each day until the exam):
 * labelled axes in Chinese, the last day marked (考試日), and the figures as a table for screen readers.
 * More than `maxColumns` days are summed by week so the columns stay readable on a 390 px screen.
 */
import { ChartFigure, CHART_WIDTH as WIDTH } from './ChartFigure.tsx';

export interface DatePoint {
  /** YYYY-MM-DD */
  date: string;
  value: number;
}

export interface ColumnChartProps {
  /** The title over the days as they are (e.g. 「考試前每日要複習的題數」). */
  title: string;
  /** The title when the days are summed by week (「考試前每週要複習的題數」): a daily title would be false. */
  weeklyTitle?: string | undefined;
  description?: string | undefined;
  points: readonly DatePoint[];
  /** The y axis' name, e.g. 「每日複習（張）」. */
  axisLabel: string;
  /** The marked day (the exam date), YYYY-MM-DD, and its name. */
  marker?: { date: string; label: string } | undefined;
  /** The table's column heads. */
  columns: { date: string; value: string };
  maxColumns?: number;
  testId?: string | undefined;
}

const LEFT = 34;
const RIGHT = 8;
const TOP = 24;
const PLOT_HEIGHT = 130;
const BOTTOM = 36;

/** 「3月5日」 from YYYY-MM-DD. */
export function shortDate(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${month}月${day}日`;
}

/** The chart's title for what it plots: the weekly title once the days are summed by week. */
export function chartTitle(title: string, weeklyTitle: string | undefined, weekly: boolean): string {
  if (!weekly) return title;
  return weeklyTitle ?? `${title}（每週合計）`;
}

/** The points as they are, or summed by 7 days (labelled by each week's first day) when too many. */
export function binPoints(
  points: readonly DatePoint[],
  maxColumns: number,
): { points: DatePoint[]; weekly: boolean } {
  if (points.length <= maxColumns) return { points: [...points], weekly: false };
  const weeks: DatePoint[] = [];
  for (let i = 0; i < points.length; i += 7) {
    const slice = points.slice(i, i + 7);
    weeks.push({ date: slice[0]!.date, value: slice.reduce((sum, p) => sum + p.value, 0) });
  }
  return { points: weeks, weekly: true };
}

export function ColumnChart({
  title: dailyTitle,
  weeklyTitle,
  description,
  points,
  axisLabel,
  marker,
  columns,
  maxColumns = 31,
  testId,
}: ColumnChartProps) {
  const binned = binPoints(points, maxColumns);
  const shown = binned.points;
  const title = chartTitle(dailyTitle, weeklyTitle, binned.weekly);
  const top = Math.max(1, ...shown.map((p) => p.value));
  const plot = WIDTH - LEFT - RIGHT;
  const step = shown.length > 0 ? plot / shown.length : plot;
  const barWidth = Math.max(2, step * 0.7);
  const height = TOP + PLOT_HEIGHT + BOTTOM;
  const y = (value: number) => TOP + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT;
  const labelEvery = Math.max(1, Math.ceil(shown.length / 4));
  return (
    <ChartFigure
      title={title}
      description={description}
      testId={testId}
      height={height}
      picture={
        <>
          <text className="chart-axis" x={4} y={12}>
            {binned.weekly ? `${axisLabel}（每週合計）` : axisLabel}
          </text>
          {[0, 0.5, 1].map((share) => (
            <g key={share}>
              <line
                className="chart-grid"
                x1={LEFT}
                x2={WIDTH - RIGHT}
                y1={y(top * share)}
                y2={y(top * share)}
              />
              <text className="chart-tick" x={LEFT - 4} y={y(top * share) + 4} textAnchor="end">
                {Math.round(top * share)}
              </text>
            </g>
          ))}
          {shown.map((point, i) => (
            <g key={point.date}>
              <rect
                className="chart-bar"
                x={LEFT + i * step + (step - barWidth) / 2}
                y={y(point.value)}
                width={barWidth}
                height={Math.max(0, TOP + PLOT_HEIGHT - y(point.value))}
                rx={2}
              />
              {i % labelEvery === 0 ? (
                <text
                  className="chart-tick"
                  x={LEFT + i * step + step / 2}
                  y={TOP + PLOT_HEIGHT + 14}
                  textAnchor="middle"
                >
                  {shortDate(point.date)}
                </text>
              ) : null}
            </g>
          ))}
          {marker ? (
            <g>
              <line
                className="chart-target"
                x1={WIDTH - RIGHT}
                x2={WIDTH - RIGHT}
                y1={TOP - 4}
                y2={TOP + PLOT_HEIGHT}
              />
              <text
                className="chart-target-label"
                x={WIDTH - RIGHT}
                y={TOP + PLOT_HEIGHT + 30}
                textAnchor="end"
              >
                {marker.label} {shortDate(marker.date)}
              </text>
            </g>
          ) : null}
        </>
      }
      head={
        <>
          <th scope="col">{binned.weekly ? `${columns.date}（每週首日）` : columns.date}</th>
          <th scope="col">{columns.value}</th>
        </>
      }
      rows={shown.map((point) => (
        <tr key={point.date}>
          <th scope="row">{shortDate(point.date)}</th>
          <td>{point.value}</td>
        </tr>
      ))}
    />
  );
}
