/**
 * A class's join code with a button that copies it (the classes list and a class's page). A module of its
 * own: the class page does not load the classes page, whose form parses with the contracts' schemas.
 */
import { notify } from '../../lib/toast.ts';

/** A join code with a button that copies it. */
export function JoinCode({ code }: { code: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      notify({ title: '已複製班別代碼', description: code, variant: 'success' });
    } catch {
      notify({ title: '未能複製，請手動抄下代碼', description: code, variant: 'destructive' });
    }
  };
  return (
    <span className="tc-code">
      <span className="tc-code-label">班別代碼</span>
      <code className="tc-code-value" data-testid="join-code">
        {code}
      </code>
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        onClick={copy}
        aria-label={`複製班別代碼 ${code}`}
      >
        複製
      </button>
    </span>
  );
}
