import { randomBytes } from 'node:crypto';

/**
 * A new event id: a UUID of version 7 (RFC 9562), its first 48 bits the time in milliseconds, the
 * rest random. The log's `event_id` index then takes each new id at its right end, on the pages the
 * last appends touched, rather than on a random leaf: a random (version 4) id wrote a full-page image
 * of a cold leaf into the WAL for most appends after each checkpoint (issue 38, `bench:history`).
 */
export function newEventId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
