/**
 * /error-book: stats, 「練習錯題」 (a review session of the open items, issue 21), the "to practise" and
 * "mastered" tabs with counts, accuracy by kind of knowledge, and a detail dialog with the personal note
 * and the mastery button. An item is 「已掌握」 when the scheduler predicts it will be recalled on the exam
 * day (`schedulerMastered`), when the learner ticked it, or when a teacher accepted its appeal or
 * confirmed its self-marked answer; its badge says which (`masteredBy`).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import type { ErrorQuestionRecord, MasteredCause } from '@wenyan/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { KnowledgeTagsCard } from '../../components/KnowledgeTagsCard.tsx';
import { EmptyState, LoadingState, PageHeader, StatCard, Tabs } from '../../components/page.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { SignedIn } from '../../components/SignedIn.tsx';
import { lessonsQuery } from '../../lib/lessons.ts';
import { QUESTION_TYPE_LABELS } from '../../lib/question-types.ts';
import { reviewPath, reviewSettingsQuery } from '../../lib/reviews.ts';
import { type ErrorBook, ErrorDetail, useErrorBook } from './errorBook.tsx';
import { MyAppeals } from './MyAppeals.tsx';
import { MyMarkedAnswers } from './MyMarkedAnswers.tsx';

export function ErrorBookPage() {
  return <SignedIn>{(user) => <ErrorBookScreen userId={user.id} />}</SignedIn>;
}

/** Still to practise: not ticked by the learner and not yet mastered in the scheduler's eyes. */
export function isOpen(record: ErrorQuestionRecord): boolean {
  return record.isActive && !record.schedulerMastered;
}

/**
 * The four figures of the error book. 已掌握 counts both kinds of mastery: ticked by the learner, and open
 * items the scheduler expects to be recalled on the exam day.
 */
export function ErrorStatsCards({ book }: { book: ErrorBook }) {
  const stats = book.stats.data;
  return (
    <div className="p2-stats" data-testid="error-stats">
      <StatCard
        label="待練習"
        value={stats ? stats.activeCount - stats.schedulerMasteredCount : '—'}
        tone="seal"
      />
      <StatCard
        label="已掌握"
        value={stats ? stats.masteredCount + stats.schedulerMasteredCount : '—'}
        tone="jade"
      />
      <StatCard label="進步率" value={stats ? `${stats.improvementRate}%` : '—'} tone="gold" />
      <StatCard label="錯題總數" value={stats?.totalErrors ?? '—'} />
    </div>
  );
}

/**
 * What 「已掌握」 needs, said under the figures (issue 40): the scheduler's rule with the learner's own
 * target recall (from the review settings; 「你的目標」 until they load), or the learner's tick.
 */
export function masteryRule(targetRecall: number | undefined): string {
  const target = targetRecall === undefined ? '你的目標' : `${Math.round(targetRecall * 100)}%`;
  return `怎樣才算已掌握：最近一次答對，而且預計考試日記得的機會達到 ${target}；或你自己標記為已掌握；或老師接納你的申訴、確認你自評的答案正確。`;
}

