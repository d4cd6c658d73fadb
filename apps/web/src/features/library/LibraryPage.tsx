import { useQuery } from '@tanstack/react-query';
import type { Lesson } from '@wenyan/contracts';
import { readingMinutes } from '@wenyan/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EraChips, SearchField } from '../../components/fields.tsx';
import { StarIcon } from '../../components/icons.tsx';
import { TitleWithSubtitle } from '../../components/page.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { BackLink, ProgressBar, Skeletons } from '../../components/states.tsx';
import { currentUserQuery } from '../../lib/current-user.ts';
import { lessonsQuery } from '../../lib/lessons.ts';
import { userStatsQuery } from '../../lib/progress.ts';
import { DIFFICULTY_LABELS } from '../../lib/question-types.ts';
import './library.css';

/** The library's era chips (spec part 2: all, pre-Qin, Three Kingdoms, Tang, Song, Ming, Qing; plus Han, which the texts have). */
const LIBRARY_ERAS = ['全部', '先秦', '漢代', '三國', '唐代', '宋代', '明代', '清代'] as const;

/**
 * The displayed rating, between 4.5 and 5.0. The spec shows a random figure; it is drawn from the lesson
 * id here so that it does not jump between renders.
 */
function displayRating(id: number): string {
  return (4.5 + ((id * 7919) % 6) / 10).toFixed(1);
}

/** The first 100 characters of a passage. */
function preview(content: string): string {
  const chars = Array.from(content.replace(/\s+/g, ''));
  return chars.length > 100 ? `${chars.slice(0, 100).join('')}……` : chars.join('');
}

/** A library card; `progress` is the server's figure (the stats record's progressPercent). */
function LibraryCard({ lesson, progress }: { lesson: Lesson; progress: number }) {
  return (
    <article className="card library-card" data-testid="library-card">
      <div className="lesson-card-head">
        <h2 className="library-title">{lesson.title}</h2>
        <span className={`badge difficulty-${lesson.difficulty}`}>
          {DIFFICULTY_LABELS[lesson.difficulty]}
        </span>
      </div>
      <p className="lesson-author">
        {lesson.author} · {lesson.era}
      </p>
      <p className="library-preview classical">{preview(lesson.content)}</p>
      <ProgressBar value={progress} label={`${lesson.title} 學習進度`} />
      <div className="meta">
        <span className="text-gold library-rating">
          <StarIcon size={14} /> {displayRating(lesson.id)}
        </span>
        <span>{lesson.characterCount} 字</span>
        <span>約 {readingMinutes(lesson.characterCount)} 分鐘</span>
        <span>{progress}%</span>
      </div>
      <Link className="btn btn-primary btn-block" to={`/passage/${lesson.id}`}>
        閱讀全文
      </Link>
    </article>
  );
}

/** The classical article library (/library): search, era chips, passage cards. */
export function LibraryPage() {
  const user = useQuery(currentUserQuery).data;
  const lessons = useQuery(lessonsQuery);
  const stats = useQuery({ ...userStatsQuery(user?.id ?? ''), enabled: Boolean(user) });
  const [search, setSearch] = useState('');
  const [era, setEra] = useState<string>('全部');
  const term = search.trim().toLowerCase();
  const shown = (lessons.data ?? []).filter(
    (l) =>
      (era === '全部' || l.era === era) &&
      (term === '' || l.title.toLowerCase().includes(term) || l.author.toLowerCase().includes(term)),
  );
  const progress = new Map((stats.data ?? []).map((s) => [s.lessonId, s.progressPercent]));

  return (
    <main className="page page-wide">
      <BackLink to="/" label="返回主頁" />
      <TitleWithSubtitle title="文言文庫" subtitle="細讀十六篇指定範文">
        <Link to="/star-map" className="btn btn-sm">
          文學星圖
        </Link>
      </TitleWithSubtitle>
      <SearchField id="library-search" placeholder="搜尋篇名或作者" value={search} onChange={setSearch} />
      <EraChips eras={LIBRARY_ERAS} era={era} onChange={setEra} />
      <QueryBoundary
        query={lessons}
        loading={<Skeletons count={4} height={240} />}
        errorMessage="未能載入文章，請稍後再試。"
        isEmpty={() => shown.length === 0}
        emptyTitle="沒有符合的課程"
        emptyHint="試試其他關鍵字或朝代。"
      >
        {() => (
          <div className="grid">
            {shown.map((lesson) => (
              <LibraryCard key={lesson.id} lesson={lesson} progress={progress.get(lesson.id) ?? 0} />
            ))}
          </div>
        )}
      </QueryBoundary>
    </main>
  );
}
