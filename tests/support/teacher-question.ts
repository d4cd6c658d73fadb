/** A teacher's own question (`POST /api/questions`): a choice on 約 in lesson 1, valid by the contract. */
export const TEACHER_QUESTION = {
  lessonId: 1,
  content: '「約」的意思是：',
  targetText: '約',
  options: ['窮困', '約定'],
  correctAnswer: '窮困',
  explanation: '約：窮困。',
};
