import { useQuery } from '@tanstack/react-query';
import type { Lesson, User } from '@wenyan/contracts';
import { levelInfo, readingMinutes } from '@wenyan/domain';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EraChips } from '../../components/fields.tsx';
import { BrainIcon, MicIcon, PenIcon, ScrollIcon, StarIcon } from '../../components/icons.tsx';
import { ErrorState, ProgressBar, Skeletons } from '../../components/states.tsx';
import { currentUserQuery } from '../../lib/current-user.ts';
import { countLabel } from '../../lib/figures.ts';
import { lessonsQuery } from '../../lib/lessons.ts';
import { userStatsQuery } from '../../lib/progress.ts';
import { DIFFICULTY_LABELS } from '../../lib/question-types.ts';
import { dueReviewsQuery, reviewSettingsQuery } from '../../lib/reviews.ts';
import { isTeacherUser } from '../../lib/roles.ts';
import { FirstGuide } from './FirstGuide.tsx';
import { LobbyHomework } from './LobbyHomework.tsx';
import { extrasReady, readSettled } from './lobby-ready.ts';
import { TodayReview } from './TodayReview.tsx';
import './lobby.css';

/**
 * The era chips. The spec lists 全部, 唐代, 宋代, 戰國, 三國, 春秋戰國, 漢代 for its own catalogue; the
 * verified set texts name their pre-Qin era 先秦, so the chips are 全部 plus the eras of the texts, in
 * time order (see CONTEXT.md).
 */
const ERA_ORDER = ['先秦', '春秋戰國', '戰國', '漢代', '三國', '唐代', '宋代', '明代', '清代'];

const SHORTCUTS = [
  { to: '/vocabulary', label: '詞意', Icon: PenIcon },
  { to: '/dse-pastpapers', label: 'DSE 模擬試題', Icon: ScrollIcon },
  { to: '/memorization', label: '背誦', Icon: MicIcon },
  { to: '/mindmap', label: '心智圖', Icon: BrainIcon },
] as const;

/** Teachers' card, loaded only for teachers (the lobby's budget is the students'). */
const TeacherLobbyCard = lazy(() =>
  import('./TeacherLobbyCard.tsx').then((m) => ({ default: m.TeacherLobbyCard })),
);

/** A lesson card; `progress` is the server's figure (the stats record's progressPercent). */
function LessonCard({ lesson, progress }: { lesson: Lesson; progress: number }) {
  const navigate = useNavigate();
  const to = `/lesson/${lesson.id}/types`;
  return (
    // The whole card opens the lesson; the button is the keyboard and screen-reader way in.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the card's link button handles keyboard use
    <article className="card lesson-card" data-testid="lesson-card" onClick={() => navigate(to)}>
      <div className="lesson-card-head">
        <h2>{lesson.title}</h2>
        <span className={`badge difficulty-${lesson.difficulty}`}>
          {DIFFICULTY_LABELS[lesson.difficulty]}
        </span>
      </div>
      <p className="lesson-author">{lesson.author}</p>
      {lesson.description ? <p className="lesson-description line-clamp">{lesson.description}</p> : null}
      <div className="lesson-progress-label">
        <span>學習進度</span>
        <span data-testid="lesson-progress">{progress}%</span>
      </div>
      <ProgressBar value={progress} label={`${lesson.title} 學習進度`} />
      <div className="meta">
        <span>{lesson.characterCount} 字</span>
        <span>約 {readingMinutes(lesson.characterCount)} 分鐘</span>
        <span>{lesson.era}</span>
      </div>
      <Link className="btn btn-primary btn-block" to={to} onClick={(e) => e.stopPropagation()}>
        進入課程
      </Link>
    </article>
  );
}

function XpSummary({ user }: { user: User }) {
  const info = levelInfo(user.totalXP);
  return (
    <div className="lobby-xp">
      <StarIcon size={18} />
      <strong>{countLabel(user.totalXP)} XP</strong>
      <span className="badge badge-gold">{info.title}</span>
    </div>
  );
}

