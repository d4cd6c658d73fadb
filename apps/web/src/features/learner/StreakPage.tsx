/**
 * /streak: the streak count, its status, the title, four stat cards, the milestones and a
 * motivational message (spec part 2 §2, §4 and §9), all from the domain's streak rules.
 */
import { useQuery } from '@tanstack/react-query';
import type { User } from '@wenyan/contracts';
import {
  activeDays,
  effectiveStreakDays,
  motivationalMessage,
  nextStreakMilestone,
  percentLabel,
  STREAK_PAGE_STATUS_LABELS,
  streakMilestones,
  streakPageStatus,
  streakTitle,
} from '@wenyan/domain';
import { FlameIcon } from '../../components/icons.tsx';
import { ErrorState, PageHeader, StatCard } from '../../components/page.tsx';
import { SignedIn } from '../../components/SignedIn.tsx';
import { accuracyShown, countLabel } from '../../lib/figures.ts';
import { userStatsQuery } from '../../lib/progress.ts';
import { learnerFigures } from './ProfilePage.tsx';
import './learner.css';

export function StreakPage() {
  return <SignedIn retryOnError>{(user) => <Streak user={user} />}</SignedIn>;
}

function Streak({ user }: { user: User }) {
  const stats = useQuery(userStatsQuery(user.id));
  const now = Date.now();
  const days = effectiveStreakDays(user.streakDays, user.lastActiveDate, now);
  const status = streakPageStatus(user.streakDays, user.lastActiveDate, now);
  const next = nextStreakMilestone(days);
  const figures = learnerFigures(user);
  return (
    <main className="page streak" data-testid="streak-page">
      <PageHeader title="連續學習" back="/" backLabel="返回主頁" />
      <section className={`card sk-hero is-${status}`}>
        <FlameIcon size={44} className="sk-flame" />
        <span className="sk-count" data-testid="streak-count">
          {days}
        </span>
        <span className="sk-unit">天連續學習</span>
        <span className="badge badge-gold sk-title">{streakTitle(days)}</span>
        <p className="sk-status" data-testid="streak-status">
          {STREAK_PAGE_STATUS_LABELS[status]}
        </p>
      </section>

      <div className="p2-stats">
        <StatCard label="目前連續天數" value={`${days} 天`} tone="flame" />
        <StatCard label="總經驗值" value={countLabel(user.totalXP)} tone="gold" />
        <StatCard label="學習日數" value={stats.isPending ? '—' : activeDays(stats.data ?? [])} tone="jade" />
        <StatCard
          label="平均準確率"
          value={percentLabel(accuracyShown(figures.averageAccuracy, stats.data))}
          tone="seal"
        />
      </div>
      {stats.isError ? <ErrorState onRetry={() => void stats.refetch()} /> : null}

      <h2 className="p2-section-title">里程碑</h2>
      <ol className="sk-milestones">
        {streakMilestones(days).map((milestone) => (
          <li key={milestone.days} className={milestone.reached ? 'is-reached' : ''}>
            <span className="sk-dot" aria-hidden="true">
              {milestone.reached ? '✓' : milestone.days}
            </span>
            <span>{milestone.label}</span>
            <span className="muted">{streakTitle(milestone.days)}</span>
            <span className="spacer" />
            <span className={milestone.reached ? 'text-jade' : 'muted'}>
              {milestone.reached
                ? '已達成'
                : milestone.days === next
                  ? `還差 ${milestone.days - days} 天`
                  : '未達成'}
            </span>
          </li>
        ))}
      </ol>

      <p className="card sk-motivation">{motivationalMessage(days)}</p>
    </main>
  );
}
