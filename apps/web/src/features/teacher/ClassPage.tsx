/** /teacher/classes/:id: the class table (sortable) with a CSV export, and the class's review plans. */
import { useQuery } from '@tanstack/react-query';
import type { ClassLearner } from '@wenyan/contracts';
import { accuracyColour } from '@wenyan/domain';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DrawnLater } from '../../components/DrawnLater.tsx';
import { FairPlayPanel } from '../../components/staff/FairPlayPanel.tsx';
import { TeacherClassPage } from '../../components/staff/TeacherGate.tsx';
import { BackLink, EmptyState, ErrorState, Skeletons } from '../../components/states.tsx';
import { downloadText } from '../../lib/download.ts';
import { countLabel } from '../../lib/figures.ts';
import { classHomeworkQuery } from '../../lib/homework.ts';
import { classesQuery, classLearnersQuery, failureMessage } from '../../lib/teacher.ts';
import { dateTimeLabel, learnerName, percentLabel } from '../../lib/teacher-format.ts';
import { ClassForecast } from './ClassForecast.tsx';
import { ClassHomeworkPanel } from './ClassHomeworkPanel.tsx';
import { ClassReportPanel } from './ClassReportPanel.tsx';
import { CLASS_COLUMNS, classCsv, csvFileName, nextSort, type Sort, sortLearners } from './classTable.ts';
import { JoinCode } from './JoinCode.tsx';
import { SelfMarksPanel } from './SelfMarksPanel.tsx';

const TONE = { green: 'text-jade', yellow: 'text-amber', red: 'text-brick' } as const;

function download(fileName: string, text: string) {
  downloadText(fileName, text, 'text/csv;charset=utf-8');
}

function Cell({ learner, column, classId }: { learner: ClassLearner; column: Sort['key']; classId: string }) {
  switch (column) {
    case 'name':
      return (
        <Link className="tc-learner-link" to={`/teacher/learners/${learner.id}?class=${classId}`}>
          {learnerName(learner)}
          {learner.username ? <span className="muted tc-small"> @{learner.username}</span> : null}
          {learner.flagged ? (
            <span
              className="tc-small text-brick"
              data-testid="pace-flag"
              title="本週作答模式需要覆核（見下方「本週待覆核的同學」），暫不列入班級聯賽"
            >
              {' '}
              待覆核
            </span>
          ) : null}
        </Link>
      );
    case 'totalXP':
      return <>{countLabel(learner.totalXP)}</>;
    case 'level':
      return <>Lv {learner.level}</>;
    case 'streakDays':
      return <>{learner.streakDays} 天</>;
    case 'completedLessons':
      return <>{learner.completedLessons}</>;
    case 'accuracy':
      return learner.accuracy === null ? (
        <span className="muted">—</span>
      ) : (
        <span className={TONE[accuracyColour(learner.accuracy)]}>{percentLabel(learner.accuracy)}</span>
      );
    case 'lastActiveDate':
      return learner.lastActiveDate ? (
        dateTimeLabel(learner.lastActiveDate)
      ) : (
        <span className="muted">未有紀錄</span>
      );
    case 'weakestLesson':
      return learner.weakestLesson ? (
        <>
          《{learner.weakestLesson.title}》
          <span className={TONE[accuracyColour(learner.weakestLesson.accuracy)]}>
            {' '}
            {percentLabel(learner.weakestLesson.accuracy)}
          </span>
        </>
      ) : (
        <span className="muted">—</span>
      );
  }
}

