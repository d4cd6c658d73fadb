/**
 * The server's marking of a written recitation (默寫, 上句接下句, 易錯字): the range of the text with
 * each character marked correct, wrong (with what was written) or missing, and the extra characters
 * written shown where they were written. Every mark has words for screen readers, and a legend says
 * what the colours mean. A character written in an accepted variant or Simplified form counts as
 * correct, and a note under the counts names it (「接受異體字／簡體字：煖→暖」).
 */
import type { RecallMark, RecitationGrade, RecitationResult } from '@wenyan/contracts';
import { acceptedFormsNote, isRecitable, RECITATION_GRADE_LABELS } from '@wenyan/domain';
import type { ReactNode } from 'react';

type Marking = Pick<RecitationResult, 'marks' | 'extras'>;

/** The text of [start, end) as a list of pieces: characters with their mark, punctuation, and extras. */
function pieces(text: string, start: number, end: number, marking: Marking): ReactNode[] {
  const characters = Array.from(text);
  const byPosition = new Map<number, RecallMark>(marking.marks.map((m) => [m.position, m]));
  const extrasAfter = (position: number) => marking.extras.filter((x) => x.after === position);
  const out: ReactNode[] = [];
  const pushExtras = (after: number) => {
    for (const [k, extra] of extrasAfter(after).entries())
      out.push(
        <span key={`x${after}-${k}`} className="mr-char is-extra" data-mark="extra">
          {extra.typed}
          <span className="visually-hidden">（多寫了「{extra.typed}」）</span>
        </span>,
      );
  };
  pushExtras(-1);
  for (let p = start; p < Math.min(end, characters.length); p++) {
    const character = characters[p] as string;
    const mark = byPosition.get(p);
    if (character === '\n') out.push(<br key={p} />);
    else if (!mark || !isRecitable(character))
      out.push(
        <span key={p} className="mr-punct">
          {character}
        </span>,
      );
    else if (mark.status === 'correct')
      out.push(
        <span key={p} className="mr-char is-correct" data-mark="correct">
          {character}
          {mark.typed !== character && mark.typed !== '' ? (
            <span className="visually-hidden">（寫作「{mark.typed}」，接受）</span>
          ) : null}
        </span>,
      );
    else if (mark.status === 'wrong')
      out.push(
        <ruby key={p} className="mr-char is-wrong" data-mark="wrong">
          {character}
          <rt>
            <span aria-hidden="true">{mark.typed}</span>
          </rt>
          <span className="visually-hidden">（錯字：寫成「{mark.typed}」）</span>
        </ruby>,
      );
    else
      out.push(
        <span key={p} className="mr-char is-missing" data-mark="missing">
          {character}
          <span className="visually-hidden">（漏寫）</span>
        </span>,
      );
    if (mark) pushExtras(p);
  }
  return out;
}

/** The marked range, its counts in words, and the legend. */
export function MarkedRange({
  text,
  start,
  end,
  marking,
}: {
  text: string;
  start: number;
  end: number;
  marking: Marking;
}) {
  const count = (status: RecallMark['status']) => marking.marks.filter((m) => m.status === status).length;
  const wrong = count('wrong');
  const missing = count('missing');
  const extra = marking.extras.length;
  const acceptedNote = acceptedFormsNote(marking.marks);
  return (
    <div className="mr" data-testid="marked-range">
      <p className="classical mr-text">{pieces(text, start, end, marking)}</p>
      <p className="mr-counts" data-testid="marked-counts">
        {wrong + missing + extra === 0
          ? '全部正確'
          : `錯字 ${wrong} 個・漏字 ${missing} 個・多字 ${extra} 個`}
      </p>
      {acceptedNote ? (
        <p className="mr-accepted" data-testid="marked-accepted">
          {acceptedNote}
        </p>
      ) : null}
      <ul className="mr-legend" aria-label="圖例">
        <li>
          <span className="mr-char is-correct">綠字</span> 正確
        </li>
        <li>
          <span className="mr-char is-wrong">波浪線</span> 錯字（上方小字是你寫的）
        </li>
        <li>
          <span className="mr-char is-missing">虛框</span> 漏字
        </li>
        <li>
          <span className="mr-char is-extra">刪除線</span> 多寫
        </li>
      </ul>
    </div>
  );
}

/** Each grade's colour: the global text tones (`text-amber` is the ink shade of amber, AA on paper). */
const GRADE_TONES: Record<RecitationGrade, string> = {
  excellent: 'text-jade',
  good: 'text-jade',
  pass: 'text-amber',
  needs_improvement: 'text-brick',
};

/** Accuracy and grade of a run (written, or the choices' results). */
export function RecallScore({
  result,
  testId = 'recall',
}: {
  result: Pick<RecitationResult, 'accuracy' | 'grade'>;
  /** Names the figures for tests: `${testId}-accuracy`, `${testId}-grade`. */
  testId?: string;
}) {
  return (
    <div className="rc-score">
      <span className="rc-accuracy" data-testid={`${testId}-accuracy`}>
        {result.accuracy}%
      </span>
      <span className={`rc-grade ${GRADE_TONES[result.grade]}`} data-testid={`${testId}-grade`}>
        {RECITATION_GRADE_LABELS[result.grade]}
      </span>
    </div>
  );
}

/** Why a written answer was not marked (the server's word, or the screen's own), in an alert line. */
export function SendFailed({ message, testId }: { message: string; testId?: string }) {
  return (
    <p className="rc-feedback is-wrong" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
