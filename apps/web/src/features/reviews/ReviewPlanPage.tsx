/**
 * /review/plan 「溫習計劃」 (issue 21): the forecast the learner can read. The exam date and the days left,
 * the share of cards recalled on the exam day as things stand and if the plan is followed, per lesson as a
 * bar chart against the target, and the reviews the plan asks for each day until the exam as a column
 * chart (the exam day marked). Reached from the lobby's 「今日複習」 and from the profile.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReviewForecast, User } from '@wenyan/contracts';
import { Link } from 'react-router-dom';
import { BarChart } from '../../components/charts/BarChart.tsx';
import { ColumnChart } from '../../components/charts/ColumnChart.tsx';
import { EmptyState, LoadingState, PageHeader, StatCard } from '../../components/page.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { SignedIn } from '../../components/SignedIn.tsx';
import { daysToExamLabel, examDateLabel, perDayLabel, shareLabel } from '../../lib/review-format.ts';
import { reviewForecastQuery, reviewPath } from '../../lib/reviews.ts';
import './reviews.css';

export function ReviewPlanPage() {
  return <SignedIn>{(user) => <Plan user={user} />}</SignedIn>;
}

function Plan({ user }: { user: User }) {
  const forecast = useQuery(reviewForecastQuery(user.id));
  return (
    <main className="page review-plan" data-testid="review-plan">
      <PageHeader title="溫習計劃" back="/" backLabel="返回主頁">
        <Link className="btn btn-sm" to="/settings#review-settings">
          更改考試日
        </Link>
      </PageHeader>
      <QueryBoundary query={forecast} loading={<LoadingState label="正在計算溫習計劃..." />}>
        {(loaded) => <Forecast forecast={loaded} />}
      </QueryBoundary>
    </main>
  );
}

/** The forecast: the figures, then one chart per idea. */
export function Forecast({ forecast }: { forecast: ReviewForecast }) {
  const target = Math.round(forecast.targetRecall * 100);
  return (
    <>
      <section className="card plan-exam" aria-label="考試日">
        <p className="plan-exam-date">
          考試日：<strong data-testid="plan-exam-date">{examDateLabel(forecast.examDate)}</strong>
          <span className="muted">
            （{forecast.examDateSource === 'learner' ? '你自己設定' : '學校預設'}）
          </span>
        </p>
        <p className="plan-exam-days">{daysToExamLabel(forecast.daysToExam)}</p>
      </section>
      {forecast.cardCount === 0 ? (
        <EmptyState title="未有複習卡">
          <p className="muted">答過的每一題都會成為複習卡，系統會按考試日安排它們回來。</p>
          <Link className="btn btn-primary" to="/">
            去練習
          </Link>
        </EmptyState>
      ) : (
        <>
          <div className="p2-stats" data-testid="plan-figures">
            <StatCard label="考試日預計記得" value={shareLabel(forecast.predictedRecall)} tone="seal" />
            <StatCard label="按計劃複習後" value={shareLabel(forecast.plannedRecall)} tone="jade" />
            <StatCard label="每日平均複習" value={`${perDayLabel(forecast.reviewsPerDay)} 題`} tone="gold" />
            <StatCard label="今日待複習" value={forecast.dueToday} />
          </div>
          {forecast.dueToday > 0 ? (
            <Link className="btn btn-primary btn-block plan-start" to={reviewPath.due}>
              開始今日複習（{forecast.dueToday} 題）
            </Link>
          ) : null}
          <section className="card plan-chart">
            <BarChart
              title="各課在考試日預計記得的比例"
              description={`如不再複習，考試當日預計記得的題目比例；虛線為目標 ${target}%。`}
              rows={forecast.lessons.map((lesson) => ({
                key: String(lesson.lessonId),
                label: lesson.title,
                value: lesson.predictedRecall * 100,
                valueLabel: shareLabel(lesson.predictedRecall),
                detail: `${lesson.cardCount} 張卡，按計劃複習後 ${shareLabel(lesson.plannedRecall)}，今日待複習 ${lesson.dueToday} 題`,
              }))}
              max={100}
              axisLabel="考試日預計記得（%）"
              columns={{ label: '課文', value: '預計記得', detail: '卡數及計劃' }}
              target={{ value: target, label: `目標 ${target}%` }}
              testId="forecast-lessons"
            />
          </section>
          {forecast.days.length > 0 ? (
            <section className="card plan-chart">
              <ColumnChart
                title="考試前每日要複習的題數"
                weeklyTitle="考試前每週要複習的題數"
                description={`按計劃，由今日至考試前一日，平均每日 ${perDayLabel(forecast.reviewsPerDay)} 題。`}
                points={forecast.days.map((d) => ({ date: d.date, value: d.reviews }))}
                axisLabel="複習題數"
                marker={{ date: forecast.examDate, label: '考試日' }}
                columns={{ date: '日期', value: '複習題數' }}
                testId="forecast-days"
              />
            </section>
          ) : null}
        </>
      )}
    </>
  );
}
