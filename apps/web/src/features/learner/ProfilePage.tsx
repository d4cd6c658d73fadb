/**
 * /profile: name, level, school (inline edit), XP bar, three tiles, accuracy by kind of knowledge and the
 * way to the review plan (issue 21), six achievements, recent study records and sign-out (spec part 2 §2). The level follows the header's curve (domain levelInfo).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User, UserStatsRecord } from '@wenyan/contracts';
import {
  achievements,
  displayName,
  effectiveStreakDays,
  levelInfo,
  normaliseSchoolName,
  percentLabel,
  STREAK_BADGE_STATUSES,
  streakBadgeStatus,
} from '@wenyan/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Avatar } from '../../components/Avatar.tsx';
import {
  BookIcon,
  CapIcon,
  LockIcon,
  SproutIcon,
  StarIcon,
  TargetIcon,
  TrophyIcon,
} from '../../components/icons.tsx';
import { KnowledgeTagsCard } from '../../components/KnowledgeTagsCard.tsx';
import { EmptyState, LoadingState, PageHeader, StatCard } from '../../components/page.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { SignedIn } from '../../components/SignedIn.tsx';
import { ProgressBar } from '../../components/states.tsx';
import { accuracySentence, accuracyShown, countLabel } from '../../lib/figures.ts';
import { submitted } from '../../lib/forms.ts';
import { lessonsQuery } from '../../lib/lessons.ts';
import { userStatsQuery } from '../../lib/progress.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import { notify } from '../../lib/toast.ts';
import { updateSchool } from './api.ts';
import './learner.css';

/** How many study records the profile shows before "view all". */
export const RECENT_RECORDS_SHOWN = 5;

/** Each achievement's icon: drawn, not emoji, which a device without an emoji font shows as empty boxes. */
const ACHIEVEMENT_ICONS: Record<string, typeof StarIcon> = {
  first_lesson: SproutIcon,
  diligent: BookIcon,
  scholar: CapIcon,
  sharpshooter: TargetIcon,
  experienced: StarIcon,
  master: TrophyIcon,
};

function AchievementIcon({ id, unlocked }: { id: string; unlocked: boolean }) {
  const Icon = unlocked ? (ACHIEVEMENT_ICONS[id] ?? StarIcon) : LockIcon;
  return <Icon size={28} />;
}

/**
 * The learner's figures the profile and the streak page show: the server's (the same the teacher's
 * table and the leaderboard show), never recomputed here.
 */
export function learnerFigures(user: User) {
  return { completedLessons: user.completedLessons, averageAccuracy: user.averageAccuracy };
}

export function ProfilePage() {
  return <SignedIn retryOnError>{(user) => <Profile user={user} />}</SignedIn>;
}

function Profile({ user }: { user: User }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const stats = useQuery(userStatsQuery(user.id));
  const level = levelInfo(user.totalXP);
  const figures = learnerFigures(user);
  const accuracy = accuracyShown(figures.averageAccuracy, stats.data);
  const streak = effectiveStreakDays(user.streakDays, user.lastActiveDate, Date.now());
  const streakStatus =
    STREAK_BADGE_STATUSES[streakBadgeStatus(user.streakDays, user.lastActiveDate, Date.now())];
  const badges = achievements({ ...figures, totalXP: user.totalXP });

  return (
    <main className="page profile" data-testid="profile-page">
      <PageHeader title="個人檔案" />
      <section className="card pf-hero">
        <Avatar user={user} size={64} />
        <div className="pf-who">
          <h2 className="pf-name" data-testid="profile-name">
            {displayName(user)}
          </h2>
          <p className="pf-level">
            <span className="badge badge-gold">Lv.{level.level}</span> {level.title}
          </p>
          <p className={`pf-streak-status is-${streakStatus.colour}`} data-testid="profile-streak-status">
            {streakStatus.label}
          </p>
          <SchoolEditor user={user} />
        </div>
      </section>

      <section className="card pf-xp" aria-label="經驗值">
        <div className="row">
          <strong>經驗值</strong>
          <span className="spacer" />
          <span className="pf-xp-figure" data-testid="profile-xp">
            {countLabel(user.totalXP)} / {countLabel(level.nextLevelStartXP)} XP
          </span>
        </div>
        <ProgressBar value={level.xpProgress.progress} label="升級進度" tone="gold" />
        <p className="muted pf-xp-hint">
          距離 Lv.{level.level + 1} 還需 {countLabel(level.xpProgress.remaining)} XP
        </p>
      </section>

      <div className="p2-stats p2-stats-3">
        <StatCard
          label="完成課程"
          value={figures.completedLessons}
          tone="jade"
          onClick={() => navigate('/')}
          testId="tile-lessons"
        />
        <StatCard
          label="平均準確率"
          value={percentLabel(accuracy)}
          tone="seal"
          onClick={() =>
            notify({
              title: '平均準確率',
              description: accuracySentence(accuracy === null ? null : percentLabel(accuracy)),
            })
          }
          testId="tile-accuracy"
        />
        <StatCard
          label="連續天數"
          value={streak}
          tone="flame"
          onClick={() => navigate('/streak')}
          testId="tile-streak"
        />
      </div>

      <KnowledgeTagsCard userId={user.id} />
      <Link className="btn btn-block pf-plan" to="/review/plan">
        溫習計劃：考試日預測
      </Link>

      <h2 className="p2-section-title">成就徽章</h2>
      <div className="pf-badges">
        {badges.map((badge) => (
          <button
            key={badge.id}
            type="button"
            className={`pf-badge${badge.unlocked ? ' is-unlocked' : ''}`}
            data-testid="achievement"
            onClick={() =>
              notify(
                badge.unlocked
                  ? { title: '恭喜！', description: badge.toast, variant: 'success' }
                  : { title: '尚未解鎖', description: `要求：${badge.requirement}` },
              )
            }
          >
            <span className="pf-badge-icon" aria-hidden="true">
              <AchievementIcon id={badge.id} unlocked={badge.unlocked} />
            </span>
            <span className="pf-badge-name">{badge.name}</span>
            <span className="pf-badge-req">{badge.requirement}</span>
          </button>
        ))}
      </div>

      <h2 className="p2-section-title">最近學習紀錄</h2>
      <StudyRecords stats={stats} />

      <button type="button" className="btn btn-block pf-logout" onClick={signOut}>
        登出
      </button>
    </main>
  );
}

