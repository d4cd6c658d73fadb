/**
 * Content drawn just after the rest of its screen, in a transition: React then draws it in slices and
 * yields to the browser between them, instead of holding a phone's main thread for the whole screen in
 * one task (Lighthouse counts each task's time over 50 ms as blocking). For what sits below the first
 * screen: it appears below what is drawn and moves nothing.
 */
import { type ReactNode, startTransition, useEffect, useState } from 'react';

export function DrawnLater({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
