/** The past papers' filter controls: a group of checkboxes, and the generate button with its alert. */
import type { ReactNode } from 'react';

/** A filter as a heading and its checkboxes, each toggled by `onToggle`. */
export function CheckGroup<T extends string | number>({
  title,
  items,
  checked,
  onToggle,
}: {
  title: string;
  items: readonly { value: T; label: ReactNode }[];
  checked: readonly T[];
  onToggle: (value: T) => void;
}) {
  return (
    <>
      <h2 className="rc-subtitle">{title}</h2>
      <div className="pp-checks">
        {items.map(({ value, label }) => (
          <label key={value} className="pp-check">
            <input type="checkbox" checked={checked.includes(value)} onChange={() => onToggle(value)} />
            {label}
          </label>
        ))}
      </div>
    </>
  );
}

/** Why the last try generated nothing (when it did not), and the button that generates a set. */
export function GenerateButton({
  alert,
  alertTestId,
  generating,
  onGenerate,
}: {
  alert: string | null | undefined;
  alertTestId?: string;
  generating: boolean;
  onGenerate: () => void;
}) {
  return (
    <>
      {alert ? (
        <p className="p2-alert" role="alert" data-testid={alertTestId}>
          {alert}
        </p>
      ) : null}
      <button type="button" className="btn btn-primary btn-block" disabled={generating} onClick={onGenerate}>
        {generating ? '生成中...' : '生成練習'}
      </button>
    </>
  );
}
