import { useQuery } from '@tanstack/react-query';
import type { Lesson } from '@wenyan/contracts';
import { readingMinutes } from '@wenyan/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { choicesOf, SearchField, SelectField } from '../../components/fields.tsx';
import { GridIcon, ListIcon } from '../../components/icons.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { BackLink, EmptyState, Skeletons } from '../../components/states.tsx';
import { lessonsQuery } from '../../lib/lessons.ts';
import { DIFFICULTY_LABELS } from '../../lib/question-types.ts';
import './library.css';

const ALL = '全部';

/** The two ways of showing the works, each a button of the 顯示方式 toggle. */
const VIEWS = [
  { shows: 'grid', label: '格狀顯示', Icon: GridIcon },
  { shows: 'list', label: '列表顯示', Icon: ListIcon },
] as const;

function matches(lesson: Lesson, term: string): boolean {
  if (term === '') return true;
  return [lesson.title, lesson.author, lesson.description ?? ''].some((text) =>
    text.toLowerCase().includes(term),
  );
}

/**
 * The literature star map (文學星圖): search over title, author and description, era and difficulty
 * filters built from the data, grid or list view, a result count, and cards to the lesson roadmap.
 * The spec gives no route; it lives at /star-map, linked from the library.
 */
export function StarMapPage() {
  const lessons = useQuery(lessonsQuery);
  const [search, setSearch] = useState('');
  const [era, setEra] = useState(ALL);
  const [difficulty, setDifficulty] = useState(ALL);
  const [view, setView] = useState<(typeof VIEWS)[number]['shows']>('grid');
  const all = lessons.data ?? [];
  const eras = [...new Set(all.map((l) => l.era))];
  const difficulties = (['beginner', 'intermediate', 'advanced'] as const).filter((d) =>
    all.some((l) => l.difficulty === d),
  );
  const term = search.trim().toLowerCase();
  const shown = all.filter(
    (l) =>
      matches(l, term) &&
      (era === ALL || l.era === era) &&
      (difficulty === ALL || l.difficulty === difficulty),
  );
  const clear = () => {
    setSearch('');
    setEra(ALL);
    setDifficulty(ALL);
  };

  return (
    <main className="page star-map">
      <BackLink to="/library" label="返回文庫" />
      <h1 className="page-title">文學星圖</h1>
      <SearchField id="star-search" placeholder="搜尋篇名、作者或簡介" value={search} onChange={setSearch} />
      <div className="filters">
        <SelectField
          id="star-era"
          label="朝代"
          value={era}
          all={{ value: ALL, label: '全部朝代' }}
          choices={choicesOf(eras)}
          onChange={setEra}
        />
        <SelectField
          id="star-difficulty"
          label="難度"
          value={difficulty}
          all={{ value: ALL, label: '全部難度' }}
          choices={choicesOf(difficulties, (d) => DIFFICULTY_LABELS[d])}
          onChange={setDifficulty}
        />
      </div>
      <div className="row result-row">
        <p className="muted" aria-live="polite" data-testid="result-count">
          共 {shown.length} 篇作品
        </p>
        <span className="spacer" />
        <fieldset className="segmented">
          <legend className="visually-hidden">顯示方式</legend>
          {VIEWS.map(({ shows, label, Icon }) => (
            <button
              key={shows}
              type="button"
              aria-pressed={view === shows}
              aria-label={label}
              onClick={() => setView(shows)}
            >
              <Icon size={18} />
            </button>
          ))}
        </fieldset>
      </div>
      <QueryBoundary
        query={lessons}
        loading={<Skeletons count={4} />}
        isEmpty={() => shown.length === 0}
        empty={
          <EmptyState title="未找到相關作品">
            <button type="button" className="btn" onClick={clear}>
              清除篩選
            </button>
          </EmptyState>
        }
      >
        {() => (
          <ul className={`star-list star-${view}`}>
            {shown.map((lesson) => (
              <li key={lesson.id}>
                <Link to={`/lesson/${lesson.id}/roadmap`} className="card star-card" data-testid="star-card">
                  <span className="star-title">{lesson.title}</span>
                  <span className="muted star-meta">
                    {lesson.author} · {lesson.era}
                  </span>
                  <span className="row star-meta">
                    <span className={`badge difficulty-${lesson.difficulty}`}>
                      {DIFFICULTY_LABELS[lesson.difficulty]}
                    </span>
                    <span className="muted">約 {readingMinutes(lesson.characterCount)} 分鐘</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryBoundary>
    </main>
  );
}
