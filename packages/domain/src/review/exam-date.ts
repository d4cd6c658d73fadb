/**
 * The exam date a learner's reviews aim at: the HKDSE Chinese Language exam (Paper 1, the first
 * paper of the subject) of a year, as an admin set it for the school year or as known here, and the
 * bounds of a date a learner may choose. Dates are Hong Kong calendar days (`YYYY-MM-DD`); the exam
 * starts at 08:30 and its day begins at 00:00 Hong Kong time, which is the moment the plan aims at.
 */
import { HONG_KONG_UTC_OFFSET_MS, type HongKongDay, hongKongDate } from '../time/hong-kong.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The HKDSE Chinese Language Paper 1 dates known to this release. 2025: 2 April (press reports of the
 * first day of the 2025 exam). 2026: 9 April (the HKEAA's 2026 timetable as reported by Sing Tao,
 * January 2026). 2027: not published when this was written: assumed to be Thursday 8 April, the second
 * Thursday of April as in 2026; an admin sets the published date (`PUT /api/admin/exam-dates/2027`).
 */
export const KNOWN_DSE_CHINESE_DATES: Readonly<Record<number, HongKongDay>> = {
  2025: '2025-04-02',
  2026: '2026-04-09',
  2027: '2027-04-08',
};

/** How far ahead a learner may set their exam date: three years from today. */
export const EXAM_DATE_HORIZON_YEARS = 3;

/** Whether a year's date comes from an admin or from this release's table and rule. */
/** Where the plan's exam date came from. */
export type ExamDateSource = 'learner' | 'school_year_default';

export type ExamDateOrigin = 'admin' | 'built_in';

/**
 * The built-in date of a year's exam: the table above, else the second Thursday of April (the
 * assumption for a year not published yet).
 * @example builtInExamDate(2026) // '2026-04-09'
 */
export function builtInExamDate(year: number): HongKongDay {
  const known = KNOWN_DSE_CHINESE_DATES[year];
  if (known) return known;
  const firstOfApril = new Date(Date.UTC(year, 3, 1));
  const toThursday = (4 - firstOfApril.getUTCDay() + 7) % 7;
  return new Date(Date.UTC(year, 3, 1 + toThursday + 7)).toISOString().slice(0, 10);
}

/** A year's exam date: the admin's for that school year when set, else the built-in one. */
export function examDateForYear(year: number, adminDates: Readonly<Record<number, HongKongDay>> = {}) {
  return adminDates[year] ?? builtInExamDate(year);
}

/**
 * The coming exam at `now`: the first year, from this calendar year on, whose exam day is today or later
 * (on the exam day itself the exam is still the coming one).
 * @example comingExam('2026-11-25T08:00:00Z') // { year: 2027, examDate: '2027-04-08' }
 */
export function comingExam(
  now: string | number,
  adminDates: Readonly<Record<number, HongKongDay>> = {},
): { year: number; examDate: HongKongDay } {
  const today = hongKongDate(now);
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    const examDate = examDateForYear(y, adminDates);
    if (examDate >= today) return { year: y, examDate };
  }
  return { year: year + 2, examDate: examDateForYear(year + 2, adminDates) };
}

/** The days already turned into instants (a handful of exam dates; the scheduler asks per answer). */
const dayStarts = new Map<string, number>();

/** The moment the plan aims at: the start (00:00, Hong Kong) of the exam day, as epoch ms. */
export function examStartMs(examDate: HongKongDay): number {
  let ms = dayStarts.get(examDate);
  if (ms === undefined) {
    ms = Date.parse(`${examDate}T00:00:00Z`) - HONG_KONG_UTC_OFFSET_MS;
    if (dayStarts.size < 1000) dayStarts.set(examDate, ms);
  }
  return ms;
}

/** The start (00:00, Hong Kong) of the Hong Kong day of an instant, as epoch ms (UTC+8, no DST). */
export function startOfHongKongDayMs(epochMs: number): number {
  return Math.floor((epochMs + HONG_KONG_UTC_OFFSET_MS) / DAY_MS) * DAY_MS - HONG_KONG_UTC_OFFSET_MS;
}

/** The end of the Hong Kong day of an instant (the next day's start, exclusive), as epoch ms. */
export function endOfHongKongDayMs(epochMs: number): number {
  return startOfHongKongDayMs(epochMs) + DAY_MS;
}

/**
 * Why a learner may not take `examDate` at `now` (Traditional Chinese), or null when they may: not
 * before today (Hong Kong) and at most three years ahead.
 * @example examDateProblem('2020-01-01', '2026-11-25T00:00:00Z') // '考試日期不能早於今天'
 */
export function examDateProblem(examDate: HongKongDay, now: string | number): string | null {
  const today = hongKongDate(now);
  if (examDate < today) return '考試日期不能早於今天';
  const horizon = `${Number(today.slice(0, 4)) + EXAM_DATE_HORIZON_YEARS}${today.slice(4)}`;
  if (examDate > horizon) return `考試日期不能超過 ${EXAM_DATE_HORIZON_YEARS} 年後`;
  return null;
}

/** Why a learner may not choose the exam year `year` at `now`, or null: its exam not past, within three years. */
export function examYearProblem(
  year: number,
  now: string | number,
  adminDates: Readonly<Record<number, HongKongDay>> = {},
): string | null {
  const problem = examDateProblem(examDateForYear(year, adminDates), now);
  if (problem === null) return null;
  return problem === '考試日期不能早於今天'
    ? '這一年的考試已經過去'
    : `應考年份不能超過 ${EXAM_DATE_HORIZON_YEARS} 年後`;
}

/** Whole Hong Kong days from the day of `now` to the exam day (0 on the day, negative after). */
export function daysToExam(examDate: HongKongDay, now: string | number): number {
  return Math.round(
    (examStartMs(examDate) - startOfHongKongDayMs(typeof now === 'number' ? now : Date.parse(now))) / DAY_MS,
  );
}
