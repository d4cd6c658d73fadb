/**
 * The admin page's teacher pieces: teacher invitations (create: code and link shown once; list;
 * revoke) and the review queue of teachers' questions kept to their classes (publish / withdraw).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewTeacherInvitation, TeacherInvitation } from '@wenyan/contracts';
import { type FormEvent, useState } from 'react';
import { QrCode } from '../../components/staff/SiteQr.tsx';
import {
  createInvitation,
  invitationsQuery,
  publishQuestion,
  reviewQuery,
  revokeInvitation,
  withdrawQuestion,
} from '../../lib/classroom.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { siteAddress } from '../../lib/site-qr.ts';
import { failureMessage } from '../../lib/teacher.ts';
import { dateTimeLabel } from '../../lib/teacher-format.ts';
import { notify } from '../../lib/toast.ts';
import { AdminSection } from './AdminSection.tsx';
import '../../components/staff/classroom.css';

const STATUS: Record<TeacherInvitation['status'], string> = {
  open: '未使用',
  redeemed: '已使用',
  revoked: '已撤銷',
  expired: '已過期',
};

export function TeacherInvitations() {
  const queryClient = useQueryClient();
  const list = useQuery(invitationsQuery);
  const [note, setNote] = useState('');
  const [created, setCreated] = useState<NewTeacherInvitation | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.classroom.invitations });
  const create = useMutation({
    mutationFn: () => createInvitation(note),
    onSuccess: (made) => {
      setCreated(made);
      setNote('');
      void refresh();
    },
    onError: (err) => notify({ title: failureMessage(err), variant: 'destructive' }),
  });
  const revoke = useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => void refresh(),
    onError: (err) => notify({ title: failureMessage(err, '找不到此邀請。'), variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const link = created ? `${window.location.origin}${created.link}` : '';
  return (
    <AdminSection id="admin-invitations" title="教師邀請" testId="teacher-invitations">
      <p className="muted tc-small">
        邀請碼一次有效，七日內使用。老師可在登記時填寫，或登入後在「設定」輸入，帳戶即成為教師帳戶。
      </p>
      <form className="tc-join-form" onSubmit={submit}>
        <label htmlFor="invitation-note" className="visually-hidden">
          備註
        </label>
        <input
          id="invitation-note"
          className="input"
          value={note}
          maxLength={100}
          placeholder="備註，例如：陳老師（中文科）"
          onChange={(e) => setNote(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          建立邀請
        </button>
      </form>
      {created ? (
        <div className="alert alert-success cr-new-invitation" role="status" data-testid="new-invitation">
          <p>
            邀請碼（只顯示這一次）：<strong className="cr-mono">{created.code}</strong>
          </p>
          <p className="tc-small">
            連結：<span className="cr-mono">{link}</span>{' '}
            <button
              type="button"
              className="btn btn-sm"
              onClick={() =>
                void navigator.clipboard?.writeText(link).then(() => notify({ title: '已複製連結' }))
              }
            >
              複製連結
            </button>
          </p>
          <div className="cr-invite-qr">
            <QrCode text={link} label="教師邀請連結的二維碼" size={120} />
            <p className="tc-small">
              網址：<span className="cr-mono">{siteAddress(window.location.origin).shown}</span>
              <br />
              老師可用手機掃描二維碼開啟登記頁。
            </p>
          </div>
        </div>
      ) : null}
      {list.data && list.data.length > 0 ? (
        <table className="cr-table">
          <thead>
            <tr>
              <th scope="col">備註</th>
              <th scope="col">狀態</th>
              <th scope="col">有效至</th>
              <th scope="col">使用者</th>
              <th scope="col">
                <span className="visually-hidden">操作</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((i) => (
              <tr key={i.id}>
                <td>{i.note || '—'}</td>
                <td>
                  <span className="cr-status">{STATUS[i.status]}</span>
                </td>
                <td>{dateTimeLabel(i.expiresAt)}</td>
                <td>{i.redeemedBy ?? '—'}</td>
                <td>
                  {i.status === 'open' ? (
                    <button
                      type="button"
                      className="btn btn-sm"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(i.id)}
                    >
                      撤銷
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </AdminSection>
  );
}

export function QuestionReview() {
  const queryClient = useQueryClient();
  const queue = useQuery(reviewQuery);
  const done = (title: string) => {
    notify({ title, variant: 'success' });
    void queryClient.invalidateQueries({ queryKey: queryKeys.classroom.review });
  };
  const publish = useMutation({
    mutationFn: publishQuestion,
    onSuccess: () => done('已發佈給所有學生'),
    onError: (err) => notify({ title: failureMessage(err), variant: 'destructive' }),
  });
  const withdraw = useMutation({
    mutationFn: withdrawQuestion,
    onSuccess: () => done('已撤回題目'),
    onError: (err) => notify({ title: failureMessage(err), variant: 'destructive' }),
  });
  return (
    <AdminSection id="admin-review" title="待審題目" testId="question-review">
      <p className="muted tc-small">老師新增的題目只供其班別學生使用，發佈後所有學生都會見到並計入進度。</p>
      {queue.isPending ? <p className="muted">載入中...</p> : null}
      {queue.data?.length === 0 ? <p className="muted">暫時沒有待審題目。</p> : null}
      <ul className="cr-list">
        {queue.data?.map((q) => (
          <li key={q.id} className="cr-row">
            <div className="cr-row-text">
              <strong>{q.content}</strong>
              <span className="tc-small">
                答案：{q.correctAnswer}（選項：{q.options.join('、')}）
              </span>
              <span className="muted tc-small">
                第 {q.lessonId} 課 · {q.authorName ?? '老師'} · {dateTimeLabel(q.createdAt)}
              </span>
            </div>
            <button type="button" className="btn btn-sm btn-primary" onClick={() => publish.mutate(q.id)}>
              發佈
            </button>
            <button type="button" className="btn btn-sm" onClick={() => withdraw.mutate(q.id)}>
              撤回
            </button>
          </li>
        ))}
      </ul>
    </AdminSection>
  );
}
