/**
 * Assignments in the contract's shape, with their task described in Traditional Chinese.
 * Pure: the lesson and paper titles come in.
 */
import type { Assignment as AssignmentView, AssignmentProgress as ProgressView } from '@wenyan/contracts';
import type { Assignment, AssignmentProgress, AssignmentTask } from '@wenyan/domain';
import { QUESTION_TYPE_LABELS } from '../../replay/summaries.ts';

const VOCABULARY_LABELS: Readonly<Record<string, string>> = {
  lesson_specific: '課文詞彙練習',
  mixed_session: '詞彙綜合練習',
  quick_practice: '詞彙快速練習',
};

export interface Titles {
  lessons: ReadonlyMap<number, string>;
  papers: ReadonlyMap<string, string>;
}

/** The task in words, e.g. 「《師說》詞解題練習」. */
export function describeTask(task: AssignmentTask, titles: Titles): string {
  const lesson = (id: number) => `《${titles.lessons.get(id) ?? `第 ${id} 課`}》`;
  switch (task.kind) {
    case 'practice':
      return `${lesson(task.lessonId)}${QUESTION_TYPE_LABELS[task.nodeType] ?? task.nodeType}練習`;
    case 'vocabulary':
      return `${task.lessonId === null ? '' : lesson(task.lessonId)}${VOCABULARY_LABELS[task.exerciseType] ?? '詞彙練習'}`;
    case 'paper':
      return `模擬試卷：${titles.papers.get(task.paperId) ?? task.paperId}（全卷 ${task.questionIds.length} 題）`;
    case 'recitation':
      return `背誦${lesson(task.lessonId)}第 ${task.start + 1} 至 ${task.end} 字`;
    case 'reviews':
      return `作答 ${task.count} 題（任何練習皆可）`;
  }
}

/** The task as the contract shows it: a paper's question ids stay on the server, its count goes out. */
function taskView(task: AssignmentTask): AssignmentView['task'] {
  if (task.kind === 'paper')
    return { kind: 'paper', paperId: task.paperId, questionCount: task.questionIds.length };
  return task as Exclude<AssignmentTask, { kind: 'paper' }>;
}

export function toAssignmentView(classId: string, a: Assignment, titles: Titles): AssignmentView {
  return {
    id: a.id,
    classId,
    title: a.title,
    task: taskView(a.task),
    description: describeTask(a.task, titles),
    dueAt: a.dueAt,
    setAt: a.setAt,
    withdrawnAt: a.withdrawnAt,
  };
}

export const toProgressView = (p: AssignmentProgress): ProgressView => ({
  status: p.status,
  done: p.done,
  needed: p.needed,
  completedAt: p.completedAt,
});
