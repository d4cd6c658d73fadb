/**
 * The error book's data and the pieces both of its pages share: the records, the stats, the note
 * and mastery writes with their toasts, and the detail of one record.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Difficulty, ErrorQuestionRecord, ErrorStats } from '@wenyan/contracts';
import { errorBookStats, NOTE_MAX_LENGTH, normaliseNote } from '@wenyan/domain';
import { useId, useState } from 'react';
import { submitted } from '../../lib/forms.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { QUESTION_TYPE_LABELS } from '../../lib/question-types.ts';
import { nextDueLabel } from '../../lib/review-format.ts';
import { notify } from '../../lib/toast.ts';
import { errorQuestionsQuery, errorStatsQuery, masterErrorQuestion, saveErrorNote } from './api.ts';
import './error-book.css';

export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  beginner: '初級',
  intermediate: '中級',
  advanced: '高級',
};

const FAILED = {
  title: '更新失敗',
  description: '未能更新錯題紀錄，請稍後再試',
  variant: 'destructive',
} as const;

/** The records, the stats, and the two writes of the error book for one learner. */
export function useErrorBook(userId: string) {
  const queryClient = useQueryClient();
  const records = useQuery(errorQuestionsQuery(userId));
  const stats = useQuery(errorStatsQuery(userId));
  // The write answers the record with the change applied; the read models may take a moment to
  // catch up, so the cache takes the answer and is only marked stale (refetched on the next visit).
  const refresh = (updated: ErrorQuestionRecord) => {
    const before = queryClient
      .getQueryData<ErrorQuestionRecord[]>(errorQuestionsQuery(userId).queryKey)
      ?.find((record) => record.questionId === updated.questionId);
    const list = queryClient.setQueryData<ErrorQuestionRecord[]>(
      errorQuestionsQuery(userId).queryKey,
      (old) => old?.map((record) => (record.questionId === updated.questionId ? updated : record)),
    );
    if (before?.isActive && !updated.isActive && list) {
      // The stats cards follow from the records by the domain's one rule, as the server computes them.
      // The scheduler's count is the server's (it needs the cards): kept until the next fetch.
      queryClient.setQueryData<ErrorStats>(errorStatsQuery(userId).queryKey, (old) => ({
        ...errorBookStats(list),
        schedulerMasteredCount: old?.schedulerMasteredCount ?? 0,
      }));
    }
    void queryClient.invalidateQueries({
      queryKey: queryKeys.errorQuestions(userId),
      refetchType: 'none',
    });
  };
  const saveNote = useMutation({
    mutationFn: ({ questionId, note }: { questionId: string; note: string }) =>
      saveErrorNote(userId, questionId, note),
    onSuccess: (updated) => {
      refresh(updated);
      notify({ title: '已更新', description: '錯題紀錄已更新', variant: 'success' });
    },
    onError: () => notify(FAILED),
  });
  const master = useMutation({
    mutationFn: (questionId: string) => masterErrorQuestion(userId, questionId),
    onSuccess: (updated) => {
      refresh(updated);
      notify({ title: '已掌握', description: '此題已標記為已掌握', variant: 'success' });
    },
    onError: () => notify(FAILED),
  });
  return { records, stats, saveNote, master };
}

export type ErrorBook = ReturnType<typeof useErrorBook>;

function formatDate(iso: string | null): string {
  return iso
    ? new Date(iso).toLocaleDateString('zh-HK', { year: 'numeric', month: 'short', day: 'numeric' })
    : '—';
}

