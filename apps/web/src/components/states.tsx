import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BackIcon } from './icons.tsx';

/** A centred spinner with an optional message (where the spec names a spinner). */
export function Spinner({ label = '載入中...' }: { label?: string }) {
  return (
    <div className="state" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p className="muted">{label}</p>
    </div>
  );
}

/** Skeleton placeholders of a list (where the spec names skeletons). */
export function Skeletons({ count = 3, height = 120 }: { count?: number; height?: number }) {
  return (
    <div className="grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="skeleton" style={{ minHeight: height }} data-testid="skeleton" />
      ))}
    </div>
  );
}

/** An error with a retry: never raw JSON or English to a student. */
export function ErrorState({
  message = '未能載入資料，請檢查網絡後再試。',
  onRetry,
}: {
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <div className="card state" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="btn" onClick={onRetry}>
          重試
        </button>
      ) : null}
    </div>
  );
}

/** An empty state with a way forward. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="card state" data-testid="empty-state">
      <p className="state-title">{title}</p>
      {children}
    </div>
  );
}

/** A back link at the top of a page. */
export function BackLink({ to, label = '返回' }: { to: string; label?: string }) {
  return (
    <Link to={to} className="back-link">
      <BackIcon size={20} />
      <span>{label}</span>
    </Link>
  );
}

/** A labelled progress bar (0–100). */
export function ProgressBar({ value, label, tone }: { value: number; label: string; tone?: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className={`progress${tone ? ` progress-${tone}` : ''}`}
      role="progressbar"
      aria-valuenow={clamped}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label}
    >
      <span style={{ width: `${clamped}%` }} />
    </div>
  );
}
