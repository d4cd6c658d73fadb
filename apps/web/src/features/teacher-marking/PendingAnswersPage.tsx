/** /teacher/pending: the 待老師批閱 queue of the teacher's classes (an admin: everyone's). */
import { PendingAnswersList } from '../../components/staff/PendingAnswers.tsx';
import { StaffPage } from '../../components/staff/StaffPage.tsx';

export function PendingAnswersPage() {
  return (
    <StaffPage
      title="待老師批閱"
      subtitle="系統未能確定評分的答案。批閱後，答案才計入學生的正確率；全對的答案按規則獲得經驗值。"
      testId="teacher-pending"
    >
      <PendingAnswersList />
    </StaffPage>
  );
}