/** The whole of one record: question, answers, explanation, the personal note and the mastery button. */
export function ErrorDetail({ record, book }: { record: ErrorQuestionRecord; book: ErrorBook }) {
  const { question } = record;
  return (
    <div className="eb-detail" data-testid="error-detail">
      <div className="row">
        <span className="badge">{QUESTION_TYPE_LABELS[question.type]}</span>
        {record.difficulty ? <span className="badge">{DIFFICULTY_LABELS[record.difficulty]}</span> : null}
        <span className="muted eb-attempts">作答 {record.attemptCount} 次</span>
      </div>
      {question.targetText ? <p className="classical target-quote">{question.targetText}</p> : null}
      <p className="eb-content">{question.content}</p>
      {question.options.length > 0 ? (
        <ul className="eb-options">
          {question.options.map((option) => (
            <li
              key={option}
              className={
                option === record.correctAnswer
                  ? 'is-answer'
                  : option === record.incorrectAnswer
                    ? 'is-wrong'
                    : ''
              }
            >
              {option}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="eb-answers">
        <div className="is-wrong">
          <dt>你的答案</dt>
          <dd>{record.incorrectAnswer || '（未作答）'}</dd>
        </div>
        <div className="is-right">
          <dt>正確答案</dt>
          <dd>{record.correctAnswer}</dd>
        </div>
      </dl>
      {question.explanation ? (
        <p className="eb-explanation">
          <strong>解釋：</strong>
          {question.explanation}
        </p>
      ) : null}
      <p className="muted eb-dates">
        首次答錯：{formatDate(record.firstErrorAt)} · 最近作答：{formatDate(record.lastAttemptAt)}
        {record.masteredAt ? ` · 掌握於：${formatDate(record.masteredAt)}` : ''}
      </p>
      <SchedulerVerdict record={record} />
      <NoteEditor record={record} book={book} />
      {/* The learner's own judgement, kept beside the scheduler's (issue 21), and labelled as theirs. */}
      <button
        type="button"
        className="btn btn-block eb-master"
        disabled={!record.isActive || book.master.isPending}
        onClick={() => book.master.mutate(record.questionId)}
      >
        {record.isActive
          ? book.master.isPending
            ? '處理中...'
            : '標記為已掌握（我的判斷）'
          : '已掌握（我的判斷）'}
      </button>
    </div>
  );
}

/** The scheduler's view of the question: its recall on the exam day, and when it comes back. */
function SchedulerVerdict({ record }: { record: ErrorQuestionRecord }) {
  if (record.predictedExamRecall === null) return null;
  return (
    <p
      className={`eb-scheduler${record.schedulerMastered ? ' is-mastered' : ''}`}
      data-testid="scheduler-verdict"
    >
      {record.schedulerMastered ? <strong>已掌握：</strong> : null}
      預計考試日記得的機會 {Math.round(record.predictedExamRecall * 100)}%
      {record.reviewDue ? ` · 下次複習：${nextDueLabel(record.reviewDue)}` : ''}
    </p>
  );
}

function NoteEditor({ record, book }: { record: ErrorQuestionRecord; book: ErrorBook }) {
  const id = useId();
  const [editing, setEditing] = useState(record.userExplanation === null);
  const [draft, setDraft] = useState(record.userExplanation ?? '');
  const note = normaliseNote(draft);
  const pending = book.saveNote.isPending;

  if (!editing && record.userExplanation) {
    return (
      <section className="eb-note" aria-label="個人筆記">
        <div className="row">
          <strong>個人筆記</strong>
          <span className="spacer" />
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => {
              setDraft(record.userExplanation ?? '');
              setEditing(true);
            }}
          >
            編輯
          </button>
        </div>
        <p className="eb-note-text" data-testid="error-note">
          {record.userExplanation}
        </p>
      </section>
    );
  }
  const submitNote = () => {
    if (!note || pending) return;
    book.saveNote.mutate({ questionId: record.questionId, note }, { onSuccess: () => setEditing(false) });
  };
  return (
    <form className="eb-note" onSubmit={submitted(submitNote)}>
      <label htmlFor={id}>
        <strong>個人筆記</strong>
      </label>
      <textarea
        id={id}
        className="textarea"
        value={draft}
        maxLength={NOTE_MAX_LENGTH}
        placeholder="寫下答錯的原因或記憶方法..."
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="row">
        <button type="submit" className="btn btn-primary btn-sm" disabled={!note || pending}>
          {pending ? '儲存中...' : '儲存筆記'}
        </button>
        {record.userExplanation ? (
          <button type="button" className="btn btn-sm" onClick={() => setEditing(false)}>
            取消
          </button>
        ) : null}
      </div>
    </form>
  );
}
