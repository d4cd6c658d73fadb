/** A roadmap node completed, as tests record it, with only the fields a test cares about named. */
import { learnerEvent, type NodeCompleted } from '../learner/event-types.ts';

type NodeData = NodeCompleted['data'];

/**
 * A `NodeCompleted` of the current schema: the node's first completion, by one question answered right
 * in a second, and `data` over that.
 */
export function nodeCompleted(
  data: Pick<NodeData, 'lessonId' | 'nodeType' | 'at'> & Partial<NodeData>,
): NodeCompleted {
  return learnerEvent('NodeCompleted', {
    score: 100,
    questionsAnswered: 1,
    correctAnswers: 1,
    timeSpent: 1,
    firstCompletion: true,
    ...data,
  });
}
