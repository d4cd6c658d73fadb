import { v7 } from 'uuid';

/**
 * A new event id: a UUID of version 7 (RFC 9562, from `uuid`), its first 48 bits the time in
 * milliseconds. The log's `event_id` index then takes each new id at its right end, on the pages the
 * last appends touched, rather than on a random leaf: a random (version 4) id wrote a full-page image
 * of a cold leaf into the WAL for most appends after each checkpoint (issue 38, `bench:history`).
 */
export function newEventId(now?: number): string {
  return now === undefined ? v7() : v7({ msecs: now });
}
