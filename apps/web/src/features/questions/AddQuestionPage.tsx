import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHARACTER_FREQUENCIES, CreateQuestionBodySchema, type CreateQuestionInput } from '@wenyan/contracts';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { choicesOf, FieldError, SelectField } from '../../components/fields.tsx';
import { LockIcon } from '../../components/icons.tsx';
import { BackLink, ErrorState } from '../../components/states.tsx';
import { HttpError } from '../../lib/api.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import { lessonsQuery } from '../../lib/lessons.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { DIFFICULTY_LABELS } from '../../lib/question-types.ts';
import { notify } from '../../lib/toast.ts';
import { createQuestion } from './api.ts';
import './add-question.css';

/** Spec part 2 §5 and §9: options start at 4, at least 2, at most 6. */
export const OPTIONS = { initial: 4, min: 2, max: 6 } as const;

interface FormState {
  lessonId: string;
  targetText: string;
  content: string;
  options: string[];
  correctAnswer: string;
  explanation: string;
  culturalContext: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  characterFrequency: (typeof CHARACTER_FREQUENCIES)[number];
}

const EMPTY: FormState = {
  lessonId: '',
  targetText: '',
  content: '',
  options: Array.from({ length: OPTIONS.initial }, () => ''),
  correctAnswer: '',
  explanation: '',
  culturalContext: '',
  difficulty: 'intermediate',
  characterFrequency: 400,
};

type Field =
  | 'lessonId'
  | 'targetText'
  | 'content'
  | 'options'
  | 'correctAnswer'
  | 'explanation'
  | 'difficulty';
type Errors = Partial<Record<Field, string>>;
const FIELD_ORDER: Field[] = ['lessonId', 'targetText', 'content', 'options', 'correctAnswer', 'explanation'];

