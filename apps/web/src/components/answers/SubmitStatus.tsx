/**
 * What a quiz-like screen says about an answer on its way: the send failed (retry by submitting again), or
 * the answer waits on the device while offline (the banner counts it) and the session goes on.
 */
import type { ReactNode } from 'react';

/** The alert under the question when the answer could not be sent. */
export function SubmitFailed({ failed }: { failed: boolean }) {
  if (!failed) return null;
  return (
    <p className="alert" role="alert">
      未能提交答案，請檢查網絡後再試。
    </p>
  );
}

/** The feedback of an answer kept on the device, with the way on (`children`). */
export function AnswerKept({ children }: { children: ReactNode }) {
  return (
    <div className="feedback is-pending" role="status" data-testid="answer-kept">
      <p className="feedback-title">答案已保存在此裝置</p>
      <p className="feedback-text">連線後會自動送出並評分。</p>
      {children}
    </div>
  );
}
