/**
 * A teacher's (or admin's) way back in for a learner who forgot their password: a one-time reset code,
 * shown once here (only its digest is kept), valid for 24 hours, used under 「忘記密碼」 on the sign-in
 * page.
 */
import { useMutation } from '@tanstack/react-query';
import type { ResetCode } from '@wenyan/contracts';
import { useState } from 'react';
import { HttpError } from '../../lib/api.ts';
import { failureMessage, issueResetCode } from '../../lib/teacher.ts';
import { dateTimeLabel } from '../../lib/teacher-format.ts';

export function ResetCodeCard({ learnerId, name }: { learnerId: string; name: string }) {
  const [issued, setIssued] = useState<ResetCode | null>(null);
  const mutation = useMutation({
    mutationFn: () => issueResetCode(learnerId),
    onSuccess: setIssued,
  });
  return (
    <section className="card tc-panel tc-reset" aria-label="重設密碼" data-testid="reset-code-card">
      <h2 className="tc-panel-title">重設密碼</h2>
      {issued ? (
        <>
          <p>
            請把重設碼交給{name}。重設碼只會顯示這一次，於 {dateTimeLabel(issued.expiresAt)}{' '}
            前有效，用一次即失效。
          </p>
          <p className="tc-reset-code" data-testid="reset-code">
            {issued.code}
          </p>
          <p className="muted tc-small">學生在登入頁選「忘記密碼」，輸入用戶名稱、重設碼及新密碼。</p>
        </>
      ) : (
        <>
          <p className="muted tc-small">
            學生忘記密碼時，可發出一次性的重設碼（24 小時內有效）。再發出會令舊的重設碼失效。
          </p>
          <button
            type="button"
            className="btn"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate()}
          >
            {mutation.isPending ? '正在發出...' : '發出重設碼'}
          </button>
          {mutation.isError ? (
            <p className="tc-reset-error" role="alert">
              {mutation.error instanceof HttpError && mutation.error.status === 409
                ? '此帳戶以學校帳戶登入，密碼由學校管理。'
                : failureMessage(mutation.error)}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
