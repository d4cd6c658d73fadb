import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NodeAvailability } from '@wenyan/contracts';
import { nodeAvailabilityLabel } from '@wenyan/domain';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AlertIcon, CheckIcon, StarIcon } from '../../components/icons.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { BackLink, Spinner } from '../../components/states.tsx';
import { currentUserQuery } from '../../lib/current-user.ts';
import { lessonQuery } from '../../lib/lessons.ts';
import {
  completedActivitiesQuery,
  DEFAULT_CHARACTER_THRESHOLD,
  nodeAvailabilityQuery,
  nodeQuestionsQuery,
  nodeResultsQuery,
} from './api.ts';
import './practice.css';

/** Spec part 2 §9: nodes per roadmap page, and the positions the path draws. */
export const NODES_PER_PAGE = 5;
export const PATH_POSITIONS = 8;
const STEP_Y = 124;
/** Horizontal place of each of the 8 positions, in percent: a path winding like an unrolled scroll. */
const POSITION_X = [50, 76, 62, 30, 22, 44, 72, 50];

function pathD(width: number): string {
  const points = POSITION_X.map((x, i) => [(x / 100) * width, i * STEP_Y + 36] as const);
  return points
    .map(([x, y], i) => {
      if (i === 0) return `M ${x} ${y}`;
      const [px, py] = points[i - 1]!;
      const my = (py + y) / 2;
      return `C ${px} ${my}, ${x} ${my}, ${x} ${y}`;
    })
    .join(' ');
}

