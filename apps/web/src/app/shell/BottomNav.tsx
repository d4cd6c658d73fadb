import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import {
  AlertIcon,
  BookIcon,
  HomeIcon,
  LogoutIcon,
  MoreIcon,
  PenIcon,
  ScrollIcon,
  SettingsIcon,
  TrophyIcon,
  UserIcon,
} from '../../components/icons.tsx';
import { currentUserQuery } from '../../lib/current-user.ts';
import { useSignOut } from '../../lib/sign-out.ts';

const MORE_ITEMS = [
  { to: '/error-questions', label: '錯題本', Icon: AlertIcon },
  { to: '/dse-past-papers', label: 'DSE 模擬試題', Icon: ScrollIcon },
  { to: '/vocabulary', label: '詞意練習', Icon: PenIcon },
  { to: '/settings', label: '設定', Icon: SettingsIcon },
] as const;

/**
 * The bottom navigation of spec part 2: home, library, "more" (an expandable panel), rank, profile.
 * The panel also offers sign-out (the spec leaves /settings empty; see CONTEXT.md).
 */
export function BottomNav() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const signOut = useSignOut();
  const { data: user } = useQuery(currentUserQuery);
  const isTeacher = Boolean(user && (user.roles.includes('teacher') || user.roles.includes('admin')));

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the panel whenever the route changes
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const item = (to: string, label: string, Icon: typeof HomeIcon) => (
    <NavLink to={to} end={to === '/'} className="nav-item">
      <Icon />
      <span>{label}</span>
    </NavLink>
  );

  return (
    <nav className="bottom-nav" aria-label="主要導覽" ref={navRef}>
      {open ? (
        <div className="more-panel" id={panelId} data-testid="more-panel">
          {MORE_ITEMS.map(({ to, label, Icon }) => (
            <NavLink key={to} to={to} className="more-item">
              <Icon />
              <span>{label}</span>
            </NavLink>
          ))}
          {isTeacher ? (
            <NavLink to="/teacher" className="more-item">
              <UserIcon />
              <span>教師專區</span>
            </NavLink>
          ) : null}
          <button type="button" className="more-item" onClick={signOut}>
            <LogoutIcon />
            <span>登出</span>
          </button>
        </div>
      ) : null}
      <div className="nav-bar">
        {item('/', '主頁', HomeIcon)}
        {item('/library', '文庫', BookIcon)}
        <button
          type="button"
          className="nav-item"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((v) => !v)}
        >
          <MoreIcon />
          <span>更多</span>
        </button>
        {item('/rank', '排行榜', TrophyIcon)}
        {item('/profile', '個人', UserIcon)}
      </div>
    </nav>
  );
}
