/**
 * The input of a code someone was given (a class code, a teacher invitation): labelled for screen readers
 * only, typed in capitals, not filled in or spell-checked, and tied to its error line `errorId` while
 * there is an error.
 */
export function CodeField({
  id,
  label,
  value,
  maxLength,
  placeholder,
  errorId,
  invalid,
  className = 'input',
  autoCapitalize,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  placeholder: string;
  errorId: string;
  invalid: boolean;
  className?: string;
  autoCapitalize?: 'characters';
  onChange: (code: string) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className={className}
        value={value}
        maxLength={maxLength}
        autoCapitalize={autoCapitalize}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
      />
    </>
  );
}
