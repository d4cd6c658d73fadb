/**
 * /admin (admin role only): the text upload form, the six imports (one by one, or all of them one
 * second apart) with their alerts, and the system's real figures from GET /api/admin/status.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_IMPORTS,
  type AdminImport,
  type AdminUser,
  QUESTION_TYPES,
  UPLOAD_REQUIRED_MESSAGE,
  UPLOAD_TYPES,
  type UploadType,
  type User,
} from '@wenyan/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { choicesOf, SelectField, TextField } from '../../components/fields.tsx';
import { EmptyState, LoadingState, PageHeader, StatCard } from '../../components/page.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { FAIR_PLAY_FLAG_LABELS, useClearFairPlayFlag } from '../../components/staff/FairPlayPanel.tsx';
import { PendingAnswersPanel } from '../../components/staff/PendingAnswers.tsx';
import { RenderingsPanel } from '../../components/staff/RenderingsPanel.tsx';
import { HttpError } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { countLabel } from '../../lib/figures.ts';
import { submitted } from '../../lib/forms.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { QUESTION_TYPE_LABELS } from '../../lib/question-types.ts';
import { AdminAppealsCard } from './AdminAppealsCard.tsx';
import { QuestionReview, TeacherInvitations } from './AdminClassroomPanels.tsx';
import { AdminSection } from './AdminSection.tsx';
import { adminStatusQuery, findUser, runImport, setUserRoles, uploadText } from './api.ts';
import { ExamDatesCard } from './ExamDatesCard.tsx';
import './admin.css';

/** Spec part 2 §7: the bulk import runs the six calls one second apart. */
export const IMPORT_STAGGER_MS = 1000;

const IMPORT_LABELS: Record<AdminImport, string> = {
  'dse-questions': 'DSE 模擬試題',
  'new-lessons': '新課文',
  'poetry-questions': '詩詞題目',
  'additional-word-questions': '補充詞語題目',
  'vocabulary-sessions': '詞語混合練習',
  'mind-maps': '心智圖',
};

const UPLOAD_TYPE_LABELS: Record<UploadType, string> = {
  lesson: '課文',
  questions: '題目',
  'dse-paper': 'DSE 試卷',
  vocabulary: '詞語',
  json: 'JSON 資料',
};

/** The server's message of a failed call, without the status prefix; a network failure in words. */
function failureMessage(error: unknown): string {
  if (error instanceof HttpError) return error.message.replace(/^\d+:\s*/, '') || '伺服器錯誤';
  return '網絡連線失敗';
}

export function AdminPage() {
  const user = useCurrentUser();
  if (user.isPending) return <LoadingState />;
  if (!user.data?.roles.includes('admin')) {
    // Signed out, the shell shows the sign-in page; a signed-in learner or teacher is told that the
    // page needs the admin role, not asked to sign in again (the spec's wording was for anyone).
    const signedIn = Boolean(user.data);
    return (
      <main className="page" data-testid="admin-denied">
        <PageHeader title="管理員面板" />
        <EmptyState title={signedIn ? '存取被拒：此頁需要管理員權限' : '存取被拒，請先登入'}>
          <p className="muted">
            {signedIn ? '你的帳戶沒有管理員權限。如需協助，請聯絡學校的系統管理員。' : '此頁只供管理員使用。'}
          </p>
          <Link className="btn" to="/">
            返回主頁
          </Link>
        </EmptyState>
      </main>
    );
  }
  return <AdminPanel user={user.data} />;
}

function AdminPanel({ user }: { user: User }) {
  return (
    <main className="page admin" data-testid="admin-page">
      <PageHeader title="管理員面板" back="/" backLabel="返回主頁" />
      <p className="muted">已登入：{user.username ?? user.email ?? user.id}</p>
      <SystemStatus />
      <ExamDatesCard />
      <Imports />
      <UploadForm />
      <RolesForm />
      <TeacherInvitations />
      <QuestionReview />
      <RenderingsPanel admin userId={user.id} />
      <AdminAppealsCard />
      <PendingAnswersPanel />
    </main>
  );
}

