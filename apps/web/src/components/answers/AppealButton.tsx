/**
 * 「我認為答案正確」 (UI.md, "Marked answers"): a quiet text button under the marked points, never
 * beside Continue. A tap opens an optional reason and sends the appeal of this answer (named by its
 * stream version from the reply) under one Idempotency-Key, so a retry records it once.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { call } from '../../lib/client.ts';
import { submitted } from '../../lib/forms.ts';

export function AppealButton({ userId, answerVersion }: { userId: string; answerVersion: number }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const key = useRef(`appeal-${userId}-${answerVersion}-${crypto.randomUUID()}`);
  const noteId = useId();
  const appeal = useMutation({
    mutationFn: () =>
      call(
        'appealAnswer',
        { params: { userId }, body: { answerVersion, note: note.trim() === '' ? null : note.trim() } },
        { idempotencyKey: key.current },
      ),
  });
  if (appeal.isSuccess) {
    return (
      <p className="appeal-sent" role="status" data-testid="appeal-sent">
        已提出申訴，老師覆核後會在錯題簿通知你。
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className="btn-text appeal-open" onClick={() => setOpen(true)}>
        我認為答案正確
      </button>
    );
  }
  return (
    <form className="appeal-form" onSubmit={submitted(() => appeal.mutate())}>
      <label htmlFor={noteId}>理由（可留空）</label>
      <textarea
        id={noteId}
        value={note}
        maxLength={300}
        rows={2}
        onChange={(e) => setNote(e.target.value)}
        placeholder="例如：「潦倒」即是窮困"
      />
      {appeal.isError ? (
        <p className="alert" role="alert">
          未能提出申訴，請稍後再試。
        </p>
      ) : null}
      <div className="appeal-actions">
        <button type="button" className="btn-text" onClick={() => setOpen(false)}>
          取消
        </button>
        <button type="submit" className="btn-text appeal-submit" disabled={appeal.isPending}>
          提交申訴
        </button>
      </div>
    </form>
  );
}
