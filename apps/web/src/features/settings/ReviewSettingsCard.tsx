/**
 * Settings' 「溫習計劃」 (issue 21): the exam date and the target recall on it (PUT exam-date; a date in the
 * past or more than three years ahead is refused by the server, whose message is shown under the field),
 * and the daily review goal (PATCH review-settings).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DAILY_GOAL_MAX,
  DAILY_GOAL_MIN,
  type ReviewSettings,
  TARGET_RECALL_MAX,
  TARGET_RECALL_MIN,
} from '@wenyan/contracts';
import { useState } from 'react';
import { choicesOf, FieldError, SelectField } from '../../components/fields.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { Spinner } from '../../components/states.tsx';
import { HttpError } from '../../lib/api.ts';
import { submitted } from '../../lib/forms.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { examDateLabel } from '../../lib/review-format.ts';
import { reviewSettingsQuery, saveExamDate, updateReviewSettings } from '../../lib/reviews.ts';
import { notify } from '../../lib/toast.ts';
import './settings.css';

/** The target recalls offered, in percent (the contract allows 70–97). */
export const TARGET_CHOICES = [80, 85, 90, 95].filter(
  (p) => p / 100 >= TARGET_RECALL_MIN && p / 100 <= TARGET_RECALL_MAX,
);

/** A refused write in words: the server's message for the field when it is Chinese, else ours. */
function refusal(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.status === 400) {
    const message = error.details?.find((d) => d.message)?.message ?? '';
    return /[\u4e00-\u9fff]/.test(message) ? message : fallback;
  }
  return '未能儲存，請檢查網絡後再試。';
}

export function ReviewSettingsCard({ userId }: { userId: string }) {
  const settings = useQuery(reviewSettingsQuery(userId));
  return (
    <section className="card st-group" aria-labelledby="review-settings-title" id="review-settings">
      <h2 className="st-group-heading" id="review-settings-title">
        溫習計劃
      </h2>
      <QueryBoundary query={settings} loading={<Spinner />}>
        {(loaded) => <Fields key={settings.dataUpdatedAt} userId={userId} settings={loaded} />}
      </QueryBoundary>
    </section>
  );
}

function Fields({ userId, settings }: { userId: string; settings: ReviewSettings }) {
  const queryClient = useQueryClient();
  const [examDate, setExamDate] = useState(settings.examDate);
  const [target, setTarget] = useState(Math.round(settings.targetRecall * 100));
  const [goal, setGoal] = useState(String(settings.dailyGoal));
  const saved = (updated: ReviewSettings) => {
    queryClient.setQueryData(queryKeys.reviewSettings(userId), updated);
    // The schedule follows the new date or goal: the due list, the forecast and the mastery move.
    void queryClient.invalidateQueries({ queryKey: queryKeys.reviews(userId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.errorQuestions(userId) });
    notify({ title: '已儲存', description: '溫習計劃已更新', variant: 'success' });
  };
  const exam = useMutation({
    mutationFn: () => saveExamDate(userId, examDate, target / 100),
    onSuccess: saved,
  });
  const dailyGoal = useMutation({
    mutationFn: () => updateReviewSettings(userId, { dailyGoal: Number(goal) }),
    onSuccess: saved,
  });
  const goalNumber = Number(goal);
  const goalValid =
    Number.isInteger(goalNumber) && goalNumber >= DAILY_GOAL_MIN && goalNumber <= DAILY_GOAL_MAX;
  const submitExamDate = () => {
    if (examDate) exam.mutate();
  };
  const submitDailyGoal = () => {
    if (goalValid) dailyGoal.mutate();
  };

  return (
    <>
      <form className="settings-review-row" onSubmit={submitted(submitExamDate)}>
        <p className="muted st-hint">
          現時考試日：{examDateLabel(settings.examDate)}（
          {settings.examDateSource === 'learner' ? '你自己設定' : '學校預設'}
          ）。系統會安排複習，令你在當日記得目標比例的題目。
        </p>
        <div className="field">
          <label htmlFor="exam-date">考試日期</label>
          <input
            id="exam-date"
            className="input"
            type="date"
            value={examDate}
            aria-invalid={exam.isError}
            aria-describedby={exam.isError ? 'exam-date-error' : undefined}
            onChange={(event) => setExamDate(event.target.value)}
          />
          <FieldError id="exam-date-error">
            {exam.isError ? refusal(exam.error, '考試日期不可早於今日，亦不可多於三年後。') : null}
          </FieldError>
        </div>
        <SelectField
          id="target-recall"
          label="考試日目標記得比例"
          value={target}
          choices={choicesOf(
            [...new Set([...TARGET_CHOICES, target])].sort((a, b) => a - b),
            (p) => `${p}%`,
          )}
          onChange={(value) => setTarget(Number(value))}
        />
        <button type="submit" className="btn btn-primary" disabled={!examDate || exam.isPending}>
          {exam.isPending ? '儲存中...' : '儲存考試日期'}
        </button>
      </form>
      <form className="settings-review-row" onSubmit={submitted(submitDailyGoal)}>
        <div className="field">
          <label htmlFor="daily-goal">每日複習目標（題）</label>
          <input
            id="daily-goal"
            className="input"
            type="number"
            inputMode="numeric"
            min={DAILY_GOAL_MIN}
            max={DAILY_GOAL_MAX}
            value={goal}
            aria-invalid={!goalValid || dailyGoal.isError}
            aria-describedby="daily-goal-hint"
            onChange={(event) => setGoal(event.target.value)}
          />
          <p className="field-hint" id="daily-goal-hint">
            {dailyGoal.isError
              ? refusal(dailyGoal.error, `每日目標須為 ${DAILY_GOAL_MIN} 至 ${DAILY_GOAL_MAX} 題。`)
              : `${DAILY_GOAL_MIN} 至 ${DAILY_GOAL_MAX} 題；每題約 20 秒。`}
          </p>
        </div>
        <button type="submit" className="btn" disabled={!goalValid || dailyGoal.isPending}>
          {dailyGoal.isPending ? '儲存中...' : '儲存每日目標'}
        </button>
      </form>
    </>
  );
}
