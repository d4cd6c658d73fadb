/**
 * /mindmap/passage/:lessonId: the banner and 3–4 category cards of a passage, a detail panel with
 * four blocks (the 詞三首 get a comparison over four dimensions instead), and zoom 0.5–3. A text that
 * teachers compare with others (唐詩三首, three prose pairs) shows those comparisons under its map.
 */
import { useQuery } from '@tanstack/react-query';
import type { Lesson } from '@wenyan/contracts';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../components/page.tsx';
import { lessonQuery, lessonsQuery } from '../../lib/lessons.ts';
import {
  CI_GROUP_LESSON_IDS,
  type Comparison,
  cardItems,
  ciComparison,
  comparisonOrder,
  comparisonsFor,
  type MindMapData,
  mindMapFor,
} from './data.ts';
import { ZOOM, zoomIn, zoomOut, zoomPercent } from './zoom.ts';
import './mindmap.css';

export function PassageMindMapPage() {
  const { lessonId } = useParams();
  const id = Number(lessonId);
  const lesson = useQuery(lessonQuery(Number.isInteger(id) && id > 0 ? id : 0));
  const [zoom, setZoom] = useState<number>(ZOOM.initial);
  const [open, setOpen] = useState<number | null>(null);
  const { hash } = useLocation();
  const loaded = lesson.data != null;
  // A link from /mindmap to a comparison (#compare-…): bring it into view and give it the focus.
  useEffect(() => {
    if (!loaded || !hash.startsWith('#compare-')) return;
    const target = document.getElementById(hash.slice(1));
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [hash, loaded]);

  if (!Number.isInteger(id) || id <= 0 || lesson.data === null) {
    return (
      <main className="page">
        <PageHeader title="心智圖" back="/mindmap" backLabel="返回心智圖" />
        <EmptyState title="課程不存在" />
      </main>
    );
  }
  if (lesson.isPending) return <LoadingState label="載入心智圖中..." />;
  if (lesson.isError) {
    return (
      <main className="page">
        <PageHeader title="心智圖" back="/mindmap" backLabel="返回心智圖" />
        <ErrorState onRetry={() => void lesson.refetch()} />
      </main>
    );
  }
  const data = lesson.data;
  const map = mindMapFor(data.id, data.title);
  return (
    <main className="page mm-page" data-testid="mindmap-page">
      <PageHeader title={data.title} back="/mindmap" backLabel="返回心智圖" />
      <p className="muted mm-byline">
        {data.author} · {data.era}
      </p>
      <div className="mm-toolbar" role="toolbar" aria-label="縮放">
        <button type="button" className="btn btn-sm" aria-label="縮小" onClick={() => setZoom(zoomOut)}>
          －
        </button>
        <output className="mm-zoom" data-testid="mindmap-zoom" aria-live="polite">
          {zoomPercent(zoom)}
        </output>
        <button type="button" className="btn btn-sm" aria-label="放大" onClick={() => setZoom(zoomIn)}>
          ＋
        </button>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => {
            setZoom(ZOOM.initial);
            setOpen(null);
          }}
        >
          重設
        </button>
      </div>
      <div className="mm-viewport">
        <div className="mm-canvas" style={{ zoom }} data-testid="mindmap-canvas">
          <div className="mm-banner">
            <strong className="classical">{map.banner.title}</strong>
            <span>{map.banner.subtitle}</span>
          </div>
          <div className="mm-branches">
            {map.categories.map((category, index) => {
              const { shown, more } = cardItems(category.items);
              const isOpen = open === index;
              return (
                <button
                  key={category.title}
                  type="button"
                  className={`mm-card${isOpen ? ' is-open' : ''}`}
                  aria-expanded={isOpen}
                  data-testid="mindmap-category"
                  onClick={() => setOpen(isOpen ? null : index)}
                >
                  <span className="mm-card-title">{category.title}</span>
                  <ul>
                    {shown.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                    {shown.length === 0 ? <li className="muted">暫無資料</li> : null}
                  </ul>
                  {more > 0 ? <span className="mm-more">+{more} 項</span> : null}
                </button>
              );
            })}
          </div>
        </div>
      </div>
      {open !== null ? <DetailPanel map={map} lesson={data} category={open} /> : null}
      {comparisonsFor(data.id).map((comparison) => (
        <ComparisonSection key={comparison.id} comparison={comparison} lessonId={data.id} />
      ))}
    </main>
  );
}

function DetailPanel({ map, lesson, category }: { map: MindMapData; lesson: Lesson; category: number }) {
  const selected = map.categories[category];
  const isCi = CI_GROUP_LESSON_IDS.includes(lesson.id);
  return (
    <section className="card mm-detail" data-testid="mindmap-detail" aria-labelledby="mm-detail-title">
      <h2 id="mm-detail-title">詳細分析{selected ? `：${selected.title}` : ''}</h2>
      {selected && selected.items.length > 0 ? (
        <ul className="mm-detail-items">
          {selected.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {isCi ? <CiComparison lessonId={lesson.id} /> : null}
      {map.detail ? (
        <div className="mm-blocks">
          <div className="mm-block">
            <h3>
              {lesson.category.includes('詩') || lesson.category.includes('詞') ? '景物意象' : '名句摘錄'}
            </h3>
            <ul>
              {map.detail.quotes.map((quote) => (
                <li key={quote} className="classical">
                  {quote}
                </li>
              ))}
            </ul>
          </div>
          <div className="mm-block">
            <h3>情感脈絡</h3>
            <p>{map.detail.emotion}</p>
          </div>
          <div className="mm-block">
            <h3>主題思想</h3>
            <p>{map.detail.theme}</p>
          </div>
          <div className="mm-block">
            <h3>寫作手法</h3>
            <p>{map.detail.technique}</p>
          </div>
        </div>
      ) : (
        <p className="muted">這篇課文的詳細分析尚在整理中。</p>
      )}
    </section>
  );
}

function CiComparison({ lessonId }: { lessonId: number }) {
  return (
    <div className="mm-ci" data-testid="ci-comparison">
      <h3>詞三首比較</h3>
      <ComparisonRows
        dimensions={ciComparison.dimensions}
        order={comparisonOrder(CI_GROUP_LESSON_IDS, lessonId)}
        current={lessonId}
        dseNotes={ciComparison.dseNotes}
      />
    </div>
  );
}

/** A comparison of this text with others, under the map; its id is the link target from /mindmap. */
function ComparisonSection({ comparison, lessonId }: { comparison: Comparison; lessonId: number }) {
  const headingId = `compare-${comparison.id}-title`;
  return (
    <section
      className="card mm-ci mm-compare"
      id={`compare-${comparison.id}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid="comparison"
    >
      <h2 id={headingId}>比較閱讀：{comparison.title}</h2>
      <ComparisonRows
        dimensions={comparison.dimensions}
        order={comparisonOrder(comparison.lessonIds, lessonId)}
        current={lessonId}
        dseNotes={comparison.dseNotes}
        Heading="h3"
      />
    </section>
  );
}

function ComparisonRows({
  dimensions,
  order,
  current,
  dseNotes,
  Heading = 'h4',
}: {
  dimensions: Comparison['dimensions'];
  order: readonly number[];
  current: number;
  dseNotes: readonly string[];
  /** The rows' heading level: one below the comparison's title. */
  Heading?: 'h3' | 'h4';
}) {
  const lessons = useQuery(lessonsQuery);
  const titleOf = (id: number) => lessons.data?.find((l) => l.id === id)?.title ?? `第 ${id} 課`;
  return (
    <>
      {dimensions.map((dimension) => (
        <div key={dimension.label} className="mm-ci-row">
          <Heading>{dimension.label}</Heading>
          <dl>
            {order.map((id) => (
              <div key={id} className={id === current ? 'is-current' : ''}>
                <dt>{titleOf(id)}</dt>
                <dd>{dimension.byLesson[String(id)] ?? '—'}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      <div className="mm-ci-notes">
        <Heading>DSE 應試提示</Heading>
        <ul>
          {dseNotes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </div>
    </>
  );
}
