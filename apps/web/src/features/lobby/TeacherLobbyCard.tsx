/**
 * The lobby's card for teachers (issue 40). At their first sign-in it is a teacher's own first-run guide
 * (make a class, bring the students in, set work and read the report) in place of the student's DSE-year
 * guide; once done (the same server-side `guideCompleted` flag), a plain link to 教師專區.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@wenyan/contracts';
import { Link } from 'react-router-dom';
import { queryKeys } from '../../lib/queryKeys.ts';
import { reviewSettingsQuery, updateReviewSettings } from '../../lib/reviews.ts';
import { isTeacherUser } from '../../lib/roles.ts';
import { classesQuery } from '../../lib/teacher.ts';
import './teacher-lobby.css';

const STEPS = [
  { title: '建立班別', text: '在教師專區建立班別，系統會給你一個班別代碼。' },
  {
    title: '讓學生加入',
    text: '把班別代碼交給學生在「設定」輸入；沒有電郵的學生，可由你建立班級帳戶並列印紙條（附網址及二維碼）。',
  },
  {
    title: '派功課、看報告',
    text: '為全班派功課，在班別頁看每位學生的進度，以及「逐題報告」中全班答錯最多的題目。',
  },
] as const;

export function TeacherLobbyCard({ user }: { user: User }) {
  const settings = useQuery(reviewSettingsQuery(user.id));
  const classes = useQuery(classesQuery);
  const queryClient = useQueryClient();
  const done = useMutation({
    mutationFn: () => updateReviewSettings(user.id, { guideCompleted: true }),
    onSuccess: (updated) => queryClient.setQueryData(queryKeys.reviewSettings(user.id), updated),
  });
  if (!isTeacherUser(user)) return null;
  const count = classes.data?.length ?? null;
  if (settings.data?.guideCompleted === false) {
    return (
      <section className="card tc-lobby-card" aria-labelledby="tc-first-run" data-testid="teacher-first-run">
        <h2 id="tc-first-run" className="tc-lobby-title">
          歡迎使用文言通，老師！
        </h2>
        <ol className="tc-first-steps">
          {STEPS.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong>
              <span className="muted tc-lobby-note">{step.text}</span>
            </li>
          ))}
        </ol>
        <div className="tc-lobby-actions">
          <Link className="btn btn-primary" to="/teacher" onClick={() => done.mutate()}>
            前往教師專區
          </Link>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={done.isPending}
            onClick={() => done.mutate()}
          >
            知道了
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="card tc-lobby-card tc-lobby-link" data-testid="teacher-lobby-link">
      <div>
        <h2 className="tc-lobby-title">教師專區</h2>
        <p className="muted tc-lobby-note">
          {count === null
            ? '你的班別、功課及逐題報告。'
            : count === 0
              ? '你仍未建立班別。'
              : `你任教 ${count} 個班別。`}
        </p>
      </div>
      <Link className="btn btn-primary" to="/teacher">
        前往教師專區
      </Link>
    </section>
  );
}