/** The lobby (/): the shelf of the sixteen set texts, the era chips and the four shortcuts. */
export function LobbyPage() {
  const user = useQuery(currentUserQuery).data;
  const lessons = useQuery(lessonsQuery);
  const stats = useQuery({ ...userStatsQuery(user?.id ?? ''), enabled: Boolean(user) });
  const settings = useQuery({ ...reviewSettingsQuery(user?.id ?? ''), enabled: Boolean(user) });
  const due = useQuery({ ...dueReviewsQuery(user?.id ?? ''), enabled: Boolean(user) });
  // The shelf waits for the learner's own cards (guide, 今日複習) so they all appear in one paint, but
  // not for a network that is not there: offline it shows what it has (lobby-ready.ts).
  const ready = extrasReady(Boolean(user), [settings, due]);
  const [era, setEra] = useState<string>('全部');

  // The shelf is drawn from deferred copies of the reads: a query's answer re-renders at once and in one
  // task (React cannot slice a store's update), so the sixteen cards are drawn in the deferred render
  // that follows, which React slices and yields between (on a slow phone the shelf was one task of
  // 70–120 ms; Lighthouse counts each task's time over 50 ms as blocking).
  const view: 'loading' | 'error' | 'shelf' =
    (lessons.isPending && !readSettled(lessons)) || !ready
      ? 'loading'
      : lessons.isError || !lessons.data
        ? 'error'
        : 'shelf';
  const shownView = useDeferredValue(view);
  const lessonList = useDeferredValue(lessons.data);
  const statList = useDeferredValue(stats.data);
  const guideCompleted = useDeferredValue(settings.data?.guideCompleted);
  const present = new Set((lessonList ?? []).map((l) => l.era));
  const eras = [
    '全部',
    ...ERA_ORDER.filter((e) => present.has(e)),
    ...[...present].filter((e) => !ERA_ORDER.includes(e)),
  ];
  const shown = (lessonList ?? []).filter((l) => era === '全部' || l.era === era);
  const progressByLesson = new Map((statList ?? []).map((s) => [s.lessonId, s.progressPercent]));

  return (
    <main className="page lobby">
      <div className="page-header">
        <h1 className="page-title">DSE 範文庫</h1>
        {user ? <XpSummary user={user} /> : null}
      </div>
      <nav className="shortcuts" aria-label="學習捷徑">
        {SHORTCUTS.map(({ to, label, Icon }) => (
          <Link key={to} to={to} className="shortcut">
            <span className="shortcut-icon icon-tile">
              <Icon />
            </span>
            <span>{label}</span>
          </Link>
        ))}
      </nav>
      <EraChips eras={eras} era={era} onChange={setEra} />
      {shownView === 'loading' ? (
        <div aria-busy="true">
          <p className="muted" role="status">
            載入課程中...
          </p>
          <Skeletons count={4} height={220} />
        </div>
      ) : shownView === 'error' ? (
        <ErrorState message="未能載入課程，請稍後再試。" onRetry={() => lessons.refetch()} />
      ) : (
        <>
          {/* The learner's own cards sit under the shortcuts and appear with the shelf, in one paint:
              nothing already on screen moves when they arrive (layout shift was the lobby's worst
              Lighthouse figure). */}
          {/* A teacher's first run is their own guide (issue 40), and the lobby links to 教師專區. */}
          {user && isTeacherUser(user) ? (
            <Suspense fallback={null}>
              <TeacherLobbyCard user={user} />
            </Suspense>
          ) : null}
          {user && !isTeacherUser(user) && guideCompleted === false ? <FirstGuide userId={user.id} /> : null}
          {user ? <TodayReview userId={user.id} /> : null}
          {user ? <LobbyHomework /> : null}
          <div className="grid">
            {shown.map((lesson) => (
              <LessonCard key={lesson.id} lesson={lesson} progress={progressByLesson.get(lesson.id) ?? 0} />
            ))}
          </div>
        </>
      )}
    </main>
  );
}
