/** How the review screens print dates and shares (the wire carries fractions 0–1 and YYYY-MM-DD). */
import { hongKongDate } from '@wenyan/domain';

/** 「2027年4月20日」 from YYYY-MM-DD. */
export function examDateLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${year}年${month}月${day}日`;
}

/** A share 0–1 as a whole percent: 0.904 → 「90%」. */
export function shareLabel(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** 「n 日後」, 「今日」 or 「已過」 for the days to the exam. */
export function daysToExamLabel(days: number): string {
  if (days > 0) return `尚餘 ${days} 日`;
  if (days === 0) return '今日考試';
  return '考試日已過';
}

/** When a card comes back, in words: 「今日」, 「明日」, else the date. */
export function nextDueLabel(due: string, now: Date = new Date()): string {
  const day = hongKongDate(due);
  if (day <= hongKongDate(now.getTime())) return '今日稍後';
  if (day === hongKongDate(now.getTime() + 86_400_000)) return '明日';
  return examDateLabel(day).replace(/^\d+年/, '');
}

/**
 * Reviews a day as people say them: a whole number (「3」), 「少於 1」 for a few a week (never 「0.1」),
 * 「0」 only for none.
 */
export function perDayLabel(reviews: number): string {
  if (reviews <= 0) return '0';
  if (reviews < 1) return '少於 1';
  return String(Math.round(reviews));
}
