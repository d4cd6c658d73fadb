/**
 * The class page's homework: set work (a practice type, a vocabulary session, a mock paper, a
 * recitation range or a number of answers) with a due time in Hong Kong, each learner's status on each
 * assignment, edits, withdrawals and their history, and the class's leaderboard setting.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Assignment, AssignmentBody, ClassLearner } from '@wenyan/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { Options } from '../../components/fields.tsx';
import { call } from '../../lib/client.ts';
import {
  assignmentHistoryQuery,
  classHomeworkQuery,
  editAssignment,
  setAssignment,
  setClassSettings,
  withdrawAssignment,
} from '../../lib/homework.ts';
import {
  dueLabel,
  hongKongFields,
  hongKongInstant,
  STATUS_LABELS,
  STATUS_TONES,
} from '../../lib/homework-format.ts';
import { lessonsQuery } from '../../lib/lessons.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { PRACTICE_TYPE_CHOICES } from '../../lib/question-types.ts';
import { learnerLabel } from '../../lib/teacher-format.ts';
import './class-homework.css';

type Kind = AssignmentBody['task']['kind'];
const KINDS: ReadonlyArray<{ value: Kind; label: string }> = [
  { value: 'practice', label: '課文練習類型' },
  { value: 'vocabulary', label: '詞彙練習' },
  { value: 'paper', label: '模擬試卷' },
  { value: 'recitation', label: '背誦範圍' },
  { value: 'reviews', label: '到期複習' },
];

/** The due moment's two inputs (a date and a time, Hong Kong), each the draft's field of its type. */
const DUE_PARTS = [
  { part: 'date', label: '限期日期' },
  { part: 'time', label: '限期時間' },
] as const;

interface Draft {
  title: string;
  kind: Kind;
  lessonId: number;
  nodeType: string;
  exerciseType: 'lesson_specific' | 'mixed_session' | 'quick_practice';
  paperId: number;
  start: number;
  end: number;
  count: number;
  date: string;
  time: string;
}

function emptyDraft(): Draft {
  const { date } = hongKongFields(new Date(Date.now() + 7 * 86_400_000).toISOString());
  return {
    title: '',
    kind: 'practice',
    lessonId: 1,
    nodeType: 'word_interpretation',
    exerciseType: 'lesson_specific',
    paperId: 1,
    start: 0,
    end: 50,
    count: 20,
    date,
    time: '23:59',
  };
}

function draftOf(a: Assignment): Draft {
  const d = { ...emptyDraft(), title: a.title, kind: a.task.kind, ...hongKongFields(a.dueAt) };
  const t = a.task;
  if (t.kind === 'practice') return { ...d, lessonId: t.lessonId, nodeType: t.nodeType };
  if (t.kind === 'vocabulary') return { ...d, exerciseType: t.exerciseType, lessonId: t.lessonId ?? 1 };
  if (t.kind === 'paper') return { ...d, paperId: Number(t.paperId) };
  if (t.kind === 'recitation') return { ...d, lessonId: t.lessonId, start: t.start, end: t.end };
  return { ...d, count: t.count };
}

function bodyOf(d: Draft): AssignmentBody {
  const task: AssignmentBody['task'] =
    d.kind === 'practice'
      ? { kind: 'practice', lessonId: d.lessonId, nodeType: d.nodeType }
      : d.kind === 'vocabulary'
        ? {
            kind: 'vocabulary',
            exerciseType: d.exerciseType,
            lessonId: d.exerciseType === 'lesson_specific' ? d.lessonId : null,
          }
        : d.kind === 'paper'
          ? { kind: 'paper', paperId: d.paperId }
          : d.kind === 'recitation'
            ? { kind: 'recitation', lessonId: d.lessonId, start: d.start, end: d.end }
            : { kind: 'reviews', count: d.count };
  return { title: d.title.trim(), task, dueAt: hongKongInstant(d.date, d.time) };
}

