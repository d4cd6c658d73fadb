import { describe, expect, it } from 'vitest';
import { newEventId } from './event-id.ts';

describe('newEventId', () => {
  it('is a version 7 UUID of the RFC 9562 variant', () => {
    const id = newEventId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('starts with the time in milliseconds, so later ids sort after earlier ones', () => {
    const at = Date.UTC(2026, 11, 2, 8, 0, 0, 123);
    expect(newEventId(at).replaceAll('-', '').slice(0, 12)).toBe(at.toString(16).padStart(12, '0'));
    const earlier = newEventId(at);
    const later = newEventId(at + 1);
    expect(later > earlier).toBe(true);
  });

  it('differs between two ids of the same millisecond', () => {
    const at = Date.now();
    expect(newEventId(at)).not.toBe(newEventId(at));
  });
});
