/**
 * 我的申訴, in the error book: the learner's appeals and their outcome (待覆核 / 已接納 with the new
 * marks / 不接納 with the teacher's note). Nothing shows when the learner never appealed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

const STATUS = { pending: '待老師覆核', accepted: '老師已接納', declined: '老師不接納' } as const;

/** The learner's appeals (the list below). */
export const appealsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.appeals(userId),
    queryFn: () => call('listAppeals', { params: { userId } }),
    staleTime: 30_000,
  });

export function MyAppeals({ userId }: { userId: string }) {
  const appeals = useQuery(appealsQuery(userId));
  if (!appeals.data || appeals.data.length === 0) return null;
  return (
    <section className="card eb-appeals" data-testid="my-appeals" aria-label="我的申訴">
      <h2 className="section-title">我的申訴</h2>
      <ul className="eb-appeal-list">
        {appeals.data.map((a) => (
          <li key={a.answerVersion} data-testid="my-appeal" data-status={a.status}>
            <p>
              <strong>{STATUS[a.status]}</strong>　你的答案：{a.selectedAnswer}（{a.pointsEarned}/
              {a.pointsAvailable} 分）
            </p>
            {a.status === 'declined' && a.teacherNote ? (
              <p className="muted">老師的回覆：{a.teacherNote}</p>
            ) : null}
            {a.status === 'accepted' && a.remark?.reverted ? (
              <p className="muted">
                老師曾接納「{a.remark.rendering}」，其後評分準則撤回了這個譯法，重新評分為{' '}
                {a.remark.pointsEarned}/{a.remark.pointsAvailable} 分（已獲得的經驗值不受影響）。
              </p>
            ) : a.status === 'accepted' && a.remark ? (
              <p className="text-jade">
                「{a.remark.rendering}」已列為可接受的譯法，重新評分為 {a.remark.pointsEarned}/
                {a.remark.pointsAvailable} 分。
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
