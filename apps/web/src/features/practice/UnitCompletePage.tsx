import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '@wenyan/contracts';
import { XP_AWARDS } from '@wenyan/domain';
import { Link, useParams } from 'react-router-dom';
import { BookIcon, StarIcon, TrophyIcon } from '../../components/icons.tsx';
import { currentUserQuery } from '../auth/api.ts';
import './practice.css';

/** The unit-complete screen (/lesson/:lessonId/unit/:unitNumber/complete). */
export function UnitCompletePage() {
  const { lessonId: raw, unitNumber } = useParams();
  const lessonId = Number(raw);
  const user = useQuery(currentUserQuery);
  if (!user.data) {
    return (
      <main className="page">
        <div className="card state">
          <p className="state-title">請先登入</p>
          <p className="muted">您需要登入才能存取學習內容</p>
          <a className="btn btn-primary" href={apiRoutes.loginPage.path}>
            登入
          </a>
        </div>
      </main>
    );
  }
  const cards = [
    { Icon: BookIcon, title: '學習完成', text: '你已完成本單元所有練習' },
    { Icon: TrophyIcon, title: '成就解鎖', text: '單元完成成就' },
    { Icon: StarIcon, title: `獲得 ${XP_AWARDS.unit_completed} XP`, text: '經驗值已加入你的總分' },
  ];
  return (
    <main className="page unit-complete">
      <div className="unit-hero">
        <div className="unit-seal" aria-hidden="true">
          成
        </div>
        <h1 className="page-title">恭喜完成第 {unitNumber} 單元！</h1>
        <p className="muted">每一步都是進步，繼續保持！</p>
      </div>
      <ul className="unit-cards">
        {cards.map(({ Icon, title, text }) => (
          <li key={title} className="card unit-card">
            <span className="type-icon">
              <Icon />
            </span>
            <span className="type-text">
              <strong>{title}</strong>
              <span className="muted">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="stack">
        <Link className="btn btn-primary btn-block" to={`/lesson/${lessonId + 1}/roadmap`}>
          開始下一單元
        </Link>
        <Link className="btn btn-block" to="/">
          返回主頁
        </Link>
      </div>
    </main>
  );
}
