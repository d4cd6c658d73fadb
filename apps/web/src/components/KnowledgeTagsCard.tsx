/**
 * Weaknesses by kind of knowledge (issue 21): accuracy per tag as a bar chart (the numbers also as a
 * table for screen readers), the open error-book items per tag, and a button that reviews the weakest.
 * Used by the error book and the profile (both lazy screens).
 */
import { useQuery } from '@tanstack/react-query';
import type { KnowledgeTagStats } from '@wenyan/contracts';
import { KNOWLEDGE_TAG_LABELS } from '@wenyan/contracts/light';
import { Link } from 'react-router-dom';
import { knowledgeTagsQuery, reviewPath } from '../lib/reviews.ts';
import { BarChart, type BarRow } from './charts/BarChart.tsx';
import { ErrorState, Spinner } from './states.tsx';
import './knowledge-tags.css';

/** The chart's rows: the tags answered at least once, weakest first; the rest are listed as untested. */
export function tagRows(stats: KnowledgeTagStats): { rows: BarRow[]; untested: string[] } {
  const answered = stats.tags.filter((t) => t.accuracy !== null && t.answers > 0);
  const rows = [...answered]
    .sort((a, b) => (a.accuracy ?? 0) - (b.accuracy ?? 0) || b.openErrors - a.openErrors)
    .map((t) => ({
      key: t.tag ?? 'untagged',
      label: t.label,
      value: t.accuracy ?? 0,
      valueLabel: `${Math.round(t.accuracy ?? 0)}%`,
      detail: `答對 ${t.correct}/${t.answers} 題，待練習錯題 ${t.openErrors} 題`,
    }));
  const untested = stats.tags.filter((t) => t.tag !== null && t.answers === 0).map((t) => t.label);
  return { rows, untested };
}

export function KnowledgeTagsCard({ userId }: { userId: string }) {
  const stats = useQuery(knowledgeTagsQuery(userId));
  return (
    <section className="card kt-card" aria-labelledby="kt-title" data-testid="knowledge-tags">
      <h2 className="kt-title" id="kt-title">
        按知識類別
      </h2>
      {stats.isPending ? (
        <Spinner label="載入知識類別中..." />
      ) : stats.isError ? (
        <ErrorState onRetry={() => void stats.refetch()} />
      ) : (
        <TagBody stats={stats.data} />
      )}
    </section>
  );
}

function TagBody({ stats }: { stats: KnowledgeTagStats }) {
  const { rows, untested } = tagRows(stats);
  if (rows.length === 0) {
    return <p className="muted">答過題目後，這裏會顯示你在各類文言知識的準確率。</p>;
  }
  const open = stats.tags.filter((t) => t.openErrors > 0);
  return (
    <>
      <BarChart
        title="各類知識的準確率"
        description="由低至高排列：最上面的一類最需要溫習。"
        rows={rows}
        max={100}
        axisLabel="準確率（%）"
        columns={{ label: '知識類別', value: '準確率', detail: '答題及錯題' }}
        testId="tag-chart"
      />
      {open.length > 0 ? (
        <p className="kt-open" data-testid="tag-open-errors">
          待練習錯題：
          {open.map((t) => `${t.label} ${t.openErrors} 題`).join('、')}
        </p>
      ) : null}
      {untested.length > 0 ? <p className="muted kt-untested">未練習：{untested.join('、')}</p> : null}
      {stats.weakest ? (
        <Link
          className="btn btn-primary btn-block"
          to={reviewPath.tag(stats.weakest)}
          data-testid="review-weakest"
        >
          溫習最弱一環：{KNOWLEDGE_TAG_LABELS[stats.weakest]}
        </Link>
      ) : (
        <p className="muted">每類答滿 3 題後，系統會找出你最弱的一環。</p>
      )}
    </>
  );
}
