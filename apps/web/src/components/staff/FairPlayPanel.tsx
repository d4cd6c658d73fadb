/**
 * The class's learners flagged 「待覆核」 this week (issue 37): why (answers beyond the pace, an abrupt
 * accuracy jump), and the teacher's review: 「已覆核，清除標記」 clears the flags for the week, and the
 * learner's league entry counts again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassLearner, FairPlayFlag } from '@wenyan/contracts';
import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { learnerName } from '../../lib/teacher-format.ts';
import { WriteFailure } from './WriteFailure.tsx';

/** What each flag means, for the teacher. */
export const FAIR_PLAY_FLAG_LABELS: Readonly<Record<FairPlayFlag, string>> = {
  pace: '答題比正常閱讀速度快',
  accuracy_jump: '本週準確率急升，遠高於以往',
};

/** Clears a learner's flags for the week (a teacher of their class, or an admin). */
export function useClearFairPlayFlag(onCleared: () => void) {
  return useMutation({
    mutationFn: (learnerId: string) => call('clearFairPlayFlag', { params: { id: learnerId } }),
    onSuccess: onCleared,
  });
}

function FlaggedRow({ learner, classId }: { learner: ClassLearner; classId: string }) {
  const client = useQueryClient();
  const clear = useClearFairPlayFlag(() => {
    void client.invalidateQueries({ queryKey: queryKeys.teacher.classLearners(classId) });
  });
  return (
    <li className="card" data-testid="fair-play-flag">
      <p>
        <strong>{learnerName(learner)}</strong>
        {learner.username ? <span className="muted tc-small"> @{learner.username}</span> : null}
        <span className="tc-small text-brick"> 待覆核</span>
      </p>
      <ul className="tc-small tc-flag-reasons">
        {learner.flags.map((flag) => (
          <li key={flag}>
            {FAIR_PLAY_FLAG_LABELS[flag]}
            {flag === 'pace' ? `（本週 ${learner.answersBeyondPace} 題）` : ''}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn"
        disabled={clear.isPending}
        onClick={() => clear.mutate(learner.id)}
      >
        {clear.isPending ? '處理中...' : '已覆核，清除標記'}
      </button>
      <WriteFailure write={clear} />
    </li>
  );
}

/** The flagged learners of the class, or nothing when none is. */
export function FairPlayPanel({ learners, classId }: { learners: readonly ClassLearner[]; classId: string }) {
  const flagged = learners.filter((l) => l.flags.length > 0);
  if (flagged.length === 0) return null;
  return (
    <section className="tc-fair-play" data-testid="fair-play-panel" aria-labelledby="fair-play-title">
      <h2 className="tc-section-title" id="fair-play-title">
        本週待覆核的同學
      </h2>
      <p className="muted tc-small">
        這些同學的作答模式不似一般學生，本週暫不列入班級聯賽。查看其學習紀錄後，如無問題可清除標記。
      </p>
      <ul className="tc-list">
        {flagged.map((learner) => (
          <FlaggedRow key={learner.id} learner={learner} classId={classId} />
        ))}
      </ul>
    </section>
  );
}
