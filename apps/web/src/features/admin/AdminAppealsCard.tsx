/**
 * The admin panel's way to the appeals queue (issue 40): /teacher/appeals lists an admin every learner's
 * appeals, those of students in no class included, which the panel did not link before.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { call } from '../../lib/client.ts';
import { AdminSection } from './AdminSection.tsx';

export function AdminAppealsCard() {
  const pending = useQuery({
    queryKey: ['teacher', 'appeals', 'pending-count'] as const,
    queryFn: () => call('listTeacherAppeals', { query: { status: 'pending' } }),
    staleTime: 30_000,
  });
  const count = pending.data?.length;
  return (
    <AdminSection id="admin-appeals" title="學生上訴" testId="admin-appeals">
      <p className="muted">
        所有學生的答案上訴，包括未加入任何班別的學生。
        {count === undefined ? '' : count === 0 ? '現時沒有待處理的上訴。' : `現有 ${count} 宗待處理。`}
      </p>
      <Link className="btn" to="/teacher/appeals" data-testid="admin-appeals-link">
        處理上訴
      </Link>
    </AdminSection>
  );
}
