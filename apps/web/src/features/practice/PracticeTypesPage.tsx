import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { BookIcon, BrainIcon, PenIcon, ScrollIcon } from '../../components/icons.tsx';
import { BackLink } from '../../components/states.tsx';
import { lessonQuery } from '../../lib/lessons.ts';
import { PRACTICE_TYPE_CARDS } from '../../lib/question-types.ts';
import { ADAPTIVE_TYPE_CARDS } from './adaptive-types.ts';
import { TypeCardText } from './TypeCardText.tsx';
import './practice.css';

const ICONS = {
  word_interpretation: PenIcon,
  sentence_translation: ScrollIcon,
  theme_understanding: BookIcon,
  writing_techniques: BrainIcon,
} as const;

/**
 * The practice-type page (/lesson/:id/types): the four types, each to its roadmap, and the adaptive quiz
 * of each type (cultural knowledge too).
 */
export function PracticeTypesPage() {
  const { id } = useParams();
  const lessonId = Number(id);
  const lesson = useQuery(lessonQuery(lessonId));
  return (
    <main className="page">
      <BackLink to="/" label="返回主頁" />
      <div className="page-header">
        <div>
          <h1 className="page-title">選擇練習類型</h1>
          <p className="page-subtitle lesson-name" aria-live="polite">
            {lesson.data ? `${lesson.data.title} · ${lesson.data.author}` : '\u00a0'}
          </p>
        </div>
      </div>
      <ul className="type-list">
        {PRACTICE_TYPE_CARDS.map(({ type, title, description }) => {
          const Icon = ICONS[type];
          return (
            <li key={type}>
              <Link
                className="card type-card"
                to={`/lesson/${lessonId}/${type}/roadmap`}
                data-testid="type-card"
              >
                <TypeCardText Icon={Icon} title={title} text={description} />
              </Link>
            </li>
          );
        })}
      </ul>
      <section className="card adaptive-types" aria-labelledby="adaptive-types-title">
        <h2 className="card-title" id="adaptive-types-title">
          智能適應練習
        </h2>
        <p className="muted">系統按你的表現挑選題目：先練未做過和答錯的題，難度隨正確率調整。</p>
        <ul className="adaptive-type-list">
          {ADAPTIVE_TYPE_CARDS.map(({ type, title }) => (
            <li key={type}>
              <Link
                className="chip adaptive-type"
                to={`/lesson/${lessonId}/adaptive/${type}`}
                data-testid="adaptive-type"
              >
                {title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <div className="stack type-more">
        <Link className="btn btn-primary btn-block" to={`/lesson/${lessonId}/roadmap`}>
          課程學習路線
        </Link>
        <Link className="btn btn-block" to={`/passage/${lessonId}`}>
          閱讀原文
        </Link>
      </div>
    </main>
  );
}
