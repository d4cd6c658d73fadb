/**
 * The first-sign-in guide (issue 21), shown at the top of the lobby until it is done or skipped: which
 * year the learner sits the DSE (the exam date follows, from the school year's default), how many reviews
 * a day, then the learner's first practice. Loaded on demand (the lobby's budget); the shelf stays usable
 * below it, so nothing blocks a learner who would rather start at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewSettings } from '@wenyan/contracts';
import { DEFAULT_DAILY_GOAL } from '@wenyan/contracts/light';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { queryKeys } from '../../lib/queryKeys.ts';
import { examDateLabel } from '../../lib/review-format.ts';
import { reviewSettingsQuery, updateReviewSettings } from '../../lib/reviews.ts';
import { notify } from '../../lib/toast.ts';
import './first-guide.css';

/** The daily goals the guide offers (settings allow any from 5 to 200). */
export const GUIDE_GOALS = [10, 20, 30, 50] as const;

/** Where the guide ends: the first text's first practice. */
export const FIRST_PRACTICE_PATH = '/lesson/1/questions/word_interpretation/course1';

/** The exam years to offer: the year of the coming exam and the two after it. */
export function examYearChoices(settings: Pick<ReviewSettings, 'examDate'>): number[] {
  const coming = Number(settings.examDate.slice(0, 4));
  return [coming, coming + 1, coming + 2];
}

export function FirstGuide({ userId }: { userId: string }) {
  const settings = useQuery(reviewSettingsQuery(userId));
  if (!settings.data || settings.data.guideCompleted) return null;
  return <Guide userId={userId} settings={settings.data} />;
}

function Guide({ userId, settings }: { userId: string; settings: ReviewSettings }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const id = useId();
  const years = examYearChoices(settings);
  const [step, setStep] = useState<1 | 2>(1);
  const [year, setYear] = useState(settings.examYear ?? years[0]!);
  const [goal, setGoal] = useState<number>(
    (GUIDE_GOALS as readonly number[]).includes(settings.dailyGoal) ? settings.dailyGoal : DEFAULT_DAILY_GOAL,
  );
  const save = useMutation({
    mutationFn: (body: Parameters<typeof updateReviewSettings>[1]) => updateReviewSettings(userId, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.reviewSettings(userId), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.reviews(userId) });
    },
    onError: () => notify({ title: '未能儲存', description: '請檢查網絡後再試', variant: 'destructive' }),
  });

  const finish = () =>
    save.mutate(
      { examYear: year, dailyGoal: goal, guideCompleted: true },
      {
        onSuccess: (updated) => {
          notify({
            title: '溫習計劃已設定',
            description: `考試日 ${examDateLabel(updated.examDate)}，每日複習 ${updated.dailyGoal} 題`,
            variant: 'success',
          });
          navigate(FIRST_PRACTICE_PATH);
        },
      },
    );

  return (
    <section className="card first-guide" aria-labelledby={`${id}-title`} data-testid="first-guide">
      <p className="muted first-guide-step">第 {step} / 2 步</p>
      <h2 id={`${id}-title`} className="first-guide-title">
        {step === 1 ? '你哪一年應考文憑試？' : '每日想複習多少題？'}
      </h2>
      {step === 1 ? (
        <GuideChoices legend="應考年份" values={years} unit="年" chosen={year} onChoose={setYear} />
      ) : (
        <GuideChoices legend="每日複習目標" values={GUIDE_GOALS} unit="題" chosen={goal} onChoose={setGoal} />
      )}
      <p className="muted first-guide-hint">
        {step === 1
          ? '系統會按該年中文科考試日安排複習，令你在考試當日記得最多。之後可在「設定」更改。'
          : `約 ${Math.ceil((goal * 20) / 60)} 分鐘。答錯的題目會按時回來，讓你在考試前溫熟。`}
      </p>
      <div className="first-guide-actions">
        {step === 1 ? (
          <>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={save.isPending}
              onClick={() => save.mutate({ guideCompleted: true })}
            >
              稍後再說
            </button>
            <button type="button" className="btn btn-primary" onClick={() => setStep(2)}>
              下一步
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setStep(1)}>
              上一步
            </button>
            <button type="button" className="btn btn-primary" disabled={save.isPending} onClick={finish}>
              {save.isPending ? '儲存中...' : '開始第一次練習'}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/** One step's choices: a radio per value, shown with its unit (「2027 年」, 「20 題」). */
function GuideChoices({
  legend,
  values,
  unit,
  chosen,
  onChoose,
}: {
  legend: string;
  values: readonly number[];
  unit: string;
  chosen: number;
  onChoose: (value: number) => void;
}) {
  const name = useId();
  return (
    <fieldset className="first-guide-choices">
      <legend className="visually-hidden">{legend}</legend>
      {values.map((value) => (
        <label key={value} className="first-guide-choice">
          <input
            type="radio"
            name={name}
            value={value}
            checked={chosen === value}
            onChange={() => onChoose(value)}
          />
          <span>
            {value} {unit}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
