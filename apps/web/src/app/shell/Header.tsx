import { useQuery } from '@tanstack/react-query';
import type { User } from '@wenyan/contracts';
import { effectiveStreakDays } from '@wenyan/domain';
import { useAtom } from 'jotai';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/Avatar.tsx';
import { FlameIcon, MoonIcon, RepeatIcon, StarIcon, SunIcon } from '../../components/icons.tsx';
import { countLabel } from '../../lib/figures.ts';
import { darkModeAtom } from '../../lib/preferences.ts';
import { dueReviewsQuery } from '../../lib/reviews.ts';

/** The dark-mode switch: kept in local storage, applied to <html> by the shell. */
export function ThemeToggle() {
  const [dark, setDark] = useAtom(darkModeAtom);
  return (
    <button
      type="button"
      className="icon-btn"
      aria-pressed={dark}
      aria-label="深色模式"
      title={dark ? '切換至淺色模式' : '切換至深色模式'}
      onClick={() => setDark(!dark)}
      data-testid="theme-toggle"
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

/** The header's counted links: the page each opens (its path and its pill's class), icon, words. */
const PILLS = {
  due: { page: 'review', Icon: RepeatIcon, label: (n: number) => `今日複習 ${n} 題` },
  streak: { page: 'streak', Icon: FlameIcon, label: (n: number) => `連續學習 ${n} 日` },
} as const;

/** A count of the header linking to its page, named in words for screen readers. */
function HeaderPill({ kind, value }: { kind: keyof typeof PILLS; value: number }) {
  const { page, Icon, label } = PILLS[kind];
  return (
    <Link
      to={`/${page}`}
      className={`header-pill ${page}-pill`}
      aria-label={label(value)}
      data-testid={`header-${kind}`}
    >
      <Icon size={18} />
      <span>{value}</span>
    </Link>
  );
}

/** The cards due today (→ the review session), shown while any are due. */
function DueReviews({ userId }: { userId: string }) {
  const due = useQuery(dueReviewsQuery(userId)).data?.dueCount ?? 0;
  if (due === 0) return null;
  return <HeaderPill kind="due" value={due} />;
}

/**
 * The header of spec part 1 §1: title, tagline, dark-mode toggle, the due reviews (issue 21, → /review),
 * streak (→ /streak), XP and avatar (→ /profile).
 */
export function Header({ user }: { user: User }) {
  const streak = effectiveStreakDays(user.streakDays, user.lastActiveDate, Date.now());
  const xp = countLabel(user.totalXP);
  return (
    <header className="app-header">
      {/* Named by its visible text (WCAG 2.5.3): 「文言通 AI智能學習平台」. */}
      <Link to="/" className="brand">
        <span className="brand-seal seal-stamp" aria-hidden="true">
          文
        </span>
        <span className="brand-text">
          <span className="brand-title">文言通</span>
          <span className="brand-tagline">AI智能學習平台</span>
        </span>
      </Link>
      <div className="header-actions">
        <ThemeToggle />
        <DueReviews userId={user.id} />
        <HeaderPill kind="streak" value={streak} />
        <Link to="/profile" className="header-pill xp-pill" aria-label={`經驗值 ${xp}`}>
          <StarIcon size={18} />
          <span data-testid="header-xp">{xp}</span>
        </Link>
        <Link to="/profile" className="avatar-link" aria-label="個人檔案">
          <Avatar user={user} />
        </Link>
      </div>
    </header>
  );
}
