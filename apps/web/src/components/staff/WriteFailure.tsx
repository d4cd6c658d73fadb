import { failureMessage } from '../../lib/teacher.ts';

/**
 * A staff write's failure in an alert line (`failureMessage`); nothing while the write has not failed.
 *
 * @example <WriteFailure write={clear} />
 */
export function WriteFailure({
  write,
  className = 'text-brick tc-small',
}: {
  write: { isError: boolean; error: unknown };
  className?: string;
}) {
  if (!write.isError) return null;
  return (
    <p className={className} role="alert">
      {failureMessage(write.error)}
    </p>
  );
}