function ErrorBookScreen({ userId }: { userId: string }) {
  const book = useErrorBook(userId);
  const lessons = useQuery(lessonsQuery);
  const settings = useQuery(reviewSettingsQuery(userId));
  const [tab, setTab] = useState<'active' | 'mastered'>('active');
  const [openId, setOpenId] = useState<string | null>(null);
  const records = book.records.data ?? [];
  const active = records.filter(isOpen);
  const mastered = records.filter((r) => !isOpen(r));
  const openItems = records.filter((r) => r.isActive).length;
  const shown = tab === 'active' ? active : mastered;
  const open = records.find((r) => r.questionId === openId) ?? null;
  const titleOf = (id: number) => lessons.data?.find((l) => l.id === id)?.title ?? `第 ${id} 課`;

  return (
    <main className="page error-book" data-testid="error-book-page">
      <PageHeader title="錯題簿" back="/" backLabel="返回主頁" />
      <ErrorStatsCards book={book} />
      <p className="muted eb-rule" data-testid="mastery-rule">
        {masteryRule(settings.data?.targetRecall)}
      </p>
      {openItems > 0 ? (
        <Link
          className="btn btn-primary btn-block eb-drill"
          to={reviewPath.errorBook}
          data-testid="error-drill"
        >
          練習錯題（{openItems} 題）
        </Link>
      ) : null}
      <Tabs
        label="錯題分類"
        tabs={[
          { value: 'active', label: `待練習 (${active.length})` },
          { value: 'mastered', label: `已掌握 (${mastered.length})` },
        ]}
        selected={tab}
        onSelect={setTab}
      />
      <QueryBoundary
        query={book.records}
        loading={<LoadingState label="載入錯題中..." />}
        isEmpty={() => shown.length === 0}
        empty={
          <EmptyState title={tab === 'active' ? '暫時沒有待練習的錯題' : '尚未有已掌握的錯題'}>
            <p className="muted">
              {tab === 'active'
                ? '答錯的題目會自動收錄在這裏，方便重溫。'
                : '系統預計你在考試日記得的錯題，會自動列為已掌握；你亦可自行標記。'}
            </p>
            <Link className="btn" to="/">
              去練習
            </Link>
          </EmptyState>
        }
      >
        {() => (
          <ul className="eb-list">
            {shown.map((record) => (
              <li key={record.id}>
                <ErrorSummary
                  record={record}
                  lessonTitle={titleOf(record.question.lessonId)}
                  onOpen={setOpenId}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryBoundary>
      <Dialog.Root open={open !== null} onOpenChange={(value) => !value && setOpenId(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="p2-dialog-overlay" />
          <Dialog.Content className="p2-dialog" aria-describedby={undefined}>
            <Dialog.Title>錯題詳情</Dialog.Title>
            {open ? (
              <>
                <p className="muted eb-dialog-lesson">{titleOf(open.question.lessonId)}</p>
                <ErrorDetail key={open.id} record={open} book={book} />
              </>
            ) : null}
            <div className="p2-dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn">
                  關閉
                </button>
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <KnowledgeTagsCard userId={userId} />
      <MyAppeals userId={userId} />
      <MyMarkedAnswers userId={userId} />
    </main>
  );
}

function ErrorSummary({
  record,
  lessonTitle,
  onOpen,
}: {
  record: ErrorQuestionRecord;
  lessonTitle: string;
  onOpen: (questionId: string) => void;
}) {
  return (
    <button
      type="button"
      className={`card eb-item${record.isActive ? '' : ' is-mastered'}`}
      data-testid="error-item"
      onClick={() => onOpen(record.questionId)}
    >
      <span className="row eb-item-head">
        <span className="badge">{QUESTION_TYPE_LABELS[record.question.type]}</span>
        <span className="muted">{lessonTitle}</span>
        <span className="spacer" />
        {record.userExplanation ? <span className="badge badge-gold">有筆記</span> : null}
        <MasteryBadge record={record} />
      </span>
      <span className="eb-item-content line-clamp">{record.question.content}</span>
      <span className="eb-item-answers">
        <span className="text-brick">你的答案：{record.incorrectAnswer || '（未作答）'}</span>
        <span className="muted">作答 {record.attemptCount} 次</span>
      </span>
    </button>
  );
}

/** Each cause of 「已掌握」 as its badge says it, with the badge's test id. */
export const MASTERY_BADGES: Readonly<Record<MasteredCause, { label: string; testId: string }>> = {
  scheduler: { label: '已掌握（答對達標）', testId: 'mastery-scheduler' },
  self: { label: '已掌握（自己標記）', testId: 'mastery-own' },
  appeal: { label: '已掌握（老師接納申訴）', testId: 'mastery-appeal' },
  teacher: { label: '已掌握（老師確認自評）', testId: 'mastery-teacher' },
};

/**
 * Why the item is 「已掌握」, from the server's `masteredBy`: the scheduler's (answered right and
 * recalled on the exam day), the learner's tick, a teacher's acceptance of the appeal, or a teacher's
 * confirmation of the self-marked answer. Nothing while it is still to practise.
 */
export function MasteryBadge({ record }: { record: ErrorQuestionRecord }) {
  if (record.masteredBy === null) return null;
  const badge = MASTERY_BADGES[record.masteredBy];
  return (
    <span className="badge badge-jade" data-testid={badge.testId}>
      {badge.label}
    </span>
  );
}
