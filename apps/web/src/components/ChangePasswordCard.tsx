/**
 * Settings → 更改密碼: the current password and a new one (the rules of the sign-up page); on success
 * every other device is signed out by the server.
 */

import { useMutation } from '@tanstack/react-query';
import { ChangePasswordBodySchema } from '@wenyan/contracts';
import { type FormEvent, useState } from 'react';
import { HttpError } from '../lib/api.ts';
import { call } from '../lib/client.ts';
import { notify } from '../lib/toast.ts';
import { FieldError } from './fields.tsx';

type Field = 'currentPassword' | 'newPassword';

/** The server's 400 names the field in `details`; the message is already Traditional Chinese. */
function fieldError(error: unknown): { field: Field | null; message: string } {
  if (error instanceof HttpError && error.status === 429)
    return { field: null, message: '嘗試次數太多，請稍後再試。' };
  if (error instanceof HttpError && error.status === 400) {
    const detail = error.details?.[0];
    const field = detail?.field === 'body.currentPassword' ? 'currentPassword' : 'newPassword';
    return { field, message: detail?.message ?? '資料格式不正確，請檢查後再試。' };
  }
  return { field: null, message: '未能連接伺服器，請檢查網絡後再試。' };
}

/** A password input with its label; `kind` is both its id and what the browser may fill in. */
function PasswordField({
  kind,
  label,
  value,
  invalid,
  onChange,
}: {
  kind: 'current-password' | 'new-password';
  label: string;
  value: string;
  invalid: true | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={kind} className="st-label">
        {label}
      </label>
      <input
        id={kind}
        className="input"
        type="password"
        autoComplete={kind}
        maxLength={128}
        value={value}
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}

export function ChangePasswordCard({
  currentLabel = '目前的密碼',
  onChanged,
}: {
  /** The first field's label (「臨時密碼」 for an account made for a class). */
  currentLabel?: string;
  onChanged?: () => void;
} = {}) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<{ field: Field | null; message: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => call('changePassword', { body }),
    onSuccess: (result) => {
      setCurrent('');
      setNext('');
      setError(null);
      notify({ title: '密碼已更改', description: result.message, variant: 'success' });
      onChanged?.();
    },
    onError: (err) => setError(fieldError(err)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChangePasswordBodySchema.safeParse({ currentPassword: current, newPassword: next });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({
        field: issue?.path[0] === 'currentPassword' ? 'currentPassword' : 'newPassword',
        message: issue?.message ?? '',
      });
      return;
    }
    setError(null);
    mutation.mutate(parsed.data);
  };
  const invalid = (field: Field) => (error?.field === field ? true : undefined);
  return (
    <form
      className="st-password"
      onSubmit={submit}
      noValidate
      aria-label="更改密碼"
      data-testid="change-password"
    >
      <h2 className="st-password-title">更改密碼</h2>
      <PasswordField
        kind="current-password"
        label={currentLabel}
        value={current}
        invalid={invalid('currentPassword')}
        onChange={setCurrent}
      />
      <PasswordField
        kind="new-password"
        label="新密碼"
        value={next}
        invalid={invalid('newPassword')}
        onChange={setNext}
      />
      <p className="muted st-hint">
        最少 8 個字元，可用空格；常見密碼及包含用戶名稱的密碼不獲接受。更改後，其他裝置會被登出。
      </p>
      <FieldError>{error?.message}</FieldError>
      <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
        {mutation.isPending ? '更改中...' : '更改密碼'}
      </button>
    </form>
  );
}
