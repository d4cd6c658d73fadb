/**
 * 「今日複習」 at the top of the lobby (issue 21; UI.md): the cards due today, the minutes they take, the
 * daily goal's progress and one button that starts the review session. Nothing due: a line of praise.
 * On the initial route, so it is tiny: no chart, only counts (`limit: 0`).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ProgressBar } from '../../components/states.tsx';
import { dueReviewsQuery, reviewMinutes, reviewPath } from '../../lib/reviews.ts';

export function TodayReview({ userId }: { userId: string }) {
  const due = useQuery(dueReviewsQuery(userId));
  if (!due.data) return null;
  const { dueCount, reviewedToday, dailyGoal } = due.data;
  const goalDone = reviewedToday >= dailyGoal;
  return (
    <section className="card today-review" aria-labelledby="today-review-title" data-testid="today-review">
      <div className="today-review-head">
        <h2 id="today-review-title">今日複習</h2>
        <Link className="today-review-plan" to="/review/plan">
          溫習計劃
        </Link>
      </div>
      {dueCount > 0 ? (
        <p className="today-review-due">
          <strong data-testid="today-review-count">{dueCount}</strong> 題待複習
          <span className="muted"> · 約 {reviewMinutes(dueCount)} 分鐘</span>
        </p>
      ) : (
        <p className="today-review-due" data-testid="today-review-done">
          {reviewedToday > 0 ? '今日要複習的都完成了，做得好！' : '今日沒有要複習的題目，去學點新東西吧。'}
        </p>
      )}
      <div className="today-review-goal">
        <span>每日目標</span>
        <span data-testid="today-review-goal">
          {Math.min(reviewedToday, dailyGoal)} / {dailyGoal}
          {goalDone ? ' ✓' : ''}
        </span>
      </div>
      <ProgressBar value={(reviewedToday / dailyGoal) * 100} label="每日複習目標進度" tone="gold" />
      {dueCount > 0 ? (
        <Link className="btn btn-primary btn-block" to={reviewPath.due}>
          開始複習
        </Link>
      ) : null}
    </section>
  );
}