/** The lesson roadmap: /lesson/:id/roadmap and /lesson/:id. */
export function LessonRoadmapPage() {
  const { id } = useParams();
  const lessonId = Number(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useQuery(currentUserQuery).data;
  const threshold = user?.characterThreshold ?? DEFAULT_CHARACTER_THRESHOLD;
  const lesson = useQuery(lessonQuery(lessonId));
  const nodes = useQuery({ ...nodeAvailabilityQuery(lessonId, threshold), enabled: lessonId > 0 });
  // A node completes on the server when its answers reach 80 % (issue 37), results screen or not: the
  // roadmap asks again each time it opens.
  const completed = useQuery({
    ...completedActivitiesQuery(user?.id ?? '', lessonId),
    enabled: Boolean(user) && lessonId > 0,
    refetchOnMount: 'always',
  });
  const results = useQuery({
    ...nodeResultsQuery(user?.id ?? '', lessonId),
    enabled: Boolean(user) && lessonId > 0,
    refetchOnMount: 'always',
  });
  const bestScores = new Map((results.data?.nodes ?? []).map((n) => [n.type as string, n]));
  const [page, setPage] = useState(0);
  const [alert, setAlert] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (node: NodeAvailability) => {
    setAlert(null);
    setOpening(node.id);
    try {
      const questions = await queryClient.fetchQuery(nodeQuestionsQuery(lessonId, node.type, threshold));
      if (questions.length === 0) {
        setAlert('此節點暫時沒有本課的練習題目，請選擇其他節點。');
        return;
      }
      navigate(`/lesson/${lessonId}/questions/${node.type}/${encodeURIComponent(node.id)}`);
    } catch {
      setAlert('載入題目失敗，請稍後再試。');
    } finally {
      setOpening(null);
    }
  };

  const all = nodes.data ?? [];
  const done = new Set(completed.data ?? []);
  const pages = Math.max(1, Math.ceil(all.length / NODES_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const shown = all.slice(current * NODES_PER_PAGE, (current + 1) * NODES_PER_PAGE);
  const firstOpen = all.find((n) => !done.has(n.type));
  const allDone = all.length > 0 && all.every((n) => done.has(n.type));
  const width = 340;

  return (
    <main className="page roadmap-page">
      <BackLink to={`/lesson/${lessonId}/types`} label="返回練習類型" />
      <div className="page-header">
        <div>
          <h1 className="page-title roadmap-title">{lesson.data?.title ?? '學習路線'}</h1>
          <p className="page-subtitle">
            {lesson.data ? `${lesson.data.author} · ${lesson.data.era}` : '\u00a0'}
          </p>
        </div>
        <Link className="btn btn-sm" to={`/passage/${lessonId}`}>
          閱讀原文
        </Link>
      </div>
      {allDone ? (
        <div className="alert alert-success congrats" role="status" data-testid="roadmap-congrats">
          <StarIcon />
          <div>
            <strong>恭喜！你已完成本課全部練習。</strong>
            <div>
              <Link to={`/lesson/${lessonId}/unit/${lessonId}/complete`}>查看單元成果</Link>
            </div>
          </div>
        </div>
      ) : null}
      {alert ? (
        <div className="alert" role="alert">
          <AlertIcon />
          <span>{alert}</span>
        </div>
      ) : null}
      <QueryBoundary
        query={nodes}
        loading={<Spinner label="載入學習路線中..." />}
        errorMessage="未能載入學習路線，請稍後再試。"
      >
        {() => (
          <>
            <div className="roadmap" style={{ height: PATH_POSITIONS * STEP_Y }}>
              <svg
                className="roadmap-path"
                viewBox={`0 0 ${width} ${PATH_POSITIONS * STEP_Y}`}
                preserveAspectRatio="none"
                aria-hidden="true"
              >
                <path d={pathD(width)} />
              </svg>
              {POSITION_X.map((x, i) => {
                const node = shown[i];
                const style = { left: `${x}%`, top: i * STEP_Y + 36 };
                if (!node) {
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed path positions
                  return <span key={i} className="roadmap-dot" style={style} aria-hidden="true" />;
                }
                const isDone = done.has(node.type);
                const isCurrent = firstOpen?.id === node.id;
                const number = current * NODES_PER_PAGE + i + 1;
                return (
                  <div key={node.id} className="roadmap-node-wrap" style={style}>
                    <button
                      type="button"
                      className={`roadmap-node${isDone ? ' is-done' : ''}${isCurrent ? ' is-current' : ''}`}
                      onClick={() => open(node)}
                      aria-busy={opening === node.id}
                      disabled={opening !== null}
                      // Named with its visible number first (WCAG 2.5.3: the label contains the text).
                      aria-label={`${isDone ? '' : `${number} `}${node.title}，${nodeAvailabilityLabel(node.availableQuestions)}${
                        isDone
                          ? '，已完成'
                          : bestScores.get(node.type)
                            ? `，最佳 ${bestScores.get(node.type)?.bestScore}%，需 ${bestScores.get(node.type)?.requiredScore}% 才完成`
                            : ''
                      }`}
                      data-testid="roadmap-node"
                    >
                      {isDone ? <CheckIcon size={28} /> : <span>{number}</span>}
                    </button>
                    <span className="roadmap-label" aria-hidden="true">
                      <strong>{node.title}</strong>
                      <span className={node.availableQuestions >= 8 ? 'muted' : 'text-amber'}>
                        {nodeAvailabilityLabel(node.availableQuestions)}
                      </span>
                      {!isDone && bestScores.get(node.type) ? (
                        <span className="text-amber" data-testid="node-shortfall">
                          最佳 {bestScores.get(node.type)?.bestScore}%，需{' '}
                          {bestScores.get(node.type)?.requiredScore}%
                        </span>
                      ) : null}
                    </span>
                  </div>
                );
              })}
            </div>
            {pages > 1 ? (
              <nav className="roadmap-pages" aria-label="路線分頁">
                {Array.from({ length: pages }, (_, p) => (
                  <button
                    // biome-ignore lint/suspicious/noArrayIndexKey: page numbers
                    key={p}
                    type="button"
                    className="chip"
                    aria-pressed={p === current}
                    onClick={() => setPage(p)}
                  >
                    第 {p + 1} 頁
                  </button>
                ))}
              </nav>
            ) : null}
          </>
        )}
      </QueryBoundary>
    </main>
  );
}
