/**
 * /teacher/questions: the questions a teacher added, where each is served (their classes only,
 * everyone, nobody), their recorded changes, and withdrawing one.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EditQuestionBodySchema, type TeacherQuestion } from '@wenyan/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { FieldError } from '../../components/fields.tsx';
import { TeacherGate } from '../../components/staff/TeacherGate.tsx';
import { BackLink, EmptyState, ErrorState, Skeletons } from '../../components/states.tsx';
import { editQuestion, myQuestionsQuery, withdrawQuestion } from '../../lib/classroom.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { failureMessage } from '../../lib/teacher.ts';
import { dateTimeLabel } from '../../lib/teacher-format.ts';
import { notify } from '../../lib/toast.ts';
import '../../components/staff/classroom.css';

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

const OPTION_SLOTS = ['A', 'B', 'C', 'D'] as const;

/** The add form's fields for one question; a teacher's edit returns a published question to review. */
function EditForm({ question, onDone }: { question: TeacherQuestion; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [content, setContent] = useState(question.content);
  const [targetText, setTargetText] = useState(question.targetText ?? '');
  const [options, setOptions] = useState([...question.options, '', '', '', ''].slice(0, 4));
  const [correctAnswer, setCorrectAnswer] = useState(question.correctAnswer);
  const [explanation, setExplanation] = useState(question.explanation);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof editQuestion>[1]) => editQuestion(question.id, body),
    onSuccess: () => {
      notify({ title: '已儲存修改', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.classroom.myQuestions });
      onDone();
    },
    onError: (err) => setError(failureMessage(err)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      lessonId: question.lessonId,
      content,
      targetText,
      options,
      correctAnswer,
      explanation,
      culturalContext: question.culturalContext,
      difficulty: question.difficulty ?? 'intermediate',
      characterFrequency: question.characterFrequency ?? 400,
    };
    const parsed = EditQuestionBodySchema.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '資料格式不正確');
    setError(null);
    save.mutate(body);
  };
  const field = (id: string, label: string, value: string, set: (v: string) => void) => (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} className="input" value={value} onChange={(e) => set(e.target.value)} />
    </>
  );
  return (
    <form className="cr-edit" onSubmit={submit} noValidate aria-label="修改題目">
      {field(`q-${question.id}-content`, '題目內容', content, setContent)}
      {field(`q-${question.id}-target`, '目標詞語', targetText, setTargetText)}
      {OPTION_SLOTS.map((letter, i) => (
        <div key={letter} className="cr-edit-field">
          {field(`q-${question.id}-option-${letter}`, `選項 ${letter}`, options[i] ?? '', (v) =>
            setOptions(options.map((o, j) => (j === i ? v : o))),
          )}
        </div>
      ))}
      {field(`q-${question.id}-answer`, '正確答案', correctAnswer, setCorrectAnswer)}
      {field(`q-${question.id}-explanation`, '解釋', explanation, setExplanation)}
      {question.status === 'published' ? (
        <p className="muted tc-small">修改後，題目會回到「只供我的班別」，待管理員再次審批。</p>
      ) : null}
      <FieldError>{error}</FieldError>
      <div className="cr-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          儲存
        </button>
        <button type="button" className="btn" onClick={onDone}>
          取消
        </button>
      </div>
    </form>
  );
}

function QuestionList() {
  const [editing, setEditing] = useState<string | null>(null);
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
                <>
                  <button type="button" className="btn btn-sm" onClick={() => setEditing(q.id)}>
                    修改
                  </button>
                  <button type="button" className="btn btn-sm" onClick={() => withdraw.mutate(q.id)}>
                    撤回
                  </button>
                </>
              ) : null}
              {editing === q.id ? <EditForm question={q} onDone={() => setEditing(null)} /> : null}
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