function LearnerTable({ learners, classId }: { learners: readonly ClassLearner[]; classId: string }) {
  const [sort, setSort] = useState<Sort>({ key: 'name', direction: 'asc' });
  const rows = useMemo(() => sortLearners(learners, sort), [learners, sort]);
  return (
    <div className="tc-table-wrap">
      <table className="tc-table" data-testid="class-table">
        <caption className="visually-hidden">班內學生的學習進度，按欄目標題排序</caption>
        <thead>
          <tr>
            {CLASS_COLUMNS.map((column) => {
              const active = sort.key === column.key;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={column.numeric ? 'tc-num' : undefined}
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <button
                    type="button"
                    className="tc-sort"
                    onClick={() => setSort(nextSort(sort, column.key))}
                  >
                    {column.label}
                    <span aria-hidden="true" className="tc-sort-mark">
                      {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((learner) => (
            <tr key={learner.id} data-testid="class-row">
              {CLASS_COLUMNS.map((column) =>
                column.key === 'name' ? (
                  <th key={column.key} scope="row">
                    <Cell learner={learner} column={column.key} classId={classId} />
                  </th>
                ) : (
                  <td key={column.key} className={column.numeric ? 'tc-num' : undefined}>
                    <Cell learner={learner} column={column.key} classId={classId} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ClassView({ classId }: { classId: string }) {
  const classes = useQuery(classesQuery);
  const learners = useQuery(classLearnersQuery(classId));
  const homework = useQuery(classHomeworkQuery(classId));
  // The page draws once its three reads have settled (they run side by side): the join code in the
  // header and the homework panel's rows would otherwise push the panels below them down as each read
  // arrives (a layout shift of about 0.1 on a phone). It draws from a deferred copy of them: a read's
  // answer re-renders at once and in one task (React cannot slice a store's update), and the table and
  // panels mount in the deferred render that follows, which React slices (one task of 50–100 ms on a
  // slow machine before). All the copies move together, in that one deferred render.
  const shown = {
    settled: useDeferredValue(!(classes.isPending || learners.isPending || homework.isPending)),
    classes: useDeferredValue(classes.data),
    learners: useDeferredValue(learners.data),
    learnersFailure: useDeferredValue(learners.isError ? learners.error : null),
    homework: useDeferredValue(homework.data),
  };
  const summary = shown.classes?.find((c) => c.id === classId);
  const name = summary?.name ?? '班別';
  const learnerList = shown.learners;
  if (!shown.settled) {
    return (
      <main className="page tc-page" data-testid="teacher-class">
        <BackLink to="/teacher" label="我的班別" />
        <h1 className="page-title">{name}</h1>
        <Skeletons count={1} height={240} />
      </main>
    );
  }
  return (
    <main className="page tc-page" data-testid="teacher-class">
      <BackLink to="/teacher" label="我的班別" />
      <header className="page-header">
        <div>
          <h1 className="page-title">{name}</h1>
          {summary ? <JoinCode code={summary.joinCode} /> : null}
        </div>
        <Link className="btn" to={`/teacher/classes/${classId}/accounts`} data-testid="class-accounts-link">
          建立班級帳戶
        </Link>
        <button
          type="button"
          className="btn"
          disabled={!learnerList || learnerList.length === 0}
          onClick={() => learnerList && download(csvFileName(name), classCsv(learnerList, shown.homework))}
        >
          匯出 CSV
        </button>
      </header>
      {shown.learnersFailure || !learnerList ? (
        <ErrorState
          message={failureMessage(shown.learnersFailure, '找不到此班別。')}
          onRetry={() => learners.refetch()}
        />
      ) : learnerList.length === 0 ? (
        <EmptyState title="班內暫時未有學生">
          <p className="muted">
            請把班別代碼交給學生，學生在「設定」頁的「加入班別」輸入代碼即可加入；沒有電郵的學生可由你
            <Link to={`/teacher/classes/${classId}/accounts`}>建立班級帳戶</Link>。
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="muted tc-small">共 {learnerList.length} 名學生。按學生名稱查看其學習紀錄重播。</p>
          <LearnerTable learners={learnerList} classId={classId} />
          <FairPlayPanel learners={learnerList} classId={classId} />
          <ClassHomeworkPanel classId={classId} learners={learnerList} />
          {/* Below the first screen, drawn in slices just after the table (TBT 350–670 → 110–340 ms). */}
          <DrawnLater>
            <ClassReportPanel classId={classId} />
            <SelfMarksPanel classId={classId} learners={learnerList} />
            <ClassForecast classId={classId} />
          </DrawnLater>
        </>
      )}
    </main>
  );
}

export function ClassPage() {
  return <TeacherClassPage view={ClassView} />;
}