function SystemStatus() {
  const status = useQuery(adminStatusQuery);
  const statusClient = useQueryClient();
  const clearFlag = useClearFairPlayFlag(() => {
    void statusClient.invalidateQueries({ queryKey: queryKeys.adminStatus });
  });
  return (
    <section aria-labelledby="admin-status">
      <div className="row">
        <h2 className="p2-section-title" id="admin-status">
          系統狀態
        </h2>
        <span className="spacer" />
        <button
          type="button"
          className="btn btn-sm"
          disabled={status.isFetching}
          onClick={() => void status.refetch()}
        >
          {status.isFetching ? '更新中...' : '重新整理'}
        </button>
      </div>
      <QueryBoundary query={status} loading={<LoadingState label="載入系統狀態中..." />}>
        {(loaded) => (
          <>
            <div className="p2-stats" data-testid="admin-status-cards">
              <StatCard label="題目總數" value={countLabel(loaded.questions.total)} tone="seal" />
              <StatCard label="DSE 試卷" value={loaded.papers} tone="gold" />
              <StatCard label="課文" value={loaded.lessons} tone="jade" />
              <StatCard label="學習者" value={countLabel(loaded.learners)} />
              <StatCard label="事件總數" value={countLabel(loaded.events)} />
              <StatCard
                label="待處理工作"
                value={loaded.queueDepth}
                tone={loaded.queueDepth > 0 ? 'flame' : 'jade'}
              />
              <StatCard
                label="投影延遲"
                value={`${loaded.projectionLagSeconds.toFixed(1)} 秒`}
                tone={loaded.projectionLagSeconds > 5 ? 'flame' : 'jade'}
              />
            </div>
            <details className="card ad-types">
              <summary>各題型題目數量</summary>
              <ul>
                {QUESTION_TYPES.filter((type) => (loaded.questions.byType[type] ?? 0) > 0).map((type) => (
                  <li key={type}>
                    <span>{QUESTION_TYPE_LABELS[type]}</span>
                    <strong>{loaded.questions.byType[type]}</strong>
                  </li>
                ))}
              </ul>
            </details>
            <section className="card" data-testid="pace-flagged" aria-labelledby="pace-flagged-title">
              <h3 id="pace-flagged-title">本週待覆核的學生</h3>
              {loaded.paceFlagged.length === 0 ? (
                <p className="muted">本週沒有學生作答模式異常。</p>
              ) : (
                <ul>
                  {loaded.paceFlagged.map((learner) => (
                    <li key={learner.id} data-testid="admin-fair-play-flag">
                      <span>{learner.username ? `@${learner.username}` : `用戶 ${learner.id}`}</span>{' '}
                      <strong>
                        {learner.flags
                          .map((flag) =>
                            flag === 'pace'
                              ? `${learner.answersBeyondPace} 題答得比正常閱讀速度快`
                              : FAIR_PLAY_FLAG_LABELS[flag],
                          )
                          .join('；')}
                      </strong>{' '}
                      <button
                        type="button"
                        className="btn"
                        disabled={clearFlag.isPending}
                        onClick={() => clearFlag.mutate(learner.id)}
                      >
                        已覆核，清除標記
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </QueryBoundary>
    </section>
  );
}

type ImportOutcome = { status: 'running' } | { status: 'ok' | 'error'; message: string };

function Imports() {
  const queryClient = useQueryClient();
  const [outcomes, setOutcomes] = useState<Partial<Record<AdminImport, ImportOutcome>>>({});
  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const id of timers.current) window.clearTimeout(id);
    },
    [],
  );

  const run = async (name: AdminImport) => {
    setOutcomes((current) => ({ ...current, [name]: { status: 'running' } }));
    try {
      const result = await runImport(name);
      setOutcomes((current) => ({ ...current, [name]: { status: 'ok', message: result.message } }));
    } catch (error) {
      setOutcomes((current) => ({
        ...current,
        [name]: { status: 'error', message: `匯入失敗：${failureMessage(error)}` },
      }));
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStatus });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lessons });
    }
  };
  const runAll = () => {
    ADMIN_IMPORTS.forEach((name, index) => {
      timers.current.push(window.setTimeout(() => void run(name), index * IMPORT_STAGGER_MS));
    });
  };
  const busy = Object.values(outcomes).some((o) => o?.status === 'running');

  return (
    <AdminSection id="admin-imports" title="匯入內容">
      <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={runAll}>
        全部匯入（每項相隔一秒）
      </button>
      <div className="ad-imports">
        {ADMIN_IMPORTS.map((name) => {
          const outcome = outcomes[name];
          return (
            <div key={name} className="card ad-import" data-testid={`import-${name}`}>
              <div className="row">
                <strong>{IMPORT_LABELS[name]}</strong>
                <span className="spacer" />
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={outcome?.status === 'running'}
                  onClick={() => void run(name)}
                >
                  {outcome?.status === 'running' ? '匯入中...' : '匯入'}
                </button>
              </div>
              {outcome && outcome.status !== 'running' ? (
                <p
                  className={`p2-alert${outcome.status === 'ok' ? ' p2-alert-success' : ''}`}
                  role={outcome.status === 'ok' ? 'status' : 'alert'}
                  data-testid="import-alert"
                  data-outcome={outcome.status}
                >
                  {outcome.message}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </AdminSection>
  );
}

function UploadForm() {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [type, setType] = useState<UploadType>('lesson');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const upload = useMutation({
    mutationFn: () => uploadText({ title: title.trim(), content, type }),
    onSuccess: (answer) => {
      setResult({ ok: true, message: `上載成功：${answer.message || '內容已處理'}` });
      setTitle('');
      setContent('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStatus });
    },
    onError: (error) => setResult({ ok: false, message: `上載失敗：${failureMessage(error)}` }),
  });
  const empty = title.trim().length === 0 || content.trim().length === 0;
  return (
    <AdminSection id="admin-upload" title="上載文字內容">
      <form
        className="card"
        onSubmit={submitted(() => {
          if (empty) {
            setResult({ ok: false, message: UPLOAD_REQUIRED_MESSAGE });
            return;
          }
          setResult(null);
          upload.mutate();
        })}
      >
        <TextField id="upload-title" label="標題" value={title} maxLength={200} onChange={setTitle} />
        <SelectField
          id="upload-type"
          label="內容類型"
          value={type}
          choices={choicesOf(UPLOAD_TYPES, (t) => UPLOAD_TYPE_LABELS[t])}
          onChange={(value) => setType(value as UploadType)}
        />
        <div className="field">
          <label htmlFor="upload-content">內容</label>
          <textarea
            id="upload-content"
            className="textarea ad-content"
            value={content}
            onChange={(event) => setContent(event.target.value)}
          />
        </div>
        {result ? (
          <p
            className={`p2-alert${result.ok ? ' p2-alert-success' : ''}`}
            role="alert"
            data-testid="upload-result"
          >
            {result.message}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={empty || upload.isPending}>
          {upload.isPending ? '上載中...' : '上載'}
        </button>
      </form>
    </AdminSection>
  );
}

const ROLE_LABELS = { student: '學生', teacher: '教師', admin: '管理員' } as const;
type RoleName = keyof typeof ROLE_LABELS;

/** Grants and revokes roles (a teacher is made here): find the account by username, tick its roles. */
function RolesForm() {
  const [username, setUsername] = useState('');
  const [found, setFound] = useState<AdminUser | null>(null);
  const [roles, setRoles] = useState<RoleName[]>([]);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const lookup = useMutation({
    mutationFn: () => findUser(username.trim()),
    onSuccess: (user) => {
      setFound(user);
      setRoles([...user.roles]);
      setResult(null);
    },
    onError: (error) => {
      setFound(null);
      setResult({ ok: false, message: failureMessage(error) });
    },
  });
  const save = useMutation({
    mutationFn: () => setUserRoles(found!.id, roles),
    onSuccess: () => setResult({ ok: true, message: `已更新「${found?.username ?? ''}」的角色` }),
    onError: (error) => setResult({ ok: false, message: `更新失敗：${failureMessage(error)}` }),
  });
  return (
    <AdminSection id="admin-roles" title="用戶角色">
      <form
        className="card"
        onSubmit={submitted(() => {
          if (username.trim()) lookup.mutate();
        })}
      >
        <TextField
          id="roles-username"
          label="用戶名稱"
          value={username}
          maxLength={64}
          onChange={setUsername}
        />
        <button type="submit" className="btn" disabled={!username.trim() || lookup.isPending}>
          查找
        </button>
      </form>
      {found ? (
        <div className="card" data-testid="roles-editor">
          <fieldset className="field">
            <legend>{found.username} 的角色</legend>
            {(Object.keys(ROLE_LABELS) as RoleName[]).map((role) => (
              <label key={role} className="st-check">
                <input
                  type="checkbox"
                  checked={roles.includes(role)}
                  onChange={(event) =>
                    setRoles((now) => (event.target.checked ? [...now, role] : now.filter((r) => r !== role)))
                  }
                />{' '}
                {ROLE_LABELS[role]}
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            className="btn btn-primary"
            disabled={roles.length === 0 || save.isPending}
            onClick={() => save.mutate()}
          >
            儲存角色
          </button>
        </div>
      ) : null}
      {result ? (
        <p role="alert" className={result.ok ? 'text-jade' : 'text-brick'}>
          {result.message}
        </p>
      ) : null}
    </AdminSection>
  );
}
