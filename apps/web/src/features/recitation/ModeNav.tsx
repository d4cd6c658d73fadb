/** The four ways to practise recitation, offered on every recitation screen (/memorization…). */
import { NavLink } from 'react-router-dom';

export const RECITATION_MODE_LINKS = [
  { to: '/memorization', label: '十二選一' },
  { to: '/memorization/recall', label: '默寫' },
  { to: '/memorization/next-line', label: '上句接下句' },
  { to: '/memorization/miswrite', label: '易錯字' },
] as const;

export function ModeNav() {
  return (
    <nav className="rc-modes" aria-label="背誦模式" data-testid="recitation-modes">
      {RECITATION_MODE_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
