/**
 * The replay's timeline: the learner's events grouped by Hong Kong day, filtered by kind and lesson.
 * Only a window of events around the scrubbed one is drawn, so a history of thousands stays light.
 */
import type { LearnerEvent } from '@wenyan/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { countLabel } from '../../lib/figures.ts';
import { dayLabel, timeLabel } from '../../lib/teacher-format.ts';
import { EVENT_KINDS, type EventKind, filterEvents, groupByDay, kindOf, lessonsIn } from './timeline.ts';

/** Events drawn on each side of the current one; "show more" adds this many again. */
const WINDOW = 120;

export function Timeline({
  events,
  currentVersion,
  lessonTitle,
  playing,
  onPick,
}: {
  events: readonly LearnerEvent[];
  /** The version of the event at the scrubbed position (0 before the first). */
  currentVersion: number;
  lessonTitle: (lessonId: number) => string;
  playing: boolean;
  onPick: (version: number) => void;
}) {
  const [kinds, setKinds] = useState<ReadonlySet<EventKind>>(new Set());
  const [lessonId, setLessonId] = useState<number | null>(null);
  const [extra, setExtra] = useState({ before: 0, after: 0 });
  const lessons = useMemo(() => lessonsIn(events), [events]);
  const shown = useMemo(() => filterEvents(events, { kinds, lessonId }), [events, kinds, lessonId]);

  // The window: around the last shown event at or before the scrubbed one.
  let index = shown.findLastIndex((e) => e.version <= currentVersion);
  if (index < 0) index = 0;
  const from = Math.max(0, index - WINDOW - extra.before);
  const to = Math.min(shown.length, index + WINDOW + 1 + extra.after);
  const groups = groupByDay(shown.slice(from, to));

  const currentRef = useRef<HTMLButtonElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the scrubbed event while playing
  useEffect(() => {
    if (playing) currentRef.current?.scrollIntoView({ block: 'nearest' });
  }, [playing, currentVersion]);

  const toggleKind = (kind: EventKind) =>
    setKinds((current) => {
      const next = new Set(current);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });

  return (
    <section className="card tc-timeline" aria-label="學習紀錄時間線">
      <div className="tc-filters">
        <fieldset className="chips tc-chips">
          <legend className="visually-hidden">紀錄類別</legend>
          <button
            type="button"
            className="chip"
            aria-pressed={kinds.size === 0}
            onClick={() => setKinds(new Set())}
          >
            全部
          </button>
          {EVENT_KINDS.map((kind) => (
            <button
              key={kind.id}
              type="button"
              className="chip"
              aria-pressed={kinds.has(kind.id)}
              onClick={() => toggleKind(kind.id)}
            >
              {kind.label}
            </button>
          ))}
        </fieldset>
        <label className="tc-lesson-filter">
          <span className="visually-hidden">課文</span>
          <select
            className="select"
            value={lessonId ?? ''}
            onChange={(e) => setLessonId(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">全部課文</option>
            {lessons.map((id) => (
              <option key={id} value={id}>
                《{lessonTitle(id)}》
              </option>
            ))}
          </select>
        </label>
      </div>
      {shown.length === 0 ? (
        <p className="muted tc-empty-filter">沒有符合篩選條件的紀錄。</p>
      ) : (
        <>
          {from > 0 ? (
            <button
              type="button"
              className="btn btn-sm btn-ghost tc-more"
              onClick={() => setExtra((e) => ({ ...e, before: e.before + WINDOW }))}
            >
              顯示較早的 {Math.min(from, WINDOW)} 項紀錄
            </button>
          ) : null}
          {groups.map((group) => (
            <div key={`${group.day}-${group.events[0]?.version}`} className="tc-day">
              <h3 className="tc-day-title">{dayLabel(group.day)}</h3>
              <ol className="tc-events">
                {group.events.map((event) => {
                  const current = event.version === currentVersion;
                  return (
                    <li key={event.version}>
                      <button
                        ref={current ? currentRef : undefined}
                        type="button"
                        className={`tc-event tc-kind-${kindOf(event.type)}`}
                        aria-current={current ? 'step' : undefined}
                        onClick={() => onPick(event.version)}
                        data-testid="timeline-event"
                      >
                        <time className="tc-event-time" dateTime={event.recordedAt}>
                          {timeLabel(event.recordedAt)}
                        </time>
                        <span className="tc-event-text">{event.summary}</span>
                        <span className="tc-event-xp">{countLabel(event.stateAfter.totalXP)} XP</span>
                      </button>
                    </li>
                  );
                })}
              </ol>
            </div>
          ))}
          {to < shown.length ? (
            <button
              type="button"
              className="btn btn-sm btn-ghost tc-more"
              onClick={() => setExtra((e) => ({ ...e, after: e.after + WINDOW }))}
            >
              顯示較後的 {Math.min(shown.length - to, WINDOW)} 項紀錄
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
