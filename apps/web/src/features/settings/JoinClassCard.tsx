/**
 * A student joins a class with the code their teacher gave them (for the profile or settings page),
 * and can leave it again right away.
 */

import { useMutation } from '@tanstack/react-query';
import { JoinCodeSchema, type JoinedClass } from '@wenyan/contracts';
import { type FormEvent, useState } from 'react';
import { FieldError } from '../../components/fields.tsx';
import { failureMessage, joinClass, leaveClass } from '../../lib/teacher.ts';
import { notify } from '../../lib/toast.ts';
import { CodeField } from './CodeField.tsx';
import '../../components/staff/staff.css';

export function JoinClassCard() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<JoinedClass | null>(null);
  const join = useMutation({
    mutationFn: joinClass,
    onSuccess: (found) => {
      setJoined(found);
      setCode('');
      notify({ title: `已加入「${found.name}」`, variant: 'success' });
    },
    onError: (err) => setError(failureMessage(err, '找不到此班別代碼，請向老師確認。')),
  });
  const leave = useMutation({
    mutationFn: (id: string) => leaveClass(id),
    onSuccess: () => {
      notify({ title: `已退出「${joined?.name ?? '班別'}」` });
      setJoined(null);
    },
    onError: (err) => notify({ title: failureMessage(err, '你已不在此班別。'), variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = JoinCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '班別代碼格式不正確');
      return;
    }
    setError(null);
    join.mutate(parsed.data);
  };
  return (
    <section className="card tc-join" aria-label="加入班別" data-testid="join-class">
      <h2 className="tc-panel-title">加入班別</h2>
      <p className="muted tc-small">輸入老師提供的班別代碼，老師便可查看你的學習進度。</p>
      {joined ? (
        <div className="alert alert-success" role="status">
          <span>已加入「{joined.name}」</span>
          <span className="spacer" />
          <button
            type="button"
            className="btn btn-sm"
            disabled={leave.isPending}
            onClick={() => leave.mutate(joined.id)}
          >
            退出此班別
          </button>
        </div>
      ) : null}
      <form className="tc-join-form" onSubmit={submit} noValidate>
        <CodeField
          id="join-code"
          label="班別代碼"
          className="input tc-join-input"
          value={code}
          maxLength={10}
          autoCapitalize="characters"
          placeholder="例如：K7QM2XPA"
          errorId="join-code-error"
          invalid={Boolean(error)}
          onChange={setCode}
        />
        <button type="submit" className="btn btn-primary" disabled={join.isPending}>
          {join.isPending ? '加入中...' : '加入'}
        </button>
      </form>
      <FieldError id="join-code-error">{error}</FieldError>
    </section>
  );
}
