/**
 * Printable worksheets: /worksheets/:lessonId/:type (a lesson's questions of one practice type with
 * space to answer) and /teacher/worksheets/:lessonId/:type/key (its answer key with the marking
 * schemes; teachers and admins only, since it holds the keys). Printed on A4 by the browser; the
 * print rules (@page, no breaks inside a question) are in classroom.css.
 */
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { QuestionTypeSchema } from '@wenyan/contracts';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Options } from '../../components/fields.tsx';
import { TeacherGate } from '../../components/staff/TeacherGate.tsx';
import { ErrorState, Spinner } from '../../components/states.tsx';
import { worksheetKeyQuery, worksheetQuery } from '../../lib/classroom.ts';
import { lessonsQuery } from '../../lib/lessons.ts';
import { isFreeText, PRACTICE_TYPE_CHOICES } from '../../lib/question-types.ts';
import { failureMessage } from '../../lib/teacher.ts';
import { printsQuote, questionsSearch } from './worksheet.ts';
import '../../components/staff/classroom.css';

const LETTERS = 'ABCDEF';
/** Ruled lines to write on: four for a short answer, eight for a longer one. */
const ANSWER_LINES = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8'];

function useSheetParams() {
  const params = useParams();
  const [search] = useSearchParams();
  const lessonId = Number(params.lessonId);
  const type = QuestionTypeSchema.safeParse(params.type);
  return { lessonId, type: type.success ? type.data : null, questions: search.get('questions') };
}

