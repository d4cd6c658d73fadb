/**
 * 「功課」 on the lobby: the work due first, and a link to the list. Loaded after the lobby (lazy), so
 * the initial route's JavaScript does not grow; nothing shows for a learner with no homework.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { myHomeworkQuery } from '../../lib/homework.ts';
import { dueLabel, firstDue, STATUS_LABELS } from '../../lib/homework-format.ts';

export function LobbyHomework() {
  const homework = useQuery(myHomeworkQuery);
  const items = homework.data ?? [];
  if (items.length === 0) return null;
  const next = firstDue(items);
  const open = items.filter((a) => a.progress.completedAt === null).length;
  return (
    <section
      className="card lobby-homework"
      data-testid="lobby-homework"
      aria-labelledby="lobby-homework-title"
    >
      <div className="lesson-card-head">
        <h2 id="lobby-homework-title">功課</h2>
        <Link to="/homework">查看全部（{open} 份未完成）</Link>
      </div>
      {next ? (
        <p>
          <strong>{next.title}</strong>
          <span className="muted">
            {' '}
            · {next.className} · 限期 {dueLabel(next.dueAt)} · {STATUS_LABELS[next.progress.status]}
          </span>
        </p>
      ) : (
        <p className="muted">全部功課已完成，做得好！</p>
      )}
    </section>
  );
}
