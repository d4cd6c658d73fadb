import * as Dialog from '@radix-ui/react-dialog';
import type { XpAward } from '@wenyan/contracts';
import { accuracyColour, levelInfo, ratingBadge, XP_REASON_LABELS, type XpReason } from '@wenyan/domain';
import { useEffect, useState } from 'react';
import { countLabel } from '../../lib/figures.ts';
import { ProgressBar } from '../states.tsx';
import './quiz.css';

/** Spec part 1 §9: the XP switches to the new total, with its animation, after 1 second. */
export const XP_ANIMATION_DELAY_MS = 1000;

/** Seconds as m:ss. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const COLOUR_CLASS = { green: 'text-jade', yellow: 'text-amber', red: 'text-brick' } as const;

/** The XP lines: what the server awarded, grouped by reason, answers first. */
function rewardLines(awards: readonly XpAward[]) {
  const sums = new Map<XpReason, number>();
  for (const a of awards) sums.set(a.reason, (sums.get(a.reason) ?? 0) + a.amount);
  const order: XpReason[] = [
    'correct_answer',
    'correct_run_bonus',
    'review_correct',
    'lesson_completed',
    'unit_completed',
    'daily_sign_in',
    'streak_milestone',
  ];
  return order
    .filter((reason) => reason === 'correct_answer' || (sums.get(reason) ?? 0) > 0)
    .map((reason) => ({ reason, label: XP_REASON_LABELS[reason], amount: sums.get(reason) ?? 0 }));
}

export interface CompletionPopupProps {
  open: boolean;
  lessonTitle: string;
  lessonAuthor: string | null;
  correct: number;
  total: number;
  /** Percent, 0–100. */
  accuracy: number;
  seconds: number;
  /** What the server awarded during the quiz (the client never states its own XP). */
  awards: readonly XpAward[];
  /** The learner's total XP after the quiz, as the server answered it. */
  totalXPAfter: number;
  /** Fires when the XP switches (the spec's award-lesson-XP action): refresh the user. */
  onXpAwarded?: () => void;
  onReturn?: (() => void) | undefined;
  onContinue?: (() => void) | undefined;
  /** Closes the popup (every button does, after its own handler). */
  onClose: () => void;
  /** The heading (default 課程完成！; a review session says 複習完成！). */
  title?: string | undefined;
}

/** The lesson completion popup: rating, accuracy, time, XP card, level bar and the 1-second XP animation. */
export function CompletionPopup(props: CompletionPopupProps) {
  const { open, correct, total, accuracy, seconds, awards, totalXPAfter, onXpAwarded, onClose } = props;
  const earned = awards.reduce((sum, a) => sum + a.amount, 0);
  const before = Math.max(0, totalXPAfter - earned);
  const [awarded, setAwarded] = useState(false);

  useEffect(() => {
    if (!open) return;
    setAwarded(false);
    const timer = window.setTimeout(() => {
      setAwarded(true);
      onXpAwarded?.();
    }, XP_ANIMATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open, onXpAwarded]);

  const shownXP = awarded ? before + earned : before;
  const level = levelInfo(shownXP);
  const rounded = Math.round(accuracy);
  const close = (handler?: () => void) => () => {
    handler?.();
    onClose();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="popup-overlay" />
        <Dialog.Content className="popup" data-testid="completion-popup" aria-describedby={undefined}>
          <div className="popup-ribbon seal-stamp" aria-hidden="true">
            完
          </div>
          <Dialog.Title className="popup-title">{props.title ?? '課程完成！'}</Dialog.Title>
          <p className="popup-lesson">
            <strong>{props.lessonTitle}</strong>
            {props.lessonAuthor ? <span className="muted"> · {props.lessonAuthor}</span> : null}
          </p>
          <div className="popup-figures">
            <div className="figure">
              <span className="figure-value" data-testid="popup-correct">
                {correct}/{total}
              </span>
              <span className="figure-label">答對題數</span>
            </div>
            <div className="figure">
              <span
                className={`figure-value ${COLOUR_CLASS[accuracyColour(rounded)]}`}
                data-testid="popup-accuracy"
              >
                {rounded}%
              </span>
              <span className="badge badge-gold rating-badge" data-testid="rating-badge">
                {ratingBadge(rounded)}
              </span>
            </div>
            <div className="figure">
              <span className="figure-value" data-testid="popup-time">
                {formatDuration(seconds)}
              </span>
              <span className="figure-label">用時</span>
            </div>
          </div>
          <section className="xp-card" aria-label="經驗值獎勵">
            {rewardLines(awards).map((line) => (
              <p key={line.reason} className="xp-line">
                <span>{line.label}</span>
                <span>+{line.amount} XP</span>
              </p>
            ))}
            <p className="xp-line xp-total">
              <span>總計</span>
              <span data-testid="popup-earned">+{earned} XP</span>
            </p>
          </section>
          <div className="popup-level">
            <div className="row">
              <strong>
                等級 {level.level} · {level.title}
              </strong>
              <span className="spacer" />
              <span className="xp-running" aria-live="polite">
                <span data-testid="popup-xp">{countLabel(shownXP)}</span> XP
                {awarded && earned > 0 ? (
                  <span className="xp-gain" data-testid="xp-gain">
                    +{earned}
                  </span>
                ) : null}
              </span>
            </div>
            <ProgressBar value={level.xpProgress.progress} label="等級進度" tone="gold" />
          </div>
          <div className="popup-actions">
            {props.onReturn ? (
              <button type="button" className="btn" onClick={close(props.onReturn)}>
                返回課程地圖
              </button>
            ) : null}
            {props.onContinue ? (
              <button type="button" className="btn btn-primary" onClick={close(props.onContinue)}>
                繼續學習
              </button>
            ) : null}
            {!props.onReturn && !props.onContinue ? (
              <button type="button" className="btn btn-primary" onClick={close()}>
                完成
              </button>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