/** Choose another lesson or practice type (the same kind of sheet). */
function Picker({ lessonId, type, keyed }: { lessonId: number; type: string; keyed: boolean }) {
  const lessons = useQuery(lessonsQuery);
  const navigate = useNavigate();
  const go = (l: number, t: string) =>
    navigate(keyed ? `/teacher/worksheets/${l}/${t}/key` : `/worksheets/${l}/${t}`);
  return (
    <div className="cr-actions cr-no-print">
      <label className="visually-hidden" htmlFor="sheet-lesson">
        課文
      </label>
      <select
        id="sheet-lesson"
        className="input"
        value={lessonId}
        onChange={(e) => go(Number(e.target.value), type)}
      >
        {(lessons.data ?? [{ id: lessonId, title: `第 ${lessonId} 課` }]).map((l) => (
          <option key={l.id} value={l.id}>
            {l.title}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor="sheet-type">
        題型
      </label>
      <select id="sheet-type" className="input" value={type} onChange={(e) => go(lessonId, e.target.value)}>
        <Options choices={PRACTICE_TYPE_CHOICES} />
      </select>
    </div>
  );
}

function Toolbar({ other, otherLabel }: { other: string; otherLabel: string }) {
  return (
    <div className="cr-actions cr-no-print">
      <button type="button" className="btn btn-primary" onClick={() => window.print()}>
        列印
      </button>
      <Link className="btn" to={other}>
        {otherLabel}
      </Link>
    </div>
  );
}

function SheetHead({
  title,
  lessonTitle,
  author,
  typeTitle,
  blanks,
}: Record<'title' | 'lessonTitle' | 'author' | 'typeTitle', string> & { blanks: boolean }) {
  return (
    <header className="ws-head">
      <h1 className="ws-title">
        《{lessonTitle}》{typeTitle}
        {title}
      </h1>
      <p className="ws-meta">{author}</p>
      {/* A student writes on the sheet; the teacher's key has no one's name to fill in. */}
      {blanks ? (
        <p className="ws-fields" data-testid="ws-fields">
          <span>姓名：＿＿＿＿＿＿＿＿</span>
          <span>班別：＿＿＿＿</span>
          <span>學號：＿＿＿</span>
          <span>日期：＿＿＿＿＿＿</span>
        </p>
      ) : null}
    </header>
  );
}

type SheetProps = {
  lessonId: number;
  type: NonNullable<ReturnType<typeof useSheetParams>['type']>;
  questions: string | null;
};

/**
 * The printed page of a worksheet or its key around its query: the picker, then the error, or the toolbar
 * (print, and the link to the other page) and the sheet with its head and `children(data)`.
 */
function SheetPage<T extends Record<'lessonTitle' | 'author' | 'typeTitle', string>>({
  query,
  lessonId,
  type,
  keyed,
  testId,
  other,
  otherLabel,
  title,
  children,
}: Omit<SheetProps, 'questions'> & {
  query: UseQueryResult<T>;
  keyed: boolean;
  testId: string;
  other: string;
  otherLabel: string;
  title: string;
  children: (data: T) => ReactNode;
}) {
  const picker = <Picker lessonId={lessonId} type={type} keyed={keyed} />;
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <main className="page ws-page">
        {picker}
        <ErrorState message={failureMessage(query.error, '此課文沒有這類題目。')} />
      </main>
    );
  const data = query.data;
  return (
    <main className="page ws-page" data-testid={testId}>
      {picker}
      <Toolbar other={other} otherLabel={otherLabel} />
      <article className="ws-sheet">
        <SheetHead
          title={title}
          lessonTitle={data.lessonTitle}
          author={data.author}
          typeTitle={data.typeTitle}
          blanks={!keyed}
        />
        {children(data)}
      </article>
    </main>
  );
}

function Sheet({ lessonId, type, questions }: SheetProps) {
  return (
    <SheetPage
      query={useQuery(worksheetQuery(lessonId, type, questions))}
      lessonId={lessonId}
      type={type}
      keyed={false}
      testId="worksheet"
      other={`/teacher/worksheets/${lessonId}/${type}/key${questionsSearch(questions)}`}
      otherLabel="答案及評分準則（教師）"
      title="工作紙"
    >
      {(data) => (
        <ol className="ws-questions">
          {data.questions.map((q) => (
            <li key={q.id} className="ws-question">
              {printsQuote(q) ? <p className="ws-quote">「{q.targetText}」</p> : null}
              <p className="ws-content">{q.content}</p>
              {q.options.length > 0 && !isFreeText(q) ? (
                <ol className="ws-options">
                  {q.options.map((option, i) => (
                    <li key={option}>
                      <span className="ws-letter">{LETTERS[i]}.</span> {option}
                    </li>
                  ))}
                </ol>
              ) : (
                <div className="ws-lines">
                  {ANSWER_LINES.slice(0, q.points && q.points > 4 ? 8 : 4).map((line) => (
                    <span key={line} className="ws-line" />
                  ))}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </SheetPage>
  );
}

function AnswerKey({ lessonId, type, questions }: SheetProps) {
  return (
    <SheetPage
      query={useQuery(worksheetKeyQuery(lessonId, type, questions))}
      lessonId={lessonId}
      type={type}
      keyed
      testId="worksheet-key"
      other={`/worksheets/${lessonId}/${type}${questionsSearch(questions)}`}
      otherLabel="返回工作紙"
      title="答案及評分準則"
    >
      {(data) => (
        <ol className="ws-questions">
          {data.questions.map((q) => {
            const letter = q.options.indexOf(q.correctAnswer);
            return (
              <li key={q.id} className="ws-question">
                {printsQuote(q) ? <p className="ws-quote">「{q.targetText}」</p> : null}
                <p className="ws-content">{q.content}</p>
                <p className="ws-answer">
                  <strong>答案：</strong>
                  {letter >= 0 && !isFreeText(q) ? `${LETTERS[letter]}. ` : ''}
                  {q.correctAnswer}
                </p>
                {q.scheme.length > 0 ? (
                  <table className="ws-scheme">
                    <caption>評分準則（每點一分）</caption>
                    <thead>
                      <tr>
                        <th scope="col">得分點</th>
                        <th scope="col">接受的譯法</th>
                        <th scope="col">不接受</th>
                      </tr>
                    </thead>
                    <tbody>
                      {q.scheme.map((p) => (
                        <tr key={p.id}>
                          <td>
                            <span className="ws-source">{p.source}</span> {p.label}
                          </td>
                          <td>{p.accept.join('／')}</td>
                          <td>{p.reject.join('／') || '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
                {q.explanation ? <p className="ws-explanation">{q.explanation}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </SheetPage>
  );
}

export function WorksheetPage() {
  const { lessonId, type, questions } = useSheetParams();
  if (!type || !Number.isInteger(lessonId)) return <ErrorState message="找不到此工作紙。" />;
  return <Sheet lessonId={lessonId} type={type} questions={questions} />;
}

export function WorksheetKeyPage() {
  const { lessonId, type, questions } = useSheetParams();
  if (!type || !Number.isInteger(lessonId)) return <ErrorState message="找不到此工作紙。" />;
  return (
    <TeacherGate>
      <AnswerKey lessonId={lessonId} type={type} questions={questions} />
    </TeacherGate>
  );
}
