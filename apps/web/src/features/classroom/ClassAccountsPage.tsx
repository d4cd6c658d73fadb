/**
 * /teacher/classes/:id/accounts: a teacher pastes the students' names (one a line) or opens a CSV, and
 * gets an account for each with a one-time password, shown once and printed as slips (A4, ten a page).
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLASS_ACCOUNTS_LIMIT, type ClassAccounts, parseStudentNames } from '@wenyan/contracts';
import { type ChangeEvent, useMemo, useState } from 'react';
import { FieldError } from '../../components/fields.tsx';
import { QrCode } from '../../components/staff/SiteQr.tsx';
import { TeacherClassPage } from '../../components/staff/TeacherGate.tsx';
import { BackLink } from '../../components/states.tsx';
import { HttpError } from '../../lib/api.ts';
import { createClassAccounts } from '../../lib/classroom.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { siteAddress } from '../../lib/site-qr.ts';
import { classesQuery, classLearnersQuery, failureMessage } from '../../lib/teacher.ts';
import { learnerName } from '../../lib/teacher-format.ts';
import { duplicateLabel, duplicateNames } from './accounts.ts';
import '../../components/staff/classroom.css';

function Slips({ result }: { result: ClassAccounts }) {
  const site = siteAddress(window.location.origin);
  return (
    <section className="cr-slips" aria-label="帳戶紙條" data-testid="account-slips">
      {result.accounts.map((a) => (
        <article key={a.userId} className="cr-slip">
          <div className="cr-slip-body">
            <p className="cr-slip-class">文言通 · {result.className}</p>
            <p className="cr-slip-name">{a.name}</p>
            <dl>
              <dt>用戶名稱</dt>
              <dd className="cr-mono">{a.username}</dd>
              <dt>臨時密碼</dt>
              <dd className="cr-mono">{a.password}</dd>
            </dl>
            <p className="cr-slip-site" data-testid="slip-site">
              網址：<span className="cr-mono">{site.shown}</span>
            </p>
            <p className="cr-slip-note">首次登入後須設定你自己的密碼（最少 8 個字元）。</p>
          </div>
          <QrCode text={site.url} label={`文言通網址 ${site.shown} 的二維碼`} size={88} />
        </article>
      ))}
    </section>
  );
}

function AccountsView({ classId }: { classId: string }) {
  const classes = useQuery(classesQuery);
  const queryClient = useQueryClient();
  const className = classes.data?.find((c) => c.id === classId)?.name ?? '班別';
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ClassAccounts | null>(null);
  const names = useMemo(() => parseStudentNames(text), [text]);
  const members = useQuery(classLearnersQuery(classId));
  const duplicates = useMemo(
    () => duplicateNames(names, (members.data ?? []).map(learnerName)),
    [names, members.data],
  );
  const [sameNamesConfirmed, setSameNamesConfirmed] = useState(false);
  const needsConfirm = duplicates.length > 0 && !sameNamesConfirmed;
  const create = useMutation({
    mutationFn: () => createClassAccounts(classId, names),
    onSuccess: (made) => {
      setResult(made);
      setText('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.teacher.classLearners(classId) });
    },
    onError: (err) =>
      setError(
        err instanceof HttpError && err.status === 400
          ? (err.details?.[0]?.message ?? '學生名單格式不正確')
          : failureMessage(err, '找不到此班別。'),
      ),
  });
  const openFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
  };
  const submit = () => {
    if (names.length === 0) return setError('請輸入至少一個學生姓名');
    if (names.length > CLASS_ACCOUNTS_LIMIT) return setError(`每次最多建立 ${CLASS_ACCOUNTS_LIMIT} 個帳戶`);
    if (needsConfirm) return setError('名單有同名學生：請先確認');
    setError(null);
    create.mutate();
  };
  return (
    <main className="page tc-page cr-accounts" data-testid="class-accounts">
      <BackLink to={`/teacher/classes/${classId}`} label={className} />
      <h1 className="page-title cr-no-print">建立班級帳戶</h1>
      {result ? (
        <>
          <div className="alert alert-success cr-no-print" role="status">
            已為「{result.className}」建立 {result.accounts.length}{' '}
            個帳戶。臨時密碼只顯示這一次：請立即列印或抄下。
          </div>
          <div className="cr-actions cr-no-print">
            <button type="button" className="btn btn-primary" onClick={() => window.print()}>
              列印帳戶紙條
            </button>
            <button type="button" className="btn" onClick={() => setResult(null)}>
              再建立其他帳戶
            </button>
          </div>
          <Slips result={result} />
        </>
      ) : (
        <section className="card">
          <p className="muted tc-small">
            每行一個學生姓名，或開啟 CSV 檔（取第一欄；標題「姓名」會略去）。每次最多 {CLASS_ACCOUNTS_LIMIT}{' '}
            個。系統會產生用戶名稱及臨時密碼，學生首次登入須自設密碼。
          </p>
          <label htmlFor="student-names" className="field-label">
            學生姓名
          </label>
          <textarea
            id="student-names"
            className="input cr-names"
            rows={10}
            value={text}
            placeholder={'陳大文\n李小明\n黃美玲'}
            aria-invalid={error ? true : undefined}
            aria-describedby="names-count"
            onChange={(e) => {
              setText(e.target.value);
              setSameNamesConfirmed(false);
            }}
          />
          <p id="names-count" className="muted tc-small">
            共 {names.length} 個姓名
          </p>
          <label className="btn cr-file">
            開啟 CSV 檔
            <input
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={openFile}
              className="visually-hidden"
            />
          </label>
          {duplicates.length > 0 ? (
            <div className="cr-dup-warning" role="status" data-testid="duplicate-names">
              <p>名單有同名學生：</p>
              <ul>
                {duplicates.map((d) => (
                  <li key={d.name}>{duplicateLabel(d)}</li>
                ))}
              </ul>
              <p className="tc-small">
                同名的學生會各有不同的用戶名稱（印在紙條上，亦在班別表中顯示），派發紙條時請核對用戶名稱。若是重複輸入，請先刪去。
              </p>
              <label className="tc-small">
                <input
                  type="checkbox"
                  checked={sameNamesConfirmed}
                  onChange={(e) => setSameNamesConfirmed(e.target.checked)}
                />{' '}
                我已確認同名的是不同的學生
              </label>
            </div>
          ) : null}
          <FieldError>{error}</FieldError>
          <div className="cr-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={create.isPending || needsConfirm}
              onClick={submit}
            >
              {create.isPending ? '建立中...' : `建立 ${names.length} 個帳戶`}
            </button>
          </div>
        </section>
      )}
    </main>
  );
}

export function ClassAccountsPage() {
  return <TeacherClassPage view={AccountsView} />;
}
