/**
 * /rank: the live leaderboard (spec part 2 §2): learner count, own rank, streak card with the
 * broken-streak modal, the top ten, and three summary tiles. Rows slide when another learner's
 * answer changes the order.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import type { LeaderboardEntry, User } from '@wenyan/contracts';
import { displayName, STREAK_BADGE_STATUSES, STREAK_BROKEN_MODAL, streakBadgeStatus } from '@wenyan/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FlameIcon } from '../../components/icons.tsx';
import { EmptyState, ErrorState, PageHeader, StatCard } from '../../components/page.tsx';
import { Skeletons } from '../../components/states.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { accuracyShown, countLabel } from '../../lib/figures.ts';
import { leaderboardVisibilityQuery } from '../../lib/homework.ts';
import { userStatsQuery } from '../../lib/progress.ts';
import { boardNames } from './boardNames.ts';
import { useFlip, useLiveLeaderboard } from './useLiveLeaderboard.ts';
import './rank.css';

function EntryAvatar({ entry }: { entry: LeaderboardEntry }) {
  if (entry.profileImageUrl) {
    return (
      <img className="rk-avatar" src={entry.profileImageUrl} alt="" width={40} height={40} loading="lazy" />
    );
  }
  return (
    <span className="rk-avatar" aria-hidden="true">
      {Array.from(displayName(entry))[0] ?? '學'}
    </span>
  );
}

/** The board's accuracy, to one decimal; 「—」 when there is no figure (no answers yet). */
function accuracy(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)}%`;
}

/**
 * /rank: the global board, unless a teacher of one of the learner's classes hid it; a link to the
 * class leagues either way.
 */
export function RankPage() {
  const visibility = useQuery(leaderboardVisibilityQuery);
  if (visibility.isPending) return <Skeletons count={4} height={72} />;
  if (visibility.data?.globalHidden) {
    return (
      <main className="page rank" data-testid="rank-page">
        <PageHeader title="排行榜" />
        <section className="card" data-testid="rank-hidden">
          <p>老師已為你的班別隱藏全港排行榜。</p>
          <Link className="btn btn-primary" to="/leagues">
            查看班級聯賽
          </Link>
        </section>
      </main>
    );
  }
  return <GlobalRank />;
}

function GlobalRank() {
  const user = useCurrentUser();
  const { board, status } = useLiveLeaderboard();
  const data = board.data;
  const me = data?.me ?? null;
  const order = (data?.top ?? []).map((entry) => entry.id);
  const flip = useFlip(order);
  const meInTop = me !== null && order.includes(me.entry.id);
  const names = boardNames(data);
  const myStats = useQuery({ ...userStatsQuery(user.data?.id ?? ''), enabled: Boolean(user.data) });
  const myAccuracy = me ? accuracyShown(me.entry.averageAccuracy, myStats.data) : null;

  return (
    <main className="page rank" data-testid="rank-page">
      <PageHeader title="排行榜">
        <span className={`rk-live is-${status}`} data-testid="rank-live">
          {status === 'live' ? '即時更新' : status === 'reconnecting' ? '重新連線中...' : '連線中...'}
        </span>
      </PageHeader>
      {board.isPending ? (
        <div data-testid="rank-skeleton">
          <Skeletons count={4} height={72} />
        </div>
      ) : board.isError ? (
        <ErrorState onRetry={() => void board.refetch()} />
      ) : (
        <>
          <p>
            <Link to="/leagues">班級聯賽 →</Link>
          </p>
          <p className="muted rk-total" data-testid="rank-total">
            共 {data?.total ?? 0} 位同學正在競爭
          </p>
          {me ? (
            <section className="card rk-me" data-testid="rank-me">
              <span className="rk-me-rank">#{me.rank}</span>
              <div className="rk-me-body">
                <strong>{names.get(me.entry.id) ?? displayName(me.entry)}</strong>
                <span className="muted">
                  {countLabel(me.entry.totalXP)} XP · 完成 {me.entry.completedLessons} 課 · 平均準確率{' '}
                  {accuracy(myAccuracy)}
                </span>
              </div>
            </section>
          ) : null}
          {user.data ? <StreakCard user={user.data} /> : null}

          <h2 className="p2-section-title">頭十名</h2>
          {data && data.top.length > 0 ? (
            <ol className="rk-list" data-testid="rank-list">
              {data.top.map((entry) => (
                <Row
                  key={entry.id}
                  entry={entry}
                  name={names.get(entry.id) ?? displayName(entry)}
                  isMe={entry.id === user.data?.id}
                  rowRef={flip(entry.id)}
                />
              ))}
              {me && !meInTop ? (
                <>
                  <li className="rk-gap" aria-hidden="true">
                    ⋯
                  </li>
                  <Row
                    entry={{ ...me.entry, rank: me.rank }}
                    name={names.get(me.entry.id) ?? displayName(me.entry)}
                    isMe
                    rowRef={flip(me.entry.id)}
                    pinned
                  />
                </>
              ) : null}
            </ol>
          ) : (
            <EmptyState title="暫無排行榜資料">
              <p className="muted">完成練習獲得經驗值，就會登上排行榜。</p>
            </EmptyState>
          )}

          <h2 className="p2-section-title">我的成績</h2>
          <div className="p2-stats p2-stats-3">
            <StatCard
              label="總經驗值"
              value={countLabel(me?.entry.totalXP ?? user.data?.totalXP ?? 0)}
              tone="gold"
            />
            <StatCard label="完成課程" value={me?.entry.completedLessons ?? 0} tone="jade" />
            <StatCard label="平均準確率" value={accuracy(myAccuracy)} tone="seal" />
          </div>
        </>
      )}
    </main>
  );
}

function Row({
  entry,
  name,
  isMe,
  rowRef,
  pinned = false,
}: {
  entry: LeaderboardEntry;
  /** The shown name, with a namesake tag when another learner on the board shows the same. */
  name: string;
  isMe: boolean;
  rowRef: (node: HTMLElement | null) => void;
  pinned?: boolean;
}) {
  return (
    <li
      ref={rowRef}
      className={`rk-row${isMe ? ' is-me' : ''}${pinned ? ' is-pinned' : ''}`}
      data-testid="rank-row"
      data-user-id={entry.id}
      aria-current={isMe ? 'true' : undefined}
    >
      <span className="rk-rank" data-testid="rank-number">
        {entry.rank <= 3 ? (
          // A gold, silver or bronze disc with the rank: drawn with CSS, not a medal emoji, which a
          // device without an emoji font shows as an empty box.
          <span className={`rk-medal rk-medal-${entry.rank}`} role="img" aria-label={`第 ${entry.rank} 名`}>
            {entry.rank}
          </span>
        ) : (
          entry.rank
        )}
      </span>
      <EntryAvatar entry={entry} />
      <div className="rk-who">
        <span className="rk-name">
          {name}
          {isMe ? <span className="rk-you">（你）</span> : null}
        </span>
        <span className="rk-school">{entry.schoolName ?? '未設定學校'}</span>
        <span className="rk-figures">
          <span>{entry.completedLessons} 課</span>
          <span>準確率 {accuracy(entry.averageAccuracy)}</span>
          <span>連續 {entry.streakDays} 天</span>
        </span>
      </div>
      <span className="rk-xp" data-testid="rank-xp">
        {countLabel(entry.totalXP)}
        <small>XP</small>
      </span>
    </li>
  );
}

function StreakCard({ user }: { user: User }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const status = streakBadgeStatus(user.streakDays, user.lastActiveDate, Date.now());
  const badge = STREAK_BADGE_STATUSES[status];
  return (
    <section className={`card rk-streak is-${badge.colour}`} data-testid="rank-streak">
      <FlameIcon size={28} className="rk-streak-icon" />
      <div className="rk-streak-body">
        <strong>{status === 'in_progress' ? `連續 ${user.streakDays} 天` : badge.label}</strong>
        <span className="rk-streak-status">{badge.label}</span>
      </div>
      {status === 'broken' ? (
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger asChild>
            <button type="button" className="btn btn-sm">
              查看
            </button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="p2-dialog-overlay" />
            <Dialog.Content className="p2-dialog">
              <Dialog.Title>{STREAK_BROKEN_MODAL.title}</Dialog.Title>
              <Dialog.Description>{STREAK_BROKEN_MODAL.message}</Dialog.Description>
              <div className="p2-dialog-actions">
                <Dialog.Close asChild>
                  <button type="button" className="btn">
                    {STREAK_BROKEN_MODAL.close}
                  </button>
                </Dialog.Close>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => {
                    setOpen(false);
                    navigate('/');
                  }}
                >
                  {STREAK_BROKEN_MODAL.restart}
                </button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : null}
    </section>
  );
}
