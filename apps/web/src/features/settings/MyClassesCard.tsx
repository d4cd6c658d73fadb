/** Settings → 我的班別: the student's classes with their teachers, and leaving one (after confirming). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { myClassesQuery } from '../../lib/classroom.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { failureMessage, leaveClass } from '../../lib/teacher.ts';
import { notify } from '../../lib/toast.ts';
import '../../components/staff/classroom.css';

export function MyClassesCard() {
  const queryClient = useQueryClient();
  const classes = useQuery(myClassesQuery);
  const [confirming, setConfirming] = useState<string | null>(null);
  const leave = useMutation({
    mutationFn: (id: string) => leaveClass(id),
    onSuccess: (_, id) => {
      const name = classes.data?.find((c) => c.id === id)?.name ?? '班別';
      notify({ title: `已退出「${name}」` });
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.classroom.myClasses });
    },
    onError: (err) => notify({ title: failureMessage(err, '你已不在此班別。'), variant: 'destructive' }),
  });
  return (
    <section className="cr-my-classes" aria-label="我的班別" data-testid="my-classes">
      <h2 className="tc-panel-title">我的班別</h2>
      {classes.isPending ? <p className="muted">載入中...</p> : null}
      {classes.isError ? <p className="field-error">未能載入你的班別，請稍後再試。</p> : null}
      {classes.data?.length === 0 ? (
        <p className="muted tc-small">你未加入任何班別。在下面輸入老師提供的班別代碼即可加入。</p>
      ) : null}
      <ul className="cr-list">
        {classes.data?.map((c) => (
          <li key={c.id} className="cr-row">
            <div className="cr-row-text">
              <strong>{c.name}</strong>
              <span className="muted tc-small">老師：{c.teacherName}</span>
            </div>
            {confirming === c.id ? (
              <div className="cr-confirm">
                <span className="tc-small">確定退出？</span>
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  disabled={leave.isPending}
                  onClick={() => leave.mutate(c.id)}
                >
                  確定退出
                </button>
                <button type="button" className="btn btn-sm" onClick={() => setConfirming(null)}>
                  取消
                </button>
              </div>
            ) : (
              <button type="button" className="btn btn-sm" onClick={() => setConfirming(c.id)}>
                退出班別
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