/** Validates the form with the contract's schema; the first message of each field, in the spec's words. */
export function validateQuestion(
  form: FormState,
): { ok: true; body: CreateQuestionInput } | { ok: false; errors: Errors } {
  const body: CreateQuestionInput = {
    lessonId: form.lessonId === '' ? 0 : Number(form.lessonId),
    type: 'word_interpretation',
    content: form.content,
    targetText: form.targetText,
    correctAnswer: form.correctAnswer,
    explanation: form.explanation,
    culturalContext: form.culturalContext.trim() === '' ? null : form.culturalContext,
    difficulty: form.difficulty,
    characterFrequency: form.characterFrequency,
    options: form.options,
  };
  const parsed = CreateQuestionBodySchema.safeParse(body);
  if (parsed.success) {
    return { ok: true, body: { ...parsed.data, culturalContext: parsed.data.culturalContext ?? null } };
  }
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as Field;
    if (!errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

function NoPermission() {
  return (
    <div className="card state" data-testid="no-permission">
      <LockIcon />
      <p className="state-title">你沒有權限新增題目</p>
      <p className="muted">只有老師或管理員可以新增詞語題目。如需協助，請聯絡你的老師。</p>
      <Link className="btn" to="/vocabulary">
        返回詞意練習
      </Link>
    </div>
  );
}

/** The add-question form (/vocabulary/add), for teachers and admins. */
export function AddQuestionPage() {
  const user = useQuery(currentUserQuery).data;
  const lessons = useQuery(lessonsQuery);
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [forbidden, setForbidden] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const mutation = useMutation({
    mutationFn: (body: CreateQuestionInput) => createQuestion(body),
    onSuccess: () => {
      notify({ title: '成功', description: '詞語理解題目已成功添加', variant: 'success' });
      setForm(EMPTY);
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: queryKeys.vocabulary });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lessons });
    },
    onError: (error) => {
      if (error instanceof HttpError && error.status === 403) setForbidden(true);
      notify({ title: '錯誤', description: '添加題目失敗，請重試', variant: 'destructive' });
    },
  });

  if (!user) return null;
  const allowed = !forbidden && (user.roles.includes('teacher') || user.roles.includes('admin'));

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const setOption = (index: number, value: string) => {
    setForm((f) => ({ ...f, options: f.options.map((o, i) => (i === index ? value : o)) }));
    setErrors((e) => ({ ...e, options: undefined }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = validateQuestion(form);
    if (!result.ok) {
      setErrors(result.errors);
      const first = FIELD_ORDER.find((f) => result.errors[f]);
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    mutation.mutate(result.body);
  };

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    'data-field': field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const errorOf = (field: Field) => <FieldError id={`${id}-${field}-error`}>{errors[field]}</FieldError>;

  /** A text field of the form: its label, the input (or a textarea when `multiline`) and its error. */
  const textField = (
    field: 'targetText' | 'content' | 'correctAnswer' | 'explanation',
    label: string,
    multiline: boolean,
    placeholder?: string,
  ) => {
    const props = { ...fieldProps(field), placeholder, value: form[field] };
    return (
      <div className="field">
        <label htmlFor={`${id}-${field}`}>{label}</label>
        {multiline ? (
          <textarea {...props} className="textarea" onChange={(e) => set(field, e.target.value)} />
        ) : (
          <input {...props} className="input" onChange={(e) => set(field, e.target.value)} />
        )}
        {errorOf(field)}
      </div>
    );
  };

  return (
    <main className="page add-question">
      <BackLink to="/vocabulary" label="返回詞意練習" />
      <h1 className="page-title">新增詞語題目</h1>
      {!allowed ? (
        <NoPermission />
      ) : lessons.isError ? (
        <ErrorState message="未能載入課文，請稍後再試。" onRetry={() => lessons.refetch()} />
      ) : (
        <form ref={formRef} className="card" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-lessonId`}>課文</label>
            <select
              {...fieldProps('lessonId')}
              className="select"
              value={form.lessonId}
              onChange={(e) => set('lessonId', e.target.value)}
            >
              <option value="">{lessons.isPending ? '載入中...' : '請選擇課文'}</option>
              {(lessons.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.title}（{l.author}）
                </option>
              ))}
            </select>
            {errorOf('lessonId')}
          </div>
          {textField('targetText', '目標詞語', false, '例如：約')}
          {textField('content', '題目內容', true, '例如：「約」在「不可以久處約」中的意思是：')}
          <fieldset
            className="field options-field"
            aria-describedby={errors.options ? `${id}-options-error` : undefined}
          >
            <legend className="field-label">
              選項（{OPTIONS.min} 至 {OPTIONS.max} 個）
            </legend>
            {form.options.map((option, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
              <div key={i} className="option-row">
                <label htmlFor={`${id}-option-${i}`} className="option-index">
                  {String.fromCharCode(65 + i)}
                </label>
                <input
                  id={`${id}-option-${i}`}
                  data-field={i === 0 ? 'options' : undefined}
                  className="input"
                  aria-invalid={errors.options ? true : undefined}
                  aria-label={`選項 ${String.fromCharCode(65 + i)}`}
                  value={option}
                  onChange={(e) => setOption(i, e.target.value)}
                />
                {form.options.length > OPTIONS.min ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    aria-label={`刪除選項 ${String.fromCharCode(65 + i)}`}
                    onClick={() =>
                      set(
                        'options',
                        form.options.filter((_, j) => j !== i),
                      )
                    }
                  >
                    刪除
                  </button>
                ) : null}
              </div>
            ))}
            {form.options.length < OPTIONS.max ? (
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => set('options', [...form.options, ''])}
              >
                新增選項
              </button>
            ) : null}
            <FieldError id={`${id}-options-error`}>{errors.options}</FieldError>
          </fieldset>
          {textField('correctAnswer', '正確答案', false, '須與其中一個選項相同')}
          {textField('explanation', '解釋', true)}
          <div className="field">
            <label htmlFor={`${id}-culturalContext`}>文化背景（選填）</label>
            <textarea
              id={`${id}-culturalContext`}
              className="textarea"
              value={form.culturalContext}
              onChange={(e) => set('culturalContext', e.target.value)}
            />
          </div>
          <div className="field-pair">
            <SelectField
              id={`${id}-difficulty`}
              label="難度"
              value={form.difficulty}
              choices={choicesOf(
                ['beginner', 'intermediate', 'advanced'] as const,
                (d) => DIFFICULTY_LABELS[d],
              )}
              onChange={(value) => set('difficulty', value as FormState['difficulty'])}
            />
            <SelectField
              id={`${id}-frequency`}
              label="字頻等級"
              value={form.characterFrequency}
              choices={choicesOf(CHARACTER_FREQUENCIES, (f) => `常用 ${f} 字`)}
              onChange={(value) =>
                set('characterFrequency', Number(value) as FormState['characterFrequency'])
              }
            />
          </div>
          <div className="form-actions">
            <Link className="btn" to="/vocabulary">
              取消
            </Link>
            <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
              {mutation.isPending ? '新增中...' : '新增題目'}
            </button>
          </div>
        </form>
      )}
    </main>
  );
}
