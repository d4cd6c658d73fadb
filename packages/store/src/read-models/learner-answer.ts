/** Which learner's answer a teacher's queue row is about: shared by the appeals and the pending answers. */
export type LearnerAnswerRecord = {
  readonly learnerId: string;
  readonly learnerName: string;
  /** The answer's version in the learner's stream (its key there). */
  readonly answerVersion: number;
  readonly questionId: string;
  readonly lessonId: number;
  readonly questionType: string;
  readonly selectedAnswer: string;
};
