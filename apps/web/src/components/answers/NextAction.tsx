/**
 * The one next action after a verdict (下一題 / 查看結果 / 繼續), issue 40: it takes the focus, as the
 * keyboard flow wants, but without scrolling, so the verdict line (全對 / 部分正確 / 未達要求 / 待老師批閱,
 * 正確 / 錯誤) stays the first thing in view on a phone. A tall feedback panel starts at its top; the
 * button stays in view at the panel's foot (sticky, see marked-answer.css). A panel that opened out of
 * view (the bars do not stick on a short viewport) is scrolled in, verdict first.
 */
import { type ButtonHTMLAttributes, useLayoutEffect, useRef } from 'react';

export function NextActionButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  const ref = useRef<HTMLButtonElement>(null);
  const { disabled } = props;
  useLayoutEffect(() => {
    const button = ref.current;
    if (!button) return;
    const panel = button.closest<HTMLElement>('.feedback');
    if (!panel) return;
    panel.scrollTop = 0;
    // Where the bars do not stick (a short viewport, 200 % zoom) the panel may open below the screen:
    // bring it in, whole if it fits, else from its verdict.
    const box = panel.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      panel.scrollIntoView({ block: box.height > window.innerHeight ? 'start' : 'nearest' });
    }
  }, []);
  // A button still disabled (the answer not yet kept) takes the focus once it can act.
  useLayoutEffect(() => {
    if (!disabled) ref.current?.focus({ preventScroll: true });
  }, [disabled]);
  return <button type="button" className="btn btn-primary btn-block next-action" {...props} ref={ref} />;
}

/**
 * Brings a verdict that appears below the answer into view (a past paper's marked answer): the page
 * scrolls to it (below the sticky header, `scroll-padding-top`) and the focus moves to it, so a screen
 * reader reads it next. Call with the verdict's element once it is shown.
 */
export function revealVerdict(element: HTMLElement | null): void {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'start' });
}
