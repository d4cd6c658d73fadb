/**
 * 逐題報告 (issue 40): for a lesson (or one practice type of it) or an assignment, the items most of the
 * class got wrong, with their common wrong answers counted (never who gave them), and a worksheet of
 * those items to print. The server computes it from the read models.
 */
import { useQuery } from '@tanstack/react-query';
import type { ClassReport, QuestionType } from '@wenyan/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState, Skeletons } from '../../components/states.tsx';
import { classHomeworkQuery } from '../../lib/homework.ts';
import { lessonsQuery } from '../../lib/lessons.ts';
import { PRACTICE_TYPE_CARDS } from '../../lib/question-types.ts';
import { classReportQuery, failureMessage, type ReportScope } from '../../lib/teacher.ts';
import { percentLabel } from '../../lib/teacher-format.ts';

/** The select's value for a scope: `lesson:1`, `lesson:1:sentence_translation` or `assignment:<id>`. */
function scopeOf(value: string): ReportScope | null {
  const [kind, first, second] = value.split(':');
  if (kind === 'assignment' && first) return { kind: 'assignment', assignmentId: first };
  if (kind === 'lesson' && first)
    return { kind: 'lesson', lessonId: Number(first), type: (second as QuestionType | undefined) ?? null };
  return null;
}

function ReportItems({ report }: { report: ClassReport }) {
  if (report.items.length === 0) return <p className="muted tc-small">班內未有同學答過這些題目。</p>;
  const most = report.items.filter((i) => i.mostWrong).length;
  return (
    <>
      <p className="tc-small" data-testid="report-summary">
        {report.title}：{report.items.length} 題有同學作答，其中 {most} 題半數或以上作答的同學答錯。
      </p>
      {report.worksheets.length > 0 ? (
        <ul className="tc-report-sheets">
          {report.worksheets.map((sheet) => {
            const card = PRACTICE_TYPE_CARDS.find((c) => c.type === sheet.type);
            const search = `?questions=${encodeURIComponent(sheet.questionIds.join(','))}`;
            return (
              <li key={`${sheet.lessonId}-${sheet.type}`}>
                <Link
                  className="btn btn-small"
                  to={`/worksheets/${sheet.lessonId}/${sheet.type}${search}`}
                  data-testid="report-worksheet"
                >
                  列印{card ? `「${card.title}」` : ''}答錯較多的 {sheet.questionIds.length} 題工作紙
                </Link>{' '}
                <Link
                  className="tc-small"
                  to={`/teacher/worksheets/${sheet.lessonId}/${sheet.type}/key${search}`}
                >
                  答案
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
      <ol className="tc-report-items">
        {report.items.map((item) => (
          <li key={item.questionId} className="card tc-report-item" data-testid="report-item">
            <p className="tc-report-head">
              <strong className={item.mostWrong ? 'text-brick' : undefined}>
                {item.wrong}/{item.answered} 人答錯（{percentLabel(Math.round(item.wrongShare * 100))}）
              </strong>
              {item.mostWrong ? <span className="tc-report-flag">大部分答錯</span> : null}
              {item.stillOpen > 0 ? (
                <span className="muted tc-small">仍在 {item.stillOpen} 人的錯題簿</span>
              ) : null}
            </p>
            <p className="tc-report-question">{item.content}</p>
            <p className="tc-small">
              <span className="muted">答案：</span>
              {item.correctAnswer}
            </p>
            {item.wrongAnswers.length > 0 ? (
              <div className="tc-small">
                <span className="muted">常見錯答：</span>
                <ul className="tc-report-answers">
                  {item.wrongAnswers.map((a) => (
                    <li key={a.answer}>
                      「{a.answer}」<span className="muted">× {a.count}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}

function Report({ classId, scope }: { classId: string; scope: ReportScope }) {
  const report = useQuery(classReportQuery(classId, scope));
  if (report.isPending) return <Skeletons count={2} height={80} />;
  if (report.isError)
    return <ErrorState message={failureMessage(report.error)} onRetry={() => void report.refetch()} />;
  return <ReportItems report={report.data} />;
}

export function ClassReportPanel({ classId }: { classId: string }) {
  const lessons = useQuery(lessonsQuery);
  const homework = useQuery(classHomeworkQuery(classId));
  const [value, setValue] = useState('');
  const scope = scopeOf(value);
  const reportable = (homework.data?.assignments ?? []).filter(
    (a) => a.task.kind === 'practice' || a.task.kind === 'paper',
  );
  return (
    <section aria-labelledby="tc-report-title" data-testid="class-report">
      <h2 className="tc-section-title" id="tc-report-title">
        逐題報告
      </h2>
      <p className="muted tc-small">看看全班在哪些題目答錯最多、常見的錯答是甚麼（只計人數，不顯示姓名）。</p>
      <label className="tc-small" htmlFor="tc-report-scope">
        報告範圍
      </label>{' '}
      <select
        id="tc-report-scope"
        className="input"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        data-testid="report-scope"
      >
        <option value="">請選擇課文或功課</option>
        {reportable.length > 0 ? (
          <optgroup label="功課">
            {reportable.map((a) => (
              <option key={a.id} value={`assignment:${a.id}`}>
                {a.title}
              </option>
            ))}
          </optgroup>
        ) : null}
        {(lessons.data ?? []).map((l) => (
          <optgroup key={l.id} label={`《${l.title}》`}>
            <option value={`lesson:${l.id}`}>《{l.title}》全部題型</option>
            {PRACTICE_TYPE_CARDS.map((c) => (
              <option key={c.type} value={`lesson:${l.id}:${c.type}`}>
                《{l.title}》{c.title}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {scope ? <Report classId={classId} scope={scope} /> : null}
    </section>
  );
}
