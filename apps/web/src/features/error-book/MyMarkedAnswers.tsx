/**
 * 老師批閱, in the error book: the learner's answers the marker could not be sure of, waiting for a
 * teacher (待老師批閱, with the provisional points) or marked (the teacher's points and note). Nothing
 * shows when there are none.
 */
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

export function MyMarkedAnswers({ userId }: { userId: string }) {
  const answers = useQuery({
    queryKey: queryKeys.myPendingAnswers(userId),
    queryFn: () => call('listMyPendingAnswers', { params: { userId } }),
    staleTime: 30_000,
  });
  if (!answers.data || answers.data.length === 0) return null;
  return (
    <section className="card" data-testid="my-marked-answers" aria-label="老師批閱">
      <h2 className="section-title">老師批閱</h2>
      <ul className="eb-appeal-list">
        {[...answers.data].reverse().map((a) => (
          <li key={a.answerVersion} data-testid="my-marked-answer" data-status={a.status}>
            <p>
              <strong>
                {a.marks ? `老師評分 ${a.marks.pointsEarned}/${a.pointsAvailable} 分` : '待老師批閱'}
              </strong>
              　你的答案：{a.selectedAnswer}
              {a.marks ? null : `（暫評 ${a.pointsEarned}/${a.pointsAvailable} 分）`}
            </p>
            {a.marks?.note ? <p className="muted">老師的評語：{a.marks.note}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
