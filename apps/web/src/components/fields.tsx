/**
 * Form fields the screens share: a labelled select, a search box with its icon, and a row of era chips.
 * Each is the markup the screens wrote out themselves (the global `field`, `select`, `input`, `chips`
 * and `chip` styles), so a screen names only what differs.
 */
import type { ChangeEvent, ReactNode } from 'react';
import { SearchIcon } from './icons.tsx';

/** One choice of a select: its value and what it shows. */
export type Choice = { readonly value: string | number; readonly label: ReactNode };

/** The `<option>`s of a select, one per choice. */
export function Options({ choices }: { choices: readonly Choice[] }) {
  return choices.map((c) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  ));
}

/**
 * A select with its label in a `field`. `all` is a first choice that stands for no filter; `onChange`
 * gets the chosen value as the select has it (a string).
 */
export function SelectField({
  id,
  label,
  value,
  choices,
  onChange,
  all,
  className,
}: {
  id: string;
  label: ReactNode;
  value: string | number;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  all?: Choice;
  className?: string;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        <Options choices={[...(all ? [all] : []), ...choices]} />
      </select>
    </div>
  );
}

/** Choices of `values`, each labelled by `label` (by default the value itself). */
export const choicesOf = <T extends string | number>(
  values: readonly T[],
  label: (value: T) => ReactNode = String,
): Choice[] => values.map((value) => ({ value, label: label(value) }));

/** A search box with the search icon, labelled for screen readers by its placeholder. */
export function SearchField({
  id,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="search field">
      <label htmlFor={id} className="visually-hidden">
        {placeholder}
      </label>
      <SearchIcon size={18} />
      <input
        id={id}
        className="input"
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The era filter as chips, the chosen one pressed. */
export function EraChips({
  eras,
  era,
  onChange,
}: {
  eras: readonly string[];
  era: string;
  onChange: (era: string) => void;
}) {
  return (
    <fieldset className="chips">
      <legend className="visually-hidden">按朝代篩選</legend>
      {eras.map((e) => (
        <button key={e} type="button" className="chip" aria-pressed={era === e} onClick={() => onChange(e)}>
          {e}
        </button>
      ))}
    </fieldset>
  );
}

/** A form's error, read out when it appears (`role="alert"`); nothing while there is none. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p id={id} className="field-error" role="alert">
      {children}
    </p>
  );
}

/** A text input with its label in a `field`: one line, or a textarea of `rows` rows. */
export function TextField({
  id,
  label,
  value,
  maxLength,
  rows,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: string;
  maxLength: number;
  rows?: number;
  onChange: (value: string) => void;
}) {
  const input = {
    id,
    className: 'input',
    value,
    maxLength,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {rows ? <textarea rows={rows} {...input} /> : <input {...input} />}
    </div>
  );
}
