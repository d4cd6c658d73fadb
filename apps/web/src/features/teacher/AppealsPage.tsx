/**
 * /teacher/appeals: the appeals of the teacher's learners (an admin: everyone's), pending first. Each
 * shows the question, the scheme's points with their accepted renderings, the learner's answer and
 * marks; the teacher accepts it (naming the point and the learner's words that earn it: the answer is
 * re-marked, and the words count at once for the teacher's classes, for everyone once an admin
 * approves them; an admin's acceptance counts for everyone at once) or declines it with a note. Below,
 * the renderings the teacher accepted, with their log and a revert.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeacherAppeal } from '@wenyan/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FieldError, TextField } from '../../components/fields.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { RenderingsPanel } from '../../components/staff/RenderingsPanel.tsx';
import { StaffPage } from '../../components/staff/StaffPage.tsx';
import { Skeletons } from '../../components/states.tsx';
import { HttpError } from '../../lib/api.ts';
import { call } from '../../lib/client.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { failureMessage } from '../../lib/teacher.ts';
import { dateTimeLabel } from '../../lib/teacher-format.ts';
import { notify } from '../../lib/toast.ts';

const appealsKey = queryKeys.teacher.appeals;

const STATUS_LABELS = { pending: '待覆核', accepted: '已接納', declined: '不接納' } as const;

function refusalMessage(error: unknown): string {
  // The server's refusals of an acceptance are written for the teacher (e.g. 接納的譯法須出自學生的答案).
  if (error instanceof HttpError && error.status === 400 && error.code !== 'VALIDATION_FAILED') {
    return error.message.replace(/^\d+: /, '');
  }
  if (error instanceof HttpError && error.status === 409) return '這項申訴已處理。';
  return failureMessage(error);
}

function AppealCard({ appeal, admin }: { appeal: TeacherAppeal; admin: boolean }) {
  const queryClient = useQueryClient();
  const missed = appeal.question.points;
  const [pointId, setPointId] = useState(missed[0]?.id ?? '');
  const [rendering, setRendering] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const keys = useRef({ accept: crypto.randomUUID(), decline: crypto.randomUUID() });
  const ids = { point: useId(), rendering: useId(), note: useId() };
  const params = { id: appeal.learnerId, version: appeal.answerVersion };
  const done = async (what: string) => {
    notify({ title: what, variant: 'success' });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: appealsKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.teacher.renderings }),
    ]);
  };
  const accept = useMutation({
    mutationFn: () =>
      call(
        'acceptAppeal',
        { params, body: { pointId, rendering } },
        { idempotencyKey: `accept-${keys.current.accept}` },
      ),
    onSuccess: () => done('已接納申訴，答案已重新評分'),
    onError: (err) => setError(refusalMessage(err)),
  });
  const decline = useMutation({
    mutationFn: () =>
      call(
        'declineAppeal',
        { params, body: { note } },
        { idempotencyKey: `decline-${keys.current.decline}` },
      ),
    onSuccess: () => done('已回覆學生'),
    onError: (err) => setError(refusalMessage(err)),
  });
  const onAccept = (e: FormEvent) => {
    e.preventDefault();
    if (rendering.trim() === '') return setError('請寫下答案中得分的字詞');
    setError(null);
    accept.mutate();
  };
  const onDecline = () => {
    if (note.trim() === '') return setError('請寫下不接納的理由，學生會看到');
    setError(null);
    decline.mutate();
  };
  const busy = accept.isPending || decline.isPending;
  return (
    <article className="card tc-appeal" data-testid="appeal-card">
      <div className="row">
        <h2 className="tc-class-name" data-testid="appeal-learner">
          {appeal.learnerLabel}
        </h2>
        <span className="spacer" />
        <span className="badge">{STATUS_LABELS[appeal.status]}</span>
      </div>
      <p className="muted tc-small">
        {dateTimeLabel(appeal.appealedAt)}・<Link to={`/teacher/learners/${appeal.learnerId}`}>學習紀錄</Link>
      </p>
      <p>{appeal.question.content}</p>
      <p>
        <strong>
          學生答案（{appeal.pointsEarned}/{appeal.pointsAvailable} 分）：
        </strong>
        <span data-testid="appeal-answer">{appeal.selectedAnswer}</span>
      </p>
      {appeal.note ? <p className="muted">學生的理由：{appeal.note}</p> : null}
      <p className="muted">參考答案：{appeal.question.correctAnswer}</p>
      <ul className="tc-appeal-points">
        {appeal.question.points.map((p) => (
          <li key={p.id}>
            <strong>{p.label}</strong>
            <span className="muted">　可接受：{p.accept.join('、')}</span>
          </li>
        ))}
      </ul>
      {appeal.status === 'pending' ? (
        <form className="tc-appeal-form" onSubmit={onAccept} noValidate>
          <div className="field">
            <label htmlFor={ids.point}>得分點</label>
            <select
              id={ids.point}
              className="input"
              value={pointId}
              onChange={(e) => setPointId(e.target.value)}
            >
              {appeal.question.points.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.rendering}>學生答案中得分的字詞</label>
            <input
              id={ids.rendering}
              className="input"
              value={rendering}
              maxLength={40}
              onChange={(e) => setRendering(e.target.value)}
            />
            <p className="field-hint">
              {admin
                ? '接納後，這個譯法對所有學生都算得分。'
                : '接納後，這個譯法即時適用於你班別的學生；管理員批准後適用於所有學生。'}
            </p>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            接納並重新評分
          </button>
          <TextField
            id={ids.note}
            label="不接納的理由（學生會看到）"
            value={note}
            maxLength={300}
            rows={2}
            onChange={setNote}
          />
          <button type="button" className="btn" onClick={onDecline} disabled={busy}>
            不接納
          </button>
          <FieldError>{error}</FieldError>
        </form>
      ) : appeal.status === 'declined' ? (
        <p>你的回覆：{appeal.teacherNote}</p>
      ) : (
        <p>
          已接納「{appeal.remark?.rendering}」{appeal.remark?.reverted ? '（其後已撤回）' : ''}，重新評分為{' '}
          {appeal.remark?.pointsEarned}/{appeal.remark?.pointsAvailable} 分。
        </p>
      )}
    </article>
  );
}

export function AppealList({ admin }: { admin: boolean }) {
  const appeals = useQuery({
    queryKey: appealsKey,
    queryFn: () => call('listTeacherAppeals', { query: {} }),
  });
  return (
    <QueryBoundary
      query={appeals}
      loading={<Skeletons count={2} height={200} />}
      errorMessage={failureMessage(appeals.error)}
      isEmpty={(data) => data.length === 0}
      emptyTitle="沒有申訴"
      emptyHint="學生認為答案評錯時，會在這裏出現。"
    >
      {(data) => (
        <div className="grid">
          {[...data]
            .sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'))
            .map((a) => (
              <AppealCard key={`${a.learnerId}:${a.answerVersion}`} appeal={a} admin={admin} />
            ))}
        </div>
      )}
    </QueryBoundary>
  );
}

export function AppealsPage() {
  const user = useQuery(currentUserQuery);
  const admin = user.data?.roles.includes('admin') ?? false;
  return (
    <StaffPage
      title="評分申訴"
      subtitle="學生認為答案評錯的題目。接納的譯法即時適用於你班別的學生，管理員批准後適用於所有學生。"
      testId="teacher-appeals"
    >
      <AppealList admin={admin} />
      {user.data ? <RenderingsPanel admin={admin} userId={user.data.id} /> : null}
    </StaffPage>
  );
}
