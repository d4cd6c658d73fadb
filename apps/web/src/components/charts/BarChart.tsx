/**
 * A small horizontal bar chart in SVG (one idea per chart, UI.md "Charts"): a row per item with its label,
 * its bar and its figure, an optional target line (e.g. the target recall on the exam day), and the same
 * figures as a table for screen readers (the SVG itself is hidden from them). Bars are one colour that
 * reads in both themes and for colour-blind readers; a row below the target is also marked in words, never
 * by colour alone. Only lazy screens import it (the initial route's budget).
 */
import { ChartFigure, CHART_WIDTH as WIDTH } from './ChartFigure.tsx';

export interface BarRow {
  key: string;
  label: string;
  /** In the chart's units (0..max). */
  value: number;
  /** The figure as shown, e.g. 「82%」. */
  valueLabel: string;
  /** More words for the table (e.g. 「3 題未掌握」). */
  detail?: string | undefined;
}

export interface BarChartProps {
  /** The chart's heading (visible). */
  title: string;
  /** One sentence under the heading: what the bars say. */
  description?: string | undefined;
  rows: readonly BarRow[];
  /** The axis' largest value (100 for percents); by default the largest row. */
  max?: number | undefined;
  /** The axis' name, e.g. 「預計記得（%）」. */
  axisLabel: string;
  /** The column heads of the table for screen readers. */
  columns: { label: string; value: string; detail?: string | undefined };
  /** A vertical line at this value, named (e.g. 目標 90%); rows below it are marked 「未達目標」. */
  target?: { value: number; label: string } | undefined;
  testId?: string | undefined;
}

const LABEL_WIDTH = 104;
const VALUE_WIDTH = 52;
const ROW_HEIGHT = 30;
const BAR_HEIGHT = 16;
const TOP = 22;
const AXIS = 26;

/** Shortens a label to fit the label column (the table keeps the whole label). */
function fit(label: string, chars = 7): string {
  const list = Array.from(label);
  return list.length > chars ? `${list.slice(0, chars - 1).join('')}…` : label;
}

export function BarChart({
  title,
  description,
  rows,
  max,
  axisLabel,
  columns,
  target,
  testId,
}: BarChartProps) {
  const top = Math.max(max ?? 0, ...rows.map((r) => r.value), target?.value ?? 0, 1);
  const plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const x = (value: number) => LABEL_WIDTH + (Math.max(0, value) / top) * plot;
  const height = TOP + rows.length * ROW_HEIGHT + AXIS;
  const below = (value: number) => target !== undefined && value < target.value;
  return (
    <ChartFigure
      title={title}
      description={description}
      testId={testId}
      height={height}
      picture={
        <>
          {[0, 0.5, 1].map((share) => (
            <g key={share}>
              <line
                className="chart-grid"
                x1={x(top * share)}
                x2={x(top * share)}
                y1={TOP - 4}
                y2={TOP + rows.length * ROW_HEIGHT}
              />
              <text className="chart-tick" x={x(top * share)} y={height - AXIS + 14} textAnchor="middle">
                {Math.round(top * share)}
              </text>
            </g>
          ))}
          <text className="chart-axis" x={LABEL_WIDTH + plot / 2} y={height - 2} textAnchor="middle">
            {axisLabel}
          </text>
          {rows.map((row, i) => {
            const y = TOP + i * ROW_HEIGHT;
            return (
              <g key={row.key}>
                <text className="chart-label" x={LABEL_WIDTH - 6} y={y + BAR_HEIGHT - 3} textAnchor="end">
                  {fit(row.label)}
                </text>
                <rect
                  className={`chart-bar${below(row.value) ? ' is-below' : ''}`}
                  x={LABEL_WIDTH}
                  y={y}
                  width={Math.max(2, x(row.value) - LABEL_WIDTH)}
                  height={BAR_HEIGHT}
                  rx={4}
                />
                <text className="chart-value" x={WIDTH - VALUE_WIDTH + 6} y={y + BAR_HEIGHT - 3}>
                  {row.valueLabel}
                </text>
              </g>
            );
          })}
          {target ? (
            <g>
              <line
                className="chart-target"
                x1={x(target.value)}
                x2={x(target.value)}
                y1={TOP - 6}
                y2={TOP + rows.length * ROW_HEIGHT}
              />
              <text className="chart-target-label" x={x(target.value)} y={TOP - 9} textAnchor="middle">
                {target.label}
              </text>
            </g>
          ) : null}
        </>
      }
      head={
        <>
          <th scope="col">{columns.label}</th>
          <th scope="col">{columns.value}</th>
          {columns.detail ? <th scope="col">{columns.detail}</th> : null}
        </>
      }
      rows={rows.map((row) => (
        <tr key={row.key}>
          <th scope="row">{row.label}</th>
          <td>
            {row.valueLabel}
            {below(row.value) ? '（未達目標）' : ''}
          </td>
          {columns.detail ? <td>{row.detail ?? ''}</td> : null}
        </tr>
      ))}
    />
  );
}
