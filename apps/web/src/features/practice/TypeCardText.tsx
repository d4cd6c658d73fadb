import type { ComponentType } from 'react';

/** The inside of a practice card: its icon on a tile, its title and a line under it. */
export function TypeCardText({ Icon, title, text }: { Icon: ComponentType; title: string; text: string }) {
  return (
    <>
      <span className="type-icon icon-tile">
        <Icon />
      </span>
      <span className="type-text">
        <strong>{title}</strong>
        <span className="muted">{text}</span>
      </span>
    </>
  );
}