function AssignmentForm({
  classId,
  editing,
  onDone,
}: {
  classId: string;
  editing: Assignment | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const lessons = useQuery(lessonsQuery);
  const papers = useQuery({
    queryKey: ['dse-papers'],
    queryFn: () => call('listDsePapers'),
    staleTime: 300_000,
  });
  const [draft, setDraft] = useState<Draft>(() => (editing ? draftOf(editing) : emptyDraft()));
  // One Idempotency-Key per content of the form: a retry of the same work sets it once; changed
  // content is a new request with a new key.
  const keyFor = useRef({ body: '', key: '' });
  const idempotencyKey = (body: AssignmentBody) => {
    const text = JSON.stringify(body);
    if (keyFor.current.body !== text) keyFor.current = { body: text, key: crypto.randomUUID() };
    return keyFor.current.key;
  };
  const save = useMutation({
    mutationFn: (body: AssignmentBody) =>
      editing
        ? editAssignment(classId, editing.id, body, idempotencyKey(body))
        : setAssignment(classId, body, idempotencyKey(body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.homework.ofClass(classId) });
      onDone();
    },
  });
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(bodyOf(draft));
  };
  const lessonSelect = (
    <label>
      課文
      <select value={draft.lessonId} onChange={(e) => set('lessonId', Number(e.target.value))}>
        {(lessons.data ?? []).map((l) => (
          <option key={l.id} value={l.id}>
            {l.title}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form className="card hw-form" onSubmit={submit} data-testid="homework-form">
      <h3>{editing ? '修改功課' : '出功課'}</h3>
      <label>
        功課名稱
        <input required maxLength={80} value={draft.title} onChange={(e) => set('title', e.target.value)} />
      </label>
      <label>
        類別
        <select
          value={draft.kind}
          onChange={(e) => set('kind', e.target.value as Kind)}
          data-testid="homework-kind"
        >
          <Options choices={KINDS} />
        </select>
      </label>
      {draft.kind === 'practice' ? (
        <>
          {lessonSelect}
          <label>
            練習類型
            <select value={draft.nodeType} onChange={(e) => set('nodeType', e.target.value)}>
              <Options choices={PRACTICE_TYPE_CHOICES} />
            </select>
          </label>
        </>
      ) : null}
      {draft.kind === 'vocabulary' ? (
        <>
          <label>
            詞彙練習
            <select
              value={draft.exerciseType}
              onChange={(e) => set('exerciseType', e.target.value as Draft['exerciseType'])}
            >
              <option value="lesson_specific">課文詞彙</option>
              <option value="mixed_session">綜合練習</option>
              <option value="quick_practice">快速練習</option>
            </select>
          </label>
          {draft.exerciseType === 'lesson_specific' ? lessonSelect : null}
        </>
      ) : null}
      {draft.kind === 'paper' ? (
        <label>
          試卷
          <select value={draft.paperId} onChange={(e) => set('paperId', Number(e.target.value))}>
            {(papers.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}（{p.questionCount} 題）
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {draft.kind === 'recitation' ? (
        <>
          {lessonSelect}
          <label>
            由第幾字
            <input
              type="number"
              min={1}
              value={draft.start + 1}
              onChange={(e) => set('start', Number(e.target.value) - 1)}
            />
          </label>
          <label>
            至第幾字
            <input
              type="number"
              min={2}
              value={draft.end}
              onChange={(e) => set('end', Number(e.target.value))}
            />
          </label>
        </>
      ) : null}
      {draft.kind === 'reviews' ? (
        <label>
          複習次數（到期的複習卡）
          <input
            type="number"
            min={1}
            max={200}
            value={draft.count}
            onChange={(e) => set('count', Number(e.target.value))}
          />
        </label>
      ) : null}
      <fieldset className="hw-due">
        <legend>限期（香港時間）</legend>
        {DUE_PARTS.map(({ part, label }) => (
          <input
            key={part}
            type={part}
            required
            aria-label={label}
            value={draft[part]}
            onChange={(e) => set(part, e.target.value)}
          />
        ))}
      </fieldset>
      {save.isError ? (
        <p className="text-brick" role="alert">
          {(save.error as { message?: string }).message?.includes('DUE')
            ? '限期必須在現在之後。'
            : '未能儲存功課，請檢查後再試。'}
        </p>
      ) : null}
      <div className="hw-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {editing ? '儲存修改' : '出功課'}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          取消
        </button>
      </div>
    </form>
  );
}

function History({ classId, assignmentId }: { classId: string; assignmentId: string }) {
  const history = useQuery(assignmentHistoryQuery(classId, assignmentId));
  const WORDS = { AssignmentSet: '出功課', AssignmentEdited: '修改', AssignmentWithdrawn: '撤回' } as const;
  return (
    <ol className="hw-history" data-testid="homework-history">
      {(history.data ?? []).map((h) => (
        <li key={h.version}>
          {dueLabel(h.at)} {WORDS[h.type]}：{h.title}（限期 {dueLabel(h.dueAt)}）
        </li>
      ))}
    </ol>
  );
}

/** The homework section of the class page. `learners` are the class table's (for names). */
export function ClassHomeworkPanel({
  classId,
  learners,
}: {
  classId: string;
  learners: readonly ClassLearner[];
}) {
  const queryClient = useQueryClient();
  const homework = useQuery(classHomeworkQuery(classId));
  const [form, setForm] = useState<Assignment | 'new' | null>(null);
  const [shownHistory, setShownHistory] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.homework.ofClass(classId) });
  const withdraw = useMutation({
    mutationFn: (id: string) => withdrawAssignment(classId, id, `withdraw-${id}`),
    onSuccess: refresh,
  });
  const settings = useMutation({
    mutationFn: (hide: boolean) => setClassSettings(classId, hide),
    onSuccess: refresh,
  });
  const data = homework.data;
  const nameOf = new Map(learners.map((l) => [l.id, learnerLabel(l, learners)]));
  return (
    <section className="hw-panel" aria-labelledby="hw-title" data-testid="class-homework">
      <header className="page-header">
        <h2 id="hw-title">功課</h2>
        <button type="button" className="btn btn-primary" onClick={() => setForm('new')}>
          出功課
        </button>
      </header>
      {data ? (
        <label className="hw-setting">
          <input
            type="checkbox"
            checked={data.hideGlobalLeaderboard}
            disabled={settings.isPending}
            onChange={(e) => settings.mutate(e.target.checked)}
            data-testid="hide-global-board"
          />
          向本班學生隱藏全港排行榜（學生仍可看到班級聯賽）
        </label>
      ) : null}
      {form ? (
        <AssignmentForm
          key={form === 'new' ? 'new' : form.id}
          classId={classId}
          editing={form === 'new' ? null : form}
          onDone={() => setForm(null)}
        />
      ) : null}
      {!data ? null : data.assignments.length === 0 ? (
        <p className="muted">未有功課。按「出功課」為全班設定功課和限期。</p>
      ) : (
        <div className="tc-table-wrap">
          <table className="tc-table" data-testid="homework-table">
            <caption className="visually-hidden">每位學生每份功課的狀態</caption>
            <thead>
              <tr>
                <th scope="col">學生</th>
                {data.assignments.map((a) => (
                  <th key={a.id} scope="col">
                    <div>{a.title}</div>
                    <div className="muted tc-small">{a.description}</div>
                    <div className="muted tc-small">限期 {dueLabel(a.dueAt)}</div>
                    <div className="hw-actions">
                      <button type="button" className="tc-sort" onClick={() => setForm(a)}>
                        修改
                      </button>
                      <button
                        type="button"
                        className="tc-sort"
                        disabled={withdraw.isPending}
                        onClick={() => window.confirm(`撤回「${a.title}」？`) && withdraw.mutate(a.id)}
                      >
                        撤回
                      </button>
                      <button
                        type="button"
                        className="tc-sort"
                        onClick={() => setShownHistory(shownHistory === a.id ? null : a.id)}
                      >
                        紀錄
                      </button>
                    </div>
                    {shownHistory === a.id ? <History classId={classId} assignmentId={a.id} /> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.learners.map((l) => (
                <tr key={l.learnerId} data-testid="homework-row">
                  <th scope="row">{nameOf.get(l.learnerId) ?? l.learnerId}</th>
                  {data.assignments.map((a) => {
                    const p = l.progress[a.id];
                    return (
                      <td key={a.id} data-status={p?.status}>
                        {p ? (
                          <span className={STATUS_TONES[p.status]}>
                            {STATUS_LABELS[p.status]}
                            {p.needed > 1 && p.status === 'in_progress' ? ` ${p.done}/${p.needed}` : ''}
                          </span>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
