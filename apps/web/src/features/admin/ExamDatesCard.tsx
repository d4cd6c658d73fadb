/**
 * The admin's default exam date of each school year (issue 21): the HKDSE Chinese Language date learners
 * follow unless they set their own. Each year's date is edited in place; the one in force is marked.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DefaultExamDate } from '@wenyan/contracts';
import { useState } from 'react';
import { FieldError } from '../../components/fields.tsx';
import { LoadingState } from '../../components/page.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { HttpError } from '../../lib/api.ts';
import { submitted } from '../../lib/forms.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { examDateLabel } from '../../lib/review-format.ts';
import { notify } from '../../lib/toast.ts';
import { AdminSection } from './AdminSection.tsx';
import { examDatesQuery, setDefaultExamDate } from './api.ts';

export function ExamDatesCard() {
  const dates = useQuery(examDatesQuery);
  return (
    <AdminSection id="admin-exam-dates" title="文憑試中文科考試日期" testId="admin-exam-dates">
      <QueryBoundary query={dates} loading={<LoadingState label="載入考試日期中..." />}>
        {(examDates) => (
          <div className="card ad-exam-dates">
            <p className="muted">
              學生未自行設定考試日時，系統按此日期安排複習。現時採用：
              <strong>{examDateLabel(examDates.current.examDate)}</strong>
            </p>
            <ul className="ad-exam-list">
              {examDates.years.map((year) => (
                <li key={year.year}>
                  <YearRow year={year} current={year.year === examDates.current.year} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryBoundary>
    </AdminSection>
  );
}

function YearRow({ year, current }: { year: DefaultExamDate; current: boolean }) {
  const queryClient = useQueryClient();
  const [date, setDate] = useState(year.examDate);
  const id = `exam-date-${year.year}`;
  const save = useMutation({
    mutationFn: () => setDefaultExamDate(year.year, date),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.examDates });
      notify({ title: '已儲存', description: `${year.year} 年考試日期已更新`, variant: 'success' });
    },
  });
  const refused = save.error instanceof HttpError && save.error.status === 400;
  const saveDate = () => {
    if (date) save.mutate();
  };
  return (
    <form className="ad-exam-row" onSubmit={submitted(saveDate)}>
      <div className="field">
        <label htmlFor={id}>
          {year.year} 年{current ? '（現行）' : ''}
          <span className="muted"> · {year.source === 'admin' ? '管理員設定' : '系統預設'}</span>
        </label>
        <input
          id={id}
          className="input"
          type="date"
          value={date}
          min={`${year.year}-01-01`}
          max={`${year.year}-12-31`}
          aria-invalid={save.isError}
          onChange={(event) => setDate(event.target.value)}
        />
        <FieldError>
          {save.isError ? (refused ? `日期須在 ${year.year} 年內。` : '未能儲存，請稍後再試。') : null}
        </FieldError>
      </div>
      <button
        type="submit"
        className="btn btn-sm"
        disabled={!date || date === year.examDate || save.isPending}
      >
        {save.isPending ? '儲存中...' : '儲存'}
      </button>
    </form>
  );
}
