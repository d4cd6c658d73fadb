/**
 * Calendar days as a Hong Kong learner lives them. Hong Kong is UTC+8 all year (no daylight saving
 * since 1979), so a fixed offset is exact and needs no time-zone database.
 */
import { DomainRuleError } from '../shared/errors.ts';

export const HONG_KONG_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day in Hong Kong, `YYYY-MM-DD`. */
export type HongKongDay = string;

/** Milliseconds since the epoch of an ISO string or epoch number; throws `INVALID_TIME` when unreadable. */
export function toEpochMs(isoOrEpoch: string | number): number {
  const ms = typeof isoOrEpoch === 'number' ? isoOrEpoch : Date.parse(isoOrEpoch);
  if (!Number.isFinite(ms)) {
    throw new DomainRuleError('INVALID_TIME', `Not a readable time: ${String(isoOrEpoch)}`);
  }
  return ms;
}

/** True when `value` is an ISO string (or epoch number) a `Date` can read. */
export function isReadableTime(value: string | number): boolean {
  return Number.isFinite(typeof value === 'number' ? value : Date.parse(value));
}

/**
 * The Hong Kong calendar day of an instant.
 * @example hongKongDate('2024-03-01T16:30:00Z') // '2024-03-02' (00:30 in Hong Kong)
 */
export function hongKongDate(isoOrEpoch: string | number): HongKongDay {
  const ms = toEpochMs(isoOrEpoch);
  return new Date(ms + HONG_KONG_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The hour of the day (0–23) in Hong Kong at an instant.
 * @example hongKongHour('2024-03-01T11:30:00Z') // 19
 */
export function hongKongHour(isoOrEpoch: string | number): number {
  return new Date(toEpochMs(isoOrEpoch) + HONG_KONG_UTC_OFFSET_MS).getUTCHours();
}

function dayToUtcMs(day: HongKongDay): number {
  if (!DAY_PATTERN.test(day)) {
    throw new DomainRuleError('INVALID_TIME', `Not a calendar day: ${day}`);
  }
  return toEpochMs(`${day}T00:00:00Z`);
}

/** The day before `day`. */
export function previousDay(day: HongKongDay): HongKongDay {
  return new Date(dayToUtcMs(day) - DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: HongKongDay, to: HongKongDay): number {
  return Math.round((dayToUtcMs(to) - dayToUtcMs(from)) / DAY_MS);
}
