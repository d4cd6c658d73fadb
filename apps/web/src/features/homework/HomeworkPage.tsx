/** /homework: the learner's homework from every class, what is due first at the top. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { Skeletons } from '../../components/states.tsx';
import { myHomeworkQuery } from '../../lib/homework.ts';
import { dueLabel, STATUS_LABELS, STATUS_TONES, taskPath } from '../../lib/homework-format.ts';

export function HomeworkPage() {
  const homework = useQuery(myHomeworkQuery);
  return (
    <main className="page" data-testid="homework-page">
      <div className="page-header">
        <h1 className="page-title">功課</h1>
      </div>
      <QueryBoundary
        query={homework}
        loading={<Skeletons count={3} height={96} />}
        errorMessage="未能載入功課，請稍後再試。"
        isEmpty={(assignments) => assignments.length === 0}
        emptyTitle="暫時沒有功課"
        emptyHint="老師在班別出功課後，會在這裏顯示。"
      >
        {(assignments) => (
          <ul className="grid" style={{ listStyle: 'none', padding: 0 }}>
            {assignments.map((a) => (
              <li key={a.id} className="card" data-testid="homework-item" data-status={a.progress.status}>
                <div className="lesson-card-head">
                  <h2>{a.title}</h2>
                  <span className={`badge ${STATUS_TONES[a.progress.status]}`}>
                    {STATUS_LABELS[a.progress.status]}
                  </span>
                </div>
                <p>{a.description}</p>
                <p className="muted">
                  {a.className} · 限期 {dueLabel(a.dueAt)}（香港時間）
                  {a.progress.needed > 1 ? ` · 已完成 ${a.progress.done}／${a.progress.needed}` : ''}
                </p>
                {a.progress.completedAt === null ? (
                  <Link className="btn btn-primary btn-block" to={taskPath(a.task)}>
                    開始
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryBoundary>
    </main>
  );
}
