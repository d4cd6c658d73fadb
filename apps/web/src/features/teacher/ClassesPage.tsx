/** /teacher: the teacher's classes with their join codes, and a form to create one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClassSummary, CreateClassBodySchema } from '@wenyan/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { StaffPage } from '../../components/staff/StaffPage.tsx';
import { Skeletons } from '../../components/states.tsx';
import { queryKeys } from '../../lib/queryKeys.ts';
import { classesQuery, createClass, failureMessage } from '../../lib/teacher.ts';
import { dateTimeLabel } from '../../lib/teacher-format.ts';
import { notify } from '../../lib/toast.ts';
import { JoinCode } from './JoinCode.tsx';

function CreateClassForm() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: createClass,
    onSuccess: async (created) => {
      setName('');
      notify({
        title: `已建立班別「${created.name}」`,
        description: `班別代碼：${created.joinCode}`,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.teacher.classes });
    },
    onError: (err) => setError(failureMessage(err)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateClassBodySchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '請輸入班別名稱');
      return;
    }
    setError(null);
    mutation.mutate(parsed.data.name);
  };
  return (
    <form className="card tc-create" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="class-name">新班別名稱</label>
        <input
          id="class-name"
          className="input"
          value={name}
          maxLength={60}
          placeholder="例如：中五甲班中文"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'class-name-error' : 'class-name-hint'}
          onChange={(e) => setName(e.target.value)}
        />
        {error ? (
          <p id="class-name-error" className="field-error" role="alert">
            {error}
          </p>
        ) : (
          <p id="class-name-hint" className="field-hint">
            建立後會得到一個班別代碼，學生在「設定」頁的「加入班別」輸入代碼即可加入。
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
        {mutation.isPending ? '建立中...' : '建立班別'}
      </button>
    </form>
  );
}

function ClassCard({ item }: { item: ClassSummary }) {
  return (
    <article className="card tc-class-card" data-testid="class-card">
      <div className="row">
        <h2 className="tc-class-name">{item.name}</h2>
        <span className="spacer" />
        <span className="badge">{item.learnerCount} 名學生</span>
      </div>
      <JoinCode code={item.joinCode} />
      <p className="muted tc-small">建立於 {dateTimeLabel(item.createdAt)}</p>
      <Link className="btn btn-primary" to={`/teacher/classes/${item.id}`}>
        查看班別
      </Link>
    </article>
  );
}

function ClassList() {
  const classes = useQuery(classesQuery);
  return (
    <QueryBoundary
      query={classes}
      loading={<Skeletons count={2} height={150} />}
      errorMessage={failureMessage(classes.error)}
      isEmpty={(data) => data.length === 0}
      emptyTitle="尚未建立班別"
      emptyHint="在上面輸入班別名稱並建立，再把班別代碼交給學生。"
    >
      {(data) => (
        <div className="grid">
          {data.map((item) => (
            <ClassCard key={item.id} item={item} />
          ))}
        </div>
      )}
    </QueryBoundary>
  );
}

export function ClassesPage() {
  return (
    <StaffPage title="教師專區" subtitle="管理班別，查看學生的學習進度及紀錄。" testId="teacher-classes" home>
      <Link className="btn" to="/teacher/appeals" data-testid="appeals-link">
        評分申訴
      </Link>{' '}
      <Link className="btn" to="/teacher/pending" data-testid="pending-link">
        待老師批閱
      </Link>{' '}
      <Link className="btn" to="/teacher/questions" data-testid="my-questions-link">
        我新增的題目
      </Link>{' '}
      <Link className="btn" to="/worksheets/1/sentence_translation" data-testid="worksheets-link">
        列印工作紙
      </Link>
      <CreateClassForm />
      <h2 className="section-title">我的班別</h2>
      <ClassList />
    </StaffPage>
  );
}
