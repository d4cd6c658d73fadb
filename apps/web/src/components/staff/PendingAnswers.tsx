/**
 * 待老師批閱: the answers the marker could not be sure of, oldest first. Each card shows the question,
 * the passage, the model answer, the scheme's points with the marker's provisional verdict on each,
 * and the student's answer; the teacher ticks the points it earns (or gives a count), writes a note if
 * they like, and confirms. The teacher's area has it as a page; the admin panel shows everyone's.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingAnswer } from '@wenyan/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { HttpError } from '../../lib/api.ts';
import { markPendingAnswer, pendingAnswersQuery } from '../../lib/teacher-marking.ts';
import { notify } from '../../lib/toast.ts';
import { FieldError, TextField } from '../fields.tsx';
import { QueryBoundary } from '../QueryBoundary.tsx';
import { Skeletons } from '../states.tsx';
import { initialMarks, markBody, marksTotal } from './marks.ts';
import './pending-answers.css';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('zh-HK', {
    timeZone: 'Asia/Hong_Kong',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/** A failed mark in words a teacher can act on. */
function failure(error: unknown): string {
  if (error instanceof HttpError && error.status === 409) return '這個答案已批閱，或不用老師批閱。';
  if (error instanceof HttpError && error.status === 403) return '你只可以批閱自己班別學生的答案。';
  if (error instanceof HttpError && error.status === 400 && error.code !== 'VALIDATION_FAILED') {
    return error.message.replace(/^\d+: /, '');
  }
  return '未能儲存批閱，請稍後再試。';
}

function PendingAnswerCard({ answer }: { answer: PendingAnswer }) {
  const queryClient = useQueryClient();
  const [marks, setMarks] = useState(() => initialMarks(answer));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const ids = { note: useId(), count: useId() };
  const mark = useMutation({
    mutationFn: () => markPendingAnswer(answer, markBody(answer, marks, note), `mark-${key.current}`),
    onSuccess: (marked) => {
      notify({
        title: marked.marks?.isCorrect ? '已批閱：全對，學生獲得經驗值' : '已批閱',
        variant: 'success',
      });
      // The queue is a projection that may be a moment behind the marks: the card leaves at once rather
      // than on a refetch that could still hold it.
      queryClient.setQueryData(pendingAnswersQuery.queryKey, (queue) =>
        queue?.filter((a) => !(a.learnerId === answer.learnerId && a.answerVersion === answer.answerVersion)),
      );
    },
    onError: (err) => setError(failure(err)),
  });
  const toggle = (id: string) =>
    setMarks((m) => {
      const earned = new Set(m.earned);
      if (earned.has(id)) earned.delete(id);
      else earned.add(id);
      return { ...m, earned };
    });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    mark.mutate();
  };
  const schemePoint = (id: string) => answer.question.points.find((p) => p.id === id);
  return (
    <article className="card tm-card" data-testid="pending-answer-card">
      <div className="row">
        <h3 className="tm-name" data-testid="pending-learner">
          {answer.learnerLabel}
        </h3>
        <span className="spacer" />
        <span className="badge">待老師批閱</span>
      </div>
      <p className="muted tm-small">
        {dateTime(answer.submittedAt)}・第 {answer.lessonId} 課・
        <Link to={`/teacher/learners/${answer.learnerId}`}>學習紀錄</Link>
      </p>
      <p>{answer.question.content}</p>
      {answer.question.source ? (
        <p>
          <strong>原文：</strong>
          <span className="classical-inline">{answer.question.source}</span>
        </p>
      ) : null}
      <p className="muted">參考答案：{answer.question.correctAnswer}</p>
      <p>
        <strong>
          學生答案（系統暫評 {answer.pointsEarned}/{answer.pointsAvailable} 分）：
        </strong>
        <span data-testid="pending-answer-text">{answer.selectedAnswer}</span>
      </p>
      <form className="tm-form" onSubmit={onSubmit} noValidate>
        {answer.points.length > 0 ? (
          <fieldset className="tm-points">
            <legend>得分點（勾選學生答案得到的）</legend>
            {answer.points.map((p) => (
              <label key={p.id} className="tm-point" data-testid="pending-point">
                <input type="checkbox" checked={marks.earned.has(p.id)} onChange={() => toggle(p.id)} />
                <span>
                  <strong>{p.label}</strong>
                  <span className={`tm-line tm-small ${p.earned ? 'text-jade' : 'text-brick'}`}>
                    系統：{p.earned ? `找到「${p.matched ?? p.expected}」` : '未找到'}
                  </span>
                  {schemePoint(p.id) ? (
                    <span className="tm-line muted tm-small">
                      可接受：{schemePoint(p.id)?.accept.join('、')}
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <div className="field">
            <label htmlFor={ids.count}>得分（0 至 {answer.pointsAvailable} 分）</label>
            <input
              id={ids.count}
              className="input"
              type="number"
              min={0}
              max={answer.pointsAvailable}
              value={marks.count}
              onChange={(e) => setMarks((m) => ({ ...m, count: Number(e.target.value) }))}
            />
          </div>
        )}
        <p data-testid="pending-total">
          老師評分：<strong>{marksTotal(answer, marks)}</strong>
        </p>
        <TextField
          id={ids.note}
          label="評語（學生會看到，可留空）"
          value={note}
          maxLength={300}
          rows={2}
          onChange={setNote}
        />
        <button type="submit" className="btn btn-primary" disabled={mark.isPending}>
          確認
        </button>
        <FieldError>{error}</FieldError>
      </form>
    </article>
  );
}

/** The queue: a card per pending answer, or a word that there is none. */
export function PendingAnswersList() {
  const queue = useQuery(pendingAnswersQuery);
  return (
    <QueryBoundary
      query={queue}
      loading={<Skeletons count={2} height={220} />}
      errorMessage="未能載入待批閱的答案。"
      isEmpty={(data) => data.length === 0}
      emptyTitle="沒有待批閱的答案"
      emptyHint="系統未能確定評分的答案會在這裏出現，由老師決定分數。"
    >
      {(data) => (
        <div className="grid" data-testid="pending-answers">
          {data.map((a) => (
            <PendingAnswerCard key={`${a.learnerId}:${a.answerVersion}`} answer={a} />
          ))}
        </div>
      )}
    </QueryBoundary>
  );
}

/** The admin panel's section: everyone's pending answers, learners in no class too. */
export function PendingAnswersPanel() {
  return (
    <section aria-labelledby="admin-pending" data-testid="admin-pending-answers">
      <h2 className="p2-section-title" id="admin-pending">
        待老師批閱
      </h2>
      <p className="muted tm-small">
        系統未能確定評分的答案。批閱後，答案才計入學生的正確率；全對的答案按規則獲得經驗值。
      </p>
      <PendingAnswersList />
    </section>
  );
}
