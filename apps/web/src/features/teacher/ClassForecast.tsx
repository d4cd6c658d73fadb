/**
 * The class's review plans on the class page (issue 21): who is behind on reviews first, then a table per
 * learner (exam date, due today, overdue, done today of the goal, predicted recall on their exam day,
 * reviews a day), and per set text the class's predicted recall on the exam day as a chart.
 */
import { useQuery } from '@tanstack/react-query';
import type { ClassForecast as ClassForecastData, ClassLearnerForecast } from '@wenyan/contracts';
import { Link } from 'react-router-dom';
import { BarChart } from '../../components/charts/BarChart.tsx';
import { ErrorState, Skeletons } from '../../components/states.tsx';
import { examDateLabel, perDayLabel, shareLabel } from '../../lib/review-format.ts';
import { classForecastQuery, failureMessage } from '../../lib/teacher.ts';
import { learnerLabel, learnerName } from '../../lib/teacher-format.ts';

/** Behind first (most overdue first), then by name. */
export function forecastOrder(learners: readonly ClassLearnerForecast[]): ClassLearnerForecast[] {
  return [...learners].sort(
    (a, b) =>
      Number(b.behind) - Number(a.behind) ||
      b.overdue - a.overdue ||
      learnerName(a).localeCompare(learnerName(b), 'zh-HK'),
  );
}

export function ClassForecast({ classId }: { classId: string }) {
  const forecast = useQuery(classForecastQuery(classId));
  return (
    <section className="tc-forecast" aria-labelledby="tc-forecast-title" data-testid="class-forecast">
      <h2 className="tc-section-title" id="tc-forecast-title">
        複習進度
      </h2>
      {forecast.isPending ? (
        <Skeletons count={1} height={160} />
      ) : forecast.isError ? (
        <ErrorState message={failureMessage(forecast.error)} onRetry={() => void forecast.refetch()} />
      ) : (
        <ForecastBody data={forecast.data} classId={classId} />
      )}
    </section>
  );
}

function ForecastBody({ data, classId }: { data: ClassForecastData; classId: string }) {
  const rows = forecastOrder(data.learners);
  const behind = rows.filter((l) => l.behind);
  if (rows.length === 0) return <p className="muted">班內暫時未有學生。</p>;
  return (
    <>
      <p className={behind.length > 0 ? 'text-brick tc-behind' : 'muted'} data-testid="class-behind">
        {behind.length > 0
          ? `${behind.length} 名學生落後於複習進度：${behind.map(learnerName).join('、')}`
          : '全班都跟上複習進度。'}
      </p>
      <div className="tc-table-wrap">
        <table className="tc-table" data-testid="forecast-table">
          <caption className="visually-hidden">每名學生的複習計劃，落後的學生排在最前</caption>
          <thead>
            <tr>
              <th scope="col">學生</th>
              <th scope="col">考試日</th>
              <th scope="col" className="tc-num">
                今日待複習
              </th>
              <th scope="col" className="tc-num">
                逾期未複習
              </th>
              <th scope="col" className="tc-num">
                今日完成／目標
              </th>
              <th scope="col" className="tc-num">
                考試日預計記得
              </th>
              <th scope="col" className="tc-num">
                每日複習
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((learner) => (
              <tr
                key={learner.id}
                data-testid="forecast-row"
                className={learner.behind ? 'is-behind' : undefined}
              >
                <th scope="row">
                  <Link className="tc-learner-link" to={`/teacher/learners/${learner.id}?class=${classId}`}>
                    {learnerLabel(learner, rows)}
                  </Link>
                  {learner.behind ? <span className="badge tc-behind-badge">落後</span> : null}
                </th>
                <td>{examDateLabel(learner.examDate)}</td>
                <td className="tc-num">{learner.dueToday}</td>
                <td className="tc-num">{learner.overdue}</td>
                <td className="tc-num">
                  {learner.reviewedToday}／{learner.dailyGoal}
                </td>
                <td className="tc-num">
                  {learner.cardCount > 0 ? shareLabel(learner.predictedRecall) : '—'}
                  <span className="muted tc-small">（目標 {shareLabel(learner.targetRecall)}）</span>
                </td>
                <td className="tc-num">{perDayLabel(learner.reviewsPerDay)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.lessons.length > 0 ? (
        <BarChart
          title="各篇範文：全班考試日預計記得的比例"
          description="按每名學生自己的考試日計算，未再複習的情況下預計記得的題目比例。"
          rows={data.lessons.map((lesson) => ({
            key: String(lesson.lessonId),
            label: lesson.title,
            value: lesson.predictedRecall * 100,
            valueLabel: shareLabel(lesson.predictedRecall),
            detail: `${lesson.learnerCount} 名學生、${lesson.cardCount} 張卡，逾期 ${lesson.overdue} 張`,
          }))}
          max={100}
          axisLabel="考試日預計記得（%）"
          columns={{ label: '範文', value: '預計記得', detail: '學生、卡數及逾期' }}
          testId="class-forecast-lessons"
        />
      ) : null}
    </>
  );
}
