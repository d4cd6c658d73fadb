/**
 * Settings: the learner's own data (Hong Kong PDPO; most learners are minors). A leaderboard nickname
 * and opt-out, 「下載我的資料」 (JSON, and CSV per table), 「刪除帳戶」 with a confirmation word and
 * the password, and the privacy notice.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ERASE_CONFIRMATION,
  EXPORT_TABLE_NAMES,
  type LeaderboardPreferences as LeaderboardPreferencesValues,
  NicknameSchema,
} from '@wenyan/contracts';
import { hongKongDate } from '@wenyan/domain';
import { type FormEvent, useState } from 'react';
import { ErrorState, Spinner } from '../../components/states.tsx';
import { HttpError } from '../../lib/api.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import { downloadText } from '../../lib/download.ts';
import { forgetLearnerOnDevice } from '../../lib/sign-out.ts';
import { notify } from '../../lib/toast.ts';
import {
  ACCOUNT_DELETED_HREF,
  CSV_TABLE_LABELS,
  csvExportHref,
  deleteMyAccount,
  fetchMyData,
  leaderboardPreferencesQuery,
  privacyKeys,
  READABLE_EXPORT_HREF,
  saveLeaderboardPreferences,
} from './queries.ts';

function downloadJson(data: unknown, fileName: string) {
  downloadText(fileName, JSON.stringify(data, null, 2), 'application/json');
}

/**
 * The nickname and opt-out, editable only once what is saved has loaded: a form shown before would
 * have what the learner typed overwritten when the saved values arrive, and a save then would put
 * their real name back on the leaderboard.
 */
function LeaderboardPreferences() {
  const { data, isError, refetch } = useQuery(leaderboardPreferencesQuery);
  if (data) return <LeaderboardPreferencesForm saved={data} />;
  return (
    <div className="st-form" data-testid="leaderboard-preferences-loading">
      <h2 className="st-title">排行榜</h2>
      {isError ? (
        <ErrorState message="未能讀取排行榜設定，請檢查網絡後再試。" onRetry={() => void refetch()} />
      ) : (
        <Spinner label="正在讀取排行榜設定..." />
      )}
    </div>
  );
}

