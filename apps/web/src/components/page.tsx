/**
 * Small building blocks the screens share: a page header with a back link, a figure with its label, and
 * the loading, error and empty states every screen has (UI.md, "States"; `QueryBoundary` puts them together).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from './states.tsx';
import './page.css';

export function PageHeader({
  title,
  back,
  backLabel = '返回',
  children,
}: {
  title: string;
  back?: string;
  backLabel?: string;
  children?: ReactNode;
}) {
  return (
    <header className="p2-header">
      {back ? (
        <Link className="p2-back" to={back} aria-label={backLabel}>
          <span aria-hidden="true">‹</span>
          <span>{backLabel}</span>
        </Link>
      ) : null}
      <h1 className="page-title p2-title">{title}</h1>
      {children ? <div className="p2-header-actions">{children}</div> : null}
    </header>
  );
}

/**
 * A screen's title with a line under it, beside the screen's own actions (`page-header`: the library, the
 * vocabulary home).
 */
export function TitleWithSubtitle({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <div className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        <p className="page-subtitle">{subtitle}</p>
      </div>
      {children}
    </div>
  );
}

/** The spinner of a loading screen (the shell's component, with this part's wording). */
export function LoadingState({ label = '載入中...' }: { label?: string }) {
  return <Spinner label={label} />;
}

export { EmptyState, ErrorState, Skeletons } from './states.tsx';

/**
 * A row of tabs named by `label`, the chosen one selected; `onSelect` hears of a click on another one.
 * Every screen's tabs share this markup and the `p2-tabs` style.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: readonly { value: T; label: ReactNode }[];
  selected: T;
  onSelect: (value: T) => void;
}) {
  return (
    <div className="p2-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          className="p2-tab"
          aria-selected={tab.value === selected}
          onClick={() => tab.value !== selected && onSelect(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** A figure with its label (streak page, profile, error book, admin). */
export function StatCard({
  label,
  value,
  tone,
  onClick,
  testId,
}: {
  label: string;
  value: ReactNode;
  tone?: 'gold' | 'flame' | 'jade' | 'seal' | 'ink';
  onClick?: () => void;
  testId?: string;
}) {
  const body = (
    <>
      <span className={`p2-stat-value${tone ? ` tone-${tone}` : ''}`}>{value}</span>
      <span className="p2-stat-label">{label}</span>
    </>
  );
  return onClick ? (
    <button type="button" className="card p2-stat p2-stat-button" onClick={onClick} data-testid={testId}>
      {body}
    </button>
  ) : (
    <div className="card p2-stat" data-testid={testId}>
      {body}
    </div>
  );
}
