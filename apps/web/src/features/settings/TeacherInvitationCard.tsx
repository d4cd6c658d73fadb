/**
 * Settings → 教師邀請碼: a signed-in user redeems an admin's invitation and becomes a teacher at once.
 * The invitation link (`/api/login?invite=…`) brings a signed-in user here with the code filled in.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FieldError } from '../../components/fields.tsx';
import { HttpError } from '../../lib/api.ts';
import { redeemInvitation } from '../../lib/classroom.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { notify } from '../../lib/toast.ts';
import { CodeField } from './CodeField.tsx';

export function TeacherInvitationCard() {
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('invite') ?? '');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const redeem = useMutation({
    mutationFn: redeemInvitation,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      setCode('');
      notify({ title: '你已成為教師', description: '可到「教師專區」建立班別。', variant: 'success' });
    },
    onError: (err) =>
      setError(
        err instanceof HttpError && err.status === 400
          ? (err.details?.[0]?.message ?? '教師邀請碼不正確')
          : err instanceof HttpError && err.status === 429
            ? '嘗試次數太多，請稍後再試。'
            : '未能連接伺服器，請檢查網絡後再試。',
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError('請輸入教師邀請碼');
      return;
    }
    setError(null);
    redeem.mutate(code.trim());
  };
  return (
    <form
      className="cr-invite"
      onSubmit={submit}
      noValidate
      aria-label="教師邀請碼"
      data-testid="redeem-invitation"
    >
      <h2 className="tc-panel-title">教師邀請碼</h2>
      <p className="muted tc-small">老師：輸入管理員給你的邀請碼，帳戶即成為教師帳戶。</p>
      <div className="tc-join-form">
        <CodeField
          id="invitation-code"
          label="教師邀請碼"
          value={code}
          maxLength={40}
          placeholder="例如：ABCD-EFGH-JKMN"
          errorId="invitation-error"
          invalid={Boolean(error)}
          onChange={setCode}
        />
        <button type="submit" className="btn" disabled={redeem.isPending}>
          {redeem.isPending ? '確認中...' : '使用邀請碼'}
        </button>
      </div>
      <FieldError id="invitation-error">{error}</FieldError>
    </form>
  );
}
