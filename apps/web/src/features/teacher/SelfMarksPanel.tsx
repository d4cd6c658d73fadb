/**
 * The class's self-marked answers waiting for the teacher (issue 37): each with the learner's answer and
 * mark; 「確認」 keeps the mark, or the teacher adjusts it first. Only confirmed self-marks earn XP and
 * count in accuracy and on the board, unless the class's rule (the select above the list) is 直接計算.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassLearner, SelfMark } from '@wenyan/contracts';
import { useState } from 'react';
import { WriteFailure } from '../../components/staff/WriteFailure.tsx';
import { ErrorState, Skeletons } from '../../components/states.tsx';
import { queryKeys } from '../../lib/queryKeys.ts';
import {
  confirmSelfMark,
  failureMessage,
  selfMarkRuleQuery,
  selfMarksQuery,
  setSelfMarkRule,
} from '../../lib/teacher.ts';
import { learnerLabel } from '../../lib/teacher-format.ts';

/** The learner's name as the class table knows them, with their username when a classmate shares it. */
function nameOf(mark: SelfMark, learners: readonly ClassLearner[]): string {
  const learner = learners.find((l) => l.id === mark.learnerId);
  if (learner) return learnerLabel(learner, learners);
  return mark.learnerName ?? `學生 ${mark.learnerId}`;
}

function SelfMarkRow({ mark, name, classId }: { mark: SelfMark; name: string; classId: string }) {
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
        <strong>{name}</strong>
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
      <WriteFailure write={confirm} className="alert" />
    </li>
  );
}

/** The class's rule: 須老師確認 (the default) or 直接計算; the server applies it to each self-mark. */
function SelfMarkRuleSetting({ classId }: { classId: string }) {
  const client = useQueryClient();
  const rule = useQuery(selfMarkRuleQuery(classId));
  const change = useMutation({
    mutationFn: (next: 'confirm' | 'direct') => setSelfMarkRule(classId, next),
    onSuccess: (saved) => client.setQueryData(queryKeys.teacher.selfMarkRule(classId), saved),
  });
  if (!rule.data) return null;
  return (
    <div className="tc-self-mark-rule">
      <label className="tc-self-mark-rule-label">
        自評答案：
        <select
          className="select"
          value={change.isPending && change.variables ? change.variables : rule.data.rule}
          disabled={change.isPending}
          onChange={(e) => change.mutate(e.target.value === 'direct' ? 'direct' : 'confirm')}
          data-testid="self-mark-rule"
        >
          <option value="confirm">須老師確認</option>
          <option value="direct">直接計算</option>
        </select>
      </label>
      <p className="muted tc-small">
        {rule.data.rule === 'direct'
          ? '學生的自評即時計入經驗值、準確率及排行榜。'
          : '學生的自評須經你確認後，才計入經驗值、準確率及排行榜。'}
        過短的答案最多只可自評為最低等級。
      </p>
      <WriteFailure write={change} />
    </div>
  );
}

/** `learners`: the class table's learners, to tell two of the same name apart by username. */
export function SelfMarksPanel({
  classId,
  learners = [],
}: {
  classId: string;
  learners?: readonly ClassLearner[];
}) {
  const marks = useQuery(selfMarksQuery(classId));
  return (
    <section aria-labelledby="tc-self-marks-title" data-testid="self-marks">
      <h2 className="tc-section-title" id="tc-self-marks-title">
        待確認的自評
      </h2>
      <SelfMarkRuleSetting classId={classId} />
      {marks.isPending ? (
        <Skeletons count={1} height={80} />
      ) : marks.isError ? (
        <ErrorState message={failureMessage(marks.error)} onRetry={() => void marks.refetch()} />
      ) : marks.data.length === 0 ? (
        <p className="muted tc-small">沒有待確認的自評答案。</p>
      ) : (
        <ul className="tc-self-marks">
          {marks.data.map((mark) => (
            <SelfMarkRow
              key={`${mark.learnerId}-${mark.answerVersion}`}
              mark={mark}
              name={nameOf(mark, learners)}
              classId={classId}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
