/**
 * The class's self-marked answers waiting for the teacher (issue 37): each with the learner's answer and
 * mark; 「確認」 keeps the mark, or the teacher adjusts it first. Only confirmed self-marks earn XP and
 * count in accuracy and on the board.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SelfMark } from '@wenyan/contracts';
import { useState } from 'react';
import { ErrorState, Skeletons } from '../../components/states.tsx';
import { queryKeys } from '../../lib/queryKeys.ts';
import { confirmSelfMark, failureMessage, selfMarksQuery } from '../../lib/teacher.ts';

function SelfMarkRow({ mark, classId }: { mark: SelfMark; classId: string }) {
  const client = useQueryClient();
  const [points, setPoints] = useState(mark.pointsEarned);
  const confirm = useMutation({
    mutationFn: () => confirmSelfMark(mark.learnerId, mark.answerVersion, points),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.teacher.selfMarks(classId) });
      void client.invalidateQueries({ queryKey: queryKeys.teacher.classLearners(classId) });
    },
  });
  return (
    <li className="card" data-testid="self-mark">
      <p>
        <strong>{mark.learnerName ?? `學生 ${mark.learnerId}`}</strong>
        <span className="muted tc-small">
          {' '}
          自評 {mark.pointsEarned}/{mark.pointsAvailable} 分
        </span>
      </p>
      <p className="tc-small">{mark.selectedAnswer}</p>
      <label>
        確認分數{' '}
        <input
          type="number"
          min={0}
          max={mark.pointsAvailable}
          value={points}
          onChange={(event) =>
            setPoints(Math.max(0, Math.min(mark.pointsAvailable, Number(event.target.value))))
          }
        />{' '}
        / {mark.pointsAvailable}
      </label>{' '}
      <button
        type="button"
        className="btn btn-primary"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate()}
      >
        {points === mark.pointsEarned ? '確認' : '調整並確認'}
      </button>
      {confirm.isError ? (
        <p className="alert" role="alert">
          {failureMessage(confirm.error)}
        </p>
      ) : null}
    </li>
  );
}

export function SelfMarksPanel({ classId }: { classId: string }) {
  const marks = useQuery(selfMarksQuery(classId));
  return (
    <section aria-labelledby="tc-self-marks-title" data-testid="self-marks">
      <h2 className="tc-section-title" id="tc-self-marks-title">
        待確認的自評
      </h2>
      {marks.isPending ? (
        <Skeletons count={1} height={80} />
      ) : marks.isError ? (
        <ErrorState message={failureMessage(marks.error)} onRetry={() => void marks.refetch()} />
      ) : marks.data.length === 0 ? (
        <p className="muted tc-small">沒有待確認的自評答案。</p>
      ) : (
        <ul className="tc-self-marks">
          {marks.data.map((mark) => (
            <SelfMarkRow key={`${mark.learnerId}-${mark.answerVersion}`} mark={mark} classId={classId} />
          ))}
        </ul>
      )}
    </section>
  );
}