/** Starts from the saved values once; a later read of them never replaces what is being typed. */
function LeaderboardPreferencesForm({ saved }: { saved: LeaderboardPreferencesValues }) {
  const queryClient = useQueryClient();
  const [nickname, setNickname] = useState(saved.nickname ?? '');
  const [optOut, setOptOut] = useState(saved.optOut);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => saveLeaderboardPreferences(nickname.trim() ? nickname.trim() : null, optOut),
    onSuccess: (saved) => {
      queryClient.setQueryData(privacyKeys.leaderboard, saved);
      queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
      notify({ title: saved.optOut ? '已不在排行榜顯示' : '排行榜設定已儲存', variant: 'success' });
    },
    onError: () => setError('未能儲存，請稍後再試。'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nickname.trim()) {
      const parsed = NicknameSchema.safeParse(nickname);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? '暱稱不正確');
        return;
      }
    }
    setError(null);
    save.mutate();
  };
  return (
    <form className="st-form" onSubmit={submit} noValidate data-testid="leaderboard-preferences">
      <h2 className="st-title">排行榜</h2>
      <label htmlFor="nickname" className="st-label">
        暱稱（選填）
      </label>
      <p className="muted st-hint">填寫後，其他同學只會看到暱稱，看不到你的姓名和學校。</p>
      <input
        id="nickname"
        className="input"
        value={nickname}
        maxLength={20}
        autoComplete="off"
        placeholder="例如：小書蟲"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'nickname-error' : undefined}
        onChange={(e) => setNickname(e.target.value)}
      />
      <label className="st-check">
        <input type="checkbox" checked={optOut} onChange={(e) => setOptOut(e.target.checked)} />
        不在排行榜顯示我
      </label>
      {error ? (
        <p id="nickname-error" className="st-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? '儲存中...' : '儲存'}
      </button>
    </form>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const erase = useMutation({
    mutationFn: () => deleteMyAccount(password, confirm),
    onSuccess: async () => {
      // Nothing of the erased account stays on the device (its caches, its offline verdicts).
      await forgetLearnerOnDevice(queryClient.getQueryData(currentUserQuery.queryKey)?.id).catch(
        () => undefined,
      );
      // A signed-out page that says so (帳戶已刪除), not the sign-in form without a word.
      window.location.assign(ACCOUNT_DELETED_HREF);
    },
    onError: (err) =>
      setError(
        err instanceof HttpError && err.status === 403
          ? '密碼不正確。'
          : err instanceof HttpError && err.status === 400
            ? `請輸入「${ERASE_CONFIRMATION}」以確認。`
            : '未能刪除帳戶，請稍後再試。',
      ),
  });
  if (!open) {
    return (
      <button type="button" className="btn st-danger" onClick={() => setOpen(true)}>
        刪除帳戶
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm !== ERASE_CONFIRMATION) {
      setError(`請輸入「${ERASE_CONFIRMATION}」以確認。`);
      return;
    }
    setError(null);
    erase.mutate();
  };
  return (
    <form className="st-form st-danger-zone" onSubmit={submit} noValidate data-testid="delete-account">
      <p className="st-warning" role="note">
        刪除後，你的用戶名稱、姓名、學校、電郵和暱稱會從系統清除，你亦會從排行榜和老師的名單中消失，而且無法復原。你的學習紀錄會以不記名方式保留。
      </p>
      <label htmlFor="erase-confirm" className="st-label">
        請輸入「{ERASE_CONFIRMATION}」
      </label>
      <input
        id="erase-confirm"
        className="input"
        value={confirm}
        autoComplete="off"
        onChange={(e) => setConfirm(e.target.value)}
      />
      <label htmlFor="erase-password" className="st-label">
        密碼
      </label>
      <input
        id="erase-password"
        className="input"
        type="password"
        value={password}
        autoComplete="current-password"
        onChange={(e) => setPassword(e.target.value)}
      />
      {error ? (
        <p className="st-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="st-actions">
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          取消
        </button>
        <button type="submit" className="btn st-danger" disabled={erase.isPending}>
          {erase.isPending ? '刪除中...' : '永久刪除帳戶'}
        </button>
      </div>
    </form>
  );
}

export function PrivacyCard() {
  const download = useMutation({
    mutationFn: fetchMyData,
    onSuccess: (data) => downloadJson(data, `wenyan-my-data-${hongKongDate(data.exportedAt)}.json`),
    onError: () => notify({ title: '未能下載資料，請稍後再試。', variant: 'destructive' }),
  });
  return (
    <>
      <section className="card st-group" aria-label="排行榜">
        <LeaderboardPreferences />
      </section>
      <section className="card st-group" aria-label="我的資料" data-testid="my-data">
        <h2 className="st-title">我的資料</h2>
        <p className="muted st-hint">下載我們保存的全部資料：帳戶、每次作答和練習紀錄。</p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? '準備中...' : '下載我的資料'}
        </button>
        <a
          className="st-link"
          href={READABLE_EXPORT_HREF}
          target="_blank"
          rel="noopener"
          data-testid="readable-export-link"
        >
          以易讀網頁查看我的資料（可列印成 PDF）
        </a>
        <details className="st-details">
          <summary>以 CSV 表格下載</summary>
          <ul className="st-csv">
            {EXPORT_TABLE_NAMES.map((table) => (
              <li key={table}>
                <a href={csvExportHref(table)} download>
                  {CSV_TABLE_LABELS[table]}
                </a>
              </li>
            ))}
          </ul>
        </details>
        <a className="st-link" href="/api/privacy">
          私隱聲明
        </a>
        <DeleteAccount />
      </section>
    </>
  );
}
