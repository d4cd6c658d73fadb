/**
 * Renderings accepted on appeal (issue 36): for a teacher, the ones they accepted; for an admin, the
 * approval queue (「待審譯法」: approve for everyone, or keep to the teacher's classes) and the whole
 * log (who, when, what, whom it marks, status). A revert (an admin: any; a teacher: their own while it
 * marks only their classes) re-marks the answers it had earned a point.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptedRendering, RenderingAction, RenderingScope, RenderingStatus } from '@wenyan/contracts';
import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { failureMessage } from '../../lib/teacher.ts';
import { dateTimeLabel } from '../../lib/teacher-format.ts';
import { notify } from '../../lib/toast.ts';
import './staff.css';

const renderingsKey = queryKeys.teacher.renderings;

const STATUS_LABELS: Record<RenderingStatus, string> = {
  pending: '待管理員審批',
  approved: '已批准',
  rejected: '只限班別',
  reverted: '已撤回',
};
const SCOPE_LABELS: Record<RenderingScope, string> = {
  class: '接納老師的班別',
  global: '所有學生',
  none: '不適用',
};
const ACTION_LABELS: Record<RenderingAction, string> = {
  accepted: '接納',
  approved: '批准',
  rejected: '只限班別',
  reverted: '撤回',
};

type Props = { readonly admin: boolean; readonly userId: string };

function History({ rendering }: { rendering: AcceptedRendering }) {
  return (
    <ol className="tc-small muted" data-testid="rendering-history">
      {rendering.changes.map((c) => (
        <li key={`${c.action}-${c.at}`}>
          {dateTimeLabel(c.at)} · {c.actorName ?? '已刪除的帳戶'} · {ACTION_LABELS[c.action]}（適用於
          {SCOPE_LABELS[c.scope]}）
        </li>
      ))}
    </ol>
  );
}

function RenderingRow({
  rendering,
  admin,
  userId,
  inQueue,
}: Props & { rendering: AcceptedRendering; inQueue: boolean }) {
  const queryClient = useQueryClient();
  const done = async (title: string) => {
    notify({ title, variant: 'success' });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: renderingsKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.teacher.appeals }),
    ]);
  };
  const failed = (err: unknown) => notify({ title: failureMessage(err), variant: 'destructive' });
  const params = { id: rendering.id };
  const approve = useMutation({
    mutationFn: () => call('approveRendering', { params }),
    onSuccess: () => done('已批准，所有學生的答案都會按此評分'),
    onError: failed,
  });
  const reject = useMutation({
    mutationFn: () => call('rejectRendering', { params }),
    onSuccess: () => done('已設定為只適用於該老師的班別'),
    onError: failed,
  });
  const revert = useMutation({
    mutationFn: () => call('revertRendering', { params }),
    onSuccess: (result) => done(`已撤回，${result.remarkedAnswers} 個答案已重新評分`),
    onError: failed,
  });
  const busy = approve.isPending || reject.isPending || revert.isPending;
  const mayRevert =
    rendering.status !== 'reverted' &&
    (admin || (rendering.acceptedBy === userId && rendering.status !== 'approved'));
  return (
    <li className="tc-rendering" data-testid="rendering-row" data-status={rendering.status}>
      <div className="tc-rendering-text">
        <strong>「{rendering.rendering}」</strong>
        <span className="tc-small">
          {rendering.pointLabel} · {rendering.questionText}
        </span>
        <span className="tc-small">
          狀態：{STATUS_LABELS[rendering.status]} · 適用於：{SCOPE_LABELS[rendering.scope]} · 接納者：
          {rendering.acceptedByName ?? '已刪除的帳戶'}
        </span>
        <History rendering={rendering} />
      </div>
      {admin && inQueue && rendering.status === 'pending' ? (
        <>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={busy}
            onClick={() => approve.mutate()}
          >
            批准
          </button>
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => reject.mutate()}>
            只限班別
          </button>
        </>
      ) : null}
      {mayRevert ? (
        <button type="button" className="btn btn-sm" disabled={busy} onClick={() => revert.mutate()}>
          撤回
        </button>
      ) : null}
    </li>
  );
}

/** The teacher's own renderings, or (an admin) the queue and the log of everyone's. */
export function RenderingsPanel({ admin, userId }: Props) {
  const list = useQuery({ queryKey: renderingsKey, queryFn: () => call('listRenderings', { query: {} }) });
  const all = list.data ?? [];
  const pending = all.filter((r) => r.status === 'pending');
  const row = (inQueue: boolean) => (r: AcceptedRendering) => (
    <RenderingRow key={r.id} rendering={r} admin={admin} userId={userId} inQueue={inQueue} />
  );
  return (
    <>
      {admin ? (
        <section aria-labelledby="rendering-queue" data-testid="rendering-queue">
          <h2 className="p2-section-title" id="rendering-queue">
            待審譯法
          </h2>
          <p className="muted tc-small">
            老師接納申訴時加入的譯法，即時適用於該老師班別的學生；批准後適用於所有學生。
          </p>
          {list.isPending ? <p className="muted">載入中...</p> : null}
          {list.isError ? <p className="field-error">{failureMessage(list.error)}</p> : null}
          {list.isSuccess && pending.length === 0 ? <p className="muted">暫時沒有待審譯法。</p> : null}
          <ul className="tc-renderings">{pending.map(row(true))}</ul>
        </section>
      ) : null}
      <section aria-labelledby="rendering-log" data-testid="rendering-log">
        <h2 className="p2-section-title" id="rendering-log">
          {admin ? '評分準則修改紀錄' : '我接納的譯法'}
        </h2>
        {!admin && list.isError ? <p className="field-error">{failureMessage(list.error)}</p> : null}
        {list.isSuccess && all.length === 0 ? <p className="muted">暫時沒有紀錄。</p> : null}
        <ul className="tc-renderings">{all.map(row(false))}</ul>
      </section>
    </>
  );
}
