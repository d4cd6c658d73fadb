/**
 * /teacher/questions: the questions a teacher added, where each is served (their classes only,
 * everyone, nobody), their recorded changes, and withdrawing one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeacherQuestion } from '@wenyan/contracts';
import { Link } from 'react-router-dom';
import { BackLink, EmptyState, ErrorState, Skeletons } from '../../components/states.tsx';
import { queryKeys } from '../../lib/queryKeys.ts';
import { notify } from '../../lib/toast.ts';
import { failureMessage } from '../teacher/api.ts';
import { dateTimeLabel } from '../teacher/format.ts';
import { TeacherGate } from '../teacher/TeacherGate.tsx';
import { myQuestionsQuery, withdrawQuestion } from './api.ts';
import './classroom.css';

const STATUS: Record<TeacherQuestion['status'], string> = {
  class: '只供我的班別',
  published: '已發佈給所有學生',
  withdrawn: '已撤回',
};
const CHANGE: Record<TeacherQuestion['history'][number]['change'], string> = {
  added: '新增',
  edited: '修改',
  published: '發佈',
  withdrawn: '撤回',
};

function QuestionList() {
  const queryClient = useQueryClient();
  const questions = useQuery(myQuestionsQuery);
  const withdraw = useMutation({
    mutationFn: withdrawQuestion,
    onSuccess: () => {
      notify({ title: '已撤回題目' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.classroom.myQuestions });
    },
    onError: (err) => notify({ title: failureMessage(err), variant: 'destructive' }),
  });
  return (
    <main className="page tc-page" data-testid="my-questions">
      <BackLink to="/teacher" label="教師專區" />
      <h1 className="page-title">我新增的題目</h1>
      <p className="muted tc-small">
        新增的題目只供你班別的學生練習，經管理員審批發佈後才會給所有學生。每小時最多新增 30 題。
      </p>
      <div className="cr-actions">
        <Link className="btn btn-primary" to="/vocabulary/add">
          新增題目
        </Link>
      </div>
      {questions.isPending ? (
        <Skeletons count={3} height={72} />
      ) : questions.isError ? (
        <ErrorState message={failureMessage(questions.error)} onRetry={() => questions.refetch()} />
      ) : questions.data.length === 0 ? (
        <EmptyState title="你未新增任何題目" />
      ) : (
        <ul className="cr-list">
          {questions.data.map((q) => (
            <li key={q.id} className="cr-row">
              <div className="cr-row-text">
                <strong>{q.content}</strong>
                <span className="tc-small">答案：{q.correctAnswer}</span>
                <span className="muted tc-small">
                  第 {q.lessonId} 課 ·{' '}
                  {q.history
                    .map((h) => `${CHANGE[h.change]} ${dateTimeLabel(h.at)}（${h.actorName ?? '—'}）`)
                    .join('；')}
                </span>
              </div>
              <span className="cr-status">{STATUS[q.status]}</span>
              {q.status !== 'withdrawn' ? (
                <button type="button" className="btn btn-sm" onClick={() => withdraw.mutate(q.id)}>
                  撤回
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export function MyQuestionsPage() {
  return (
    <TeacherGate>
      <QuestionList />
    </TeacherGate>
  );
}