function StudyRecords({ stats }: { stats: ReturnType<typeof useQuery<UserStatsRecord[]>> }) {
  const navigate = useNavigate();
  const lessons = useQuery(lessonsQuery);
  const [showAll, setShowAll] = useState(false);
  return (
    <QueryBoundary
      query={stats}
      loading={<LoadingState label="載入學習紀錄中..." />}
      isEmpty={(records) => records.length === 0}
      empty={
        <EmptyState title="尚未有學習紀錄">
          <button type="button" className="btn btn-primary" onClick={() => navigate('/')}>
            開始學習
          </button>
        </EmptyState>
      }
    >
      {(records) => {
        const shown = showAll ? records : records.slice(0, RECENT_RECORDS_SHOWN);
        const titleOf = (id: number) => lessons.data?.find((l) => l.id === id)?.title;
        return (
          <>
            <ul className="pf-records">
              {shown.map((record) => (
                <li key={record.lessonId}>
                  <button
                    type="button"
                    className="card pf-record"
                    data-testid="study-record"
                    onClick={() => navigate(`/lesson/${record.lessonId}/roadmap`)}
                  >
                    <span className="pf-record-title">
                      <span className="muted">第 {record.lessonId} 課</span> {titleOf(record.lessonId) ?? ''}
                    </span>
                    <span className="pf-record-figures">
                      <span>完成 {record.progressPercent}%</span>
                      <span className="text-gold">+{record.xpEarned} XP</span>
                      <span>準確率 {percentLabel(accuracyShown(record.accuracy, [record]))}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {records.length > RECENT_RECORDS_SHOWN ? (
              <button type="button" className="btn btn-block" onClick={() => setShowAll(!showAll)}>
                {showAll ? '只顯示最近紀錄' : `查看全部紀錄（${records.length}）`}
              </button>
            ) : null}
          </>
        );
      }}
    </QueryBoundary>
  );
}

function SchoolEditor({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const save = useMutation({
    mutationFn: (schoolName: string) => updateSchool(user.id, schoolName),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.currentUser, updated);
      // The answer is the updated user; read models catch up on their own, so only mark them stale.
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard, refetchType: 'none' });
      setEditing(false);
      notify({ title: '學校名稱已更新', description: '你的學校資料已儲存', variant: 'success' });
    },
    onError: () => {
      notify({ title: '更新失敗', description: '未能更新學校名稱，請稍後再試', variant: 'destructive' });
    },
  });
  const trimmed = normaliseSchoolName(draft);
  const saveSchool = () => {
    if (trimmed && !save.isPending) save.mutate(trimmed);
  };

  if (!editing) {
    return (
      <p className="pf-school">
        <span data-testid="school-name">{user.schoolName ?? '未設定學校'}</span>
        <button
          type="button"
          className="icon-btn pf-pencil"
          aria-label="編輯學校名稱"
          onClick={() => {
            setDraft(user.schoolName ?? '');
            setEditing(true);
          }}
        >
          ✎
        </button>
      </p>
    );
  }
  return (
    <form className="pf-school-form" onSubmit={submitted(saveSchool)}>
      <label className="visually-hidden" htmlFor="school-input">
        學校名稱
      </label>
      <input
        id="school-input"
        className="input"
        value={draft}
        maxLength={100}
        placeholder="輸入學校名稱"
        onChange={(event) => setDraft(event.target.value)}
        // biome-ignore lint/a11y/noAutofocus: the learner just asked to edit this field
        autoFocus
      />
      <div className="row">
        <button type="submit" className="btn btn-primary btn-sm" disabled={!trimmed || save.isPending}>
          {save.isPending ? '儲存中...' : '確認'}
        </button>
        <button type="button" className="btn btn-sm" onClick={() => setEditing(false)}>
          取消
        </button>
      </div>
    </form>
  );
}
