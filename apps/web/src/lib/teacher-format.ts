/**
 * How the teacher pages write names, times and figures: Hong Kong time, Traditional Chinese.
 */
import { displayName, hongKongDate, tellNamesakesApart } from '@wenyan/domain';

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
const HONG_KONG = 'Asia/Hong_Kong';

/** A learner's name: their given and family names, else their username. */
export function learnerName(learner: {
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}): string {
  const named = [learner.firstName, learner.lastName].some((part) => part && part.trim().length > 0);
  return named
    ? displayName({ firstName: learner.firstName, lastName: learner.lastName })
    : (learner.username ?? '學生');
}

type Named = { firstName: string | null; lastName: string | null; username: string | null };

/**
 * A learner's name as a list shows it: with their username when another learner of `among` has the
 * same name. The grouping is the domain's `tellNamesakesApart` (names compared folded: 陳大文 and 陈大文
 * are one name), the rule the league and the teacher's queues follow on the server.
 * @example learnerLabel(a, [a, b]) // '陳大文（c12-01）' when b is also 陳大文
 */
export function learnerLabel(learner: Named, among: readonly Named[]): string {
  const list = among.includes(learner) ? among : [...among, learner];
  const labels = tellNamesakesApart(
    list.map((l, i) => ({ id: String(i), name: learnerName(l), username: l.username })),
  );
  return labels[list.indexOf(learner)] ?? learnerName(learner);
}

/**
 * A Hong Kong calendar day in words.
 * @example dayLabel('2025-03-01') // '2025年3月1日（星期六）'
 */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay();
  return `${y}年${m}月${d}日（星期${WEEKDAYS[weekday]}）`;
}

/**
 * One formatter for every time label: making an `Intl.DateTimeFormat` costs far more than using one
 * (a class table's rows made one each: 15 to 30 ms of a teacher's first screen on a slow machine).
 */
let clock: Intl.DateTimeFormat | undefined;

/** The Hong Kong clock time of an instant, `HH:mm`. */
export function timeLabel(iso: string): string {
  clock ??= new Intl.DateTimeFormat('zh-HK', {
    timeZone: HONG_KONG,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return clock.format(new Date(iso));
}

/** A day and time in Hong Kong: `2025年3月1日 14:05`. */
export function dateTimeLabel(iso: string): string {
  const [y, m, d] = hongKongDate(iso).split('-').map(Number);
  return `${y}年${m}月${d}日 ${timeLabel(iso)}`;
}

/** A percent as every screen prints it (the domain's one rule). */
export { percentLabel } from '@wenyan/domain';
