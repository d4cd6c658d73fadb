/**
 * What a type roadmap shows of the learner's progress (issue 40: it looked the same before and after a
 * node was completed): this type's state, and how many of the lesson's types are completed.
 */
import type { NodeResultList } from '@wenyan/contracts';

export type NodeState = 'done' | 'started' | 'new';

export interface RoadmapProgress {
  state: NodeState;
  /** What is said under the title: done, how far from done, or not started. */
  label: string;
  completed: number;
  total: number;
  /** 「本課已完成 1 / 5 個題型」 */
  lessonLabel: string;
}

/**
 * `types`: the lesson's roadmap node types (the node availability); the results list only the nodes
 * the learner has a session of.
 */
export function roadmapProgress(
  results: NodeResultList | undefined,
  type: string,
  types: readonly string[],
): RoadmapProgress {
  const nodes = results?.nodes ?? [];
  const node = nodes.find((n) => n.type === type);
  const all = new Set([...types, ...nodes.map((n) => n.type)]);
  const completed = nodes.filter((n) => n.completed && all.has(n.type)).length;
  const state: NodeState = node?.completed ? 'done' : node && node.bestScore > 0 ? 'started' : 'new';
  const label =
    state === 'done'
      ? `已完成（最佳 ${node!.bestScore}%）`
      : state === 'started'
        ? `最佳 ${node!.bestScore}%，需 ${node!.requiredScore}% 才完成`
        : `未開始：答對 ${node?.requiredScore ?? 80}% 即完成`;
  return {
    state,
    label,
    completed,
    total: all.size,
    lessonLabel: `本課已完成 ${completed} / ${all.size} 個題型`,
  };
}
