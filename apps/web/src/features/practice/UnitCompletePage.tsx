import { useQuery } from '@tanstack/react-query';
import type { XpAward } from '@wenyan/contracts';
import { LOGIN_PATH } from '@wenyan/contracts/light';
import { Link, useLocation, useParams } from 'react-router-dom';
import { BookIcon, StarIcon, TrophyIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/states.tsx';
import { currentUserQuery } from '../../lib/current-user.ts';
import { lessonsQuery } from '../../lib/lessons.ts';
import { nodeResultsQuery } from './api.ts';
import { TypeCardText } from './TypeCardText.tsx';
import './practice.css';

/** What the session hands this screen when the server completed the unit: the awards of that reply. */
type UnitCompleteState = { xpAwarded?: XpAward[] } | null;

/**
 * The unit-complete screen (/lesson/:lessonId/unit/:unitNumber/complete). It shows only what the server
 * decided: opened after a real completion it shows the XP that reply awarded; opened by its URL it asks
 * the server whether the unit is completed, says so, and claims no XP. 「開始下一單元」 leads to the next
 * lesson's roadmap, or from the last lesson back to the lobby.
 */
export function UnitCompletePage() {
  const { lessonId: raw, unitNumber } = useParams();
  const lessonId = Number(raw);
  const location = useLocation();
  const user = useQuery(currentUserQuery);
  const results = useQuery({
    ...nodeResultsQuery(user.data?.id ?? '', lessonId),
    enabled: Boolean(user.data) && lessonId > 0,
  });
  const lessons = useQuery(lessonsQuery);
  if (user.isPending) return <Spinner />;
  if (!user.data) {
    return (
      <main className="page">
        <div className="card state">
          <p className="state-title">請先登入</p>
          <p className="muted">您需要登入才能存取學習內容</p>
          <a className="btn btn-primary" href={LOGIN_PATH}>
            登入
          </a>
        </div>
      </main>
    );
  }
  if (results.isPending) return <Spinner />;
  if (!results.data?.unitCompleted) {
    return (
      <main className="page unit-complete" data-testid="unit-not-complete">
        <div className="card state">
          <h1 className="state-title">本單元尚未完成</h1>
          <p className="muted">每個練習節點都要在一節練習中答對 80% 或以上，才算完成單元。</p>
          <Link className="btn btn-primary" to={`/lesson/${lessonId}/roadmap`}>
            返回學習路線
          </Link>
        </div>
      </main>
    );
  }
  const awarded = ((location.state as UnitCompleteState)?.xpAwarded ?? []).reduce(
    (sum, award) => sum + award.amount,
    0,
  );
  const next = (lessons.data ?? []).find((lesson) => lesson.id > lessonId);
  const cards = [
    { Icon: BookIcon, title: '學習完成', text: '你已完成本單元所有練習' },
    { Icon: TrophyIcon, title: '成就解鎖', text: '單元完成成就' },
    awarded > 0
      ? { Icon: StarIcon, title: `獲得 ${awarded} XP`, text: '經驗值已加入你的總分' }
      : { Icon: StarIcon, title: '單元獎勵已計入', text: '完成單元的經驗值只會發放一次' },
  ];
  return (
    <main className="page unit-complete" data-testid="unit-complete">
      <div className="unit-hero">
        <div className="unit-seal seal-stamp" aria-hidden="true">
          成
        </div>
        <h1 className="page-title">恭喜完成第 {unitNumber} 單元！</h1>
        <p className="muted">每一步都是進步，繼續保持！</p>
      </div>
      <ul className="unit-cards">
        {cards.map(({ Icon, title, text }) => (
          <li key={title} className="card unit-card">
            <TypeCardText Icon={Icon} title={title} text={text} />
          </li>
        ))}
      </ul>
      <div className="stack">
        {next ? (
          <Link className="btn btn-primary btn-block" to={`/lesson/${next.id}/roadmap`}>
            開始下一單元
          </Link>
        ) : (
          <Link className="btn btn-primary btn-block" to="/">
            已完成最後一個單元：返回課程總覽
          </Link>
        )}
        <Link className="btn btn-block" to="/">
          返回主頁
        </Link>
      </div>
    </main>
  );
}
