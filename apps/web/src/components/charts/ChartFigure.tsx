/**
 * The frame both charts share: a titled figure, the picture (an SVG hidden from screen readers, 360 units
 * wide and `height` high), and the same figures as a table for screen readers.
 */
import { type ReactNode, useId } from 'react';
import './charts.css';

/** The charts' width in SVG units (they scale to their box). */
export const CHART_WIDTH = 360;

export function ChartFigure({
  title,
  description,
  testId,
  height,
  picture,
  head,
  rows,
}: {
  title: string;
  description?: string;
  testId?: string;
  height: number;
  /** The SVG's content. */
  picture: ReactNode;
  /** The table's column headers (`th` cells). */
  head: ReactNode;
  /** The table's rows. */
  rows: ReactNode;
}) {
  const id = useId();
  return (
    <figure className="chart" aria-labelledby={`${id}-title`} data-testid={testId}>
      <figcaption>
        <h3 className="chart-title" id={`${id}-title`}>
          {title}
        </h3>
        {description ? <p className="muted chart-description">{description}</p> : null}
      </figcaption>
      <svg
        className="chart-svg"
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
        role="presentation"
        aria-hidden="true"
        focusable="false"
      >
        {picture}
      </svg>
      {/* In a clipped block: a table grows to its content, so on its own it would widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      </div>
    </figure>
  );
}
