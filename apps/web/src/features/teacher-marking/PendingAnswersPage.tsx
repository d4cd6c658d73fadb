/** /teacher/pending: the 待老師批閱 queue of the teacher's classes (an admin: everyone's). */
import { Link } from 'react-router-dom';
import { PendingAnswersList } from '../../components/staff/PendingAnswers.tsx';
import { TeacherGate } from '../../components/staff/TeacherGate.tsx';

export function PendingAnswersPage() {
  return (
    <TeacherGate>
      <main className="page tc-page" data-testid="teacher-pending">
        <header className="page-header">
          <div>
            <h1 className="page-title">待老師批閱</h1>
            <p className="page-subtitle">
              系統未能確定評分的答案。批閱後，答案才計入學生的正確率；全對的答案按規則獲得經驗值。
            </p>
          </div>
          <Link className="btn btn-sm" to="/teacher">
            我的班別
          </Link>
        </header>
        <PendingAnswersList />
      </main>
    </TeacherGate>
  );
}
