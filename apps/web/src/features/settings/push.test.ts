import { describe, expect, it } from 'vitest';
import { applicationServerKey, type PushEnvironment, pushSupport } from './push.ts';

const environment = (
  nav: Record<string, unknown>,
  win: Record<string, unknown>,
  standalone = false,
): PushEnvironment =>
  ({
    navigator: { userAgent: 'Mozilla/5.0', platform: 'Linux x86_64', maxTouchPoints: 0, ...nav },
    window: { matchMedia: () => ({ matches: standalone }), ...win },
  }) as unknown as PushEnvironment;

describe('pushSupport', () => {
  it('is supported with a service worker, PushManager and Notification', () => {
    expect(pushSupport(environment({ serviceWorker: {} }, { PushManager: {}, Notification: {} }))).toBe(
      'supported',
    );
  });

  it('is unsupported without PushManager', () => {
    expect(pushSupport(environment({ serviceWorker: {} }, { Notification: {} }))).toBe('unsupported');
  });

  it('asks an iPhone to add the app to its home screen first', () => {
    const iphone = { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', serviceWorker: {} };
    expect(pushSupport(environment(iphone, {}))).toBe('needs-install');
    // Opened from the home screen without push (an old iOS): plainly unsupported.
    expect(pushSupport(environment(iphone, {}, true))).toBe('unsupported');
  });
});

describe('applicationServerKey', () => {
  it('decodes a base64url VAPID key to its 65 bytes', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37) % 256);
    bytes[0] = 4;
    const base64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect([...applicationServerKey(base64url)]).toEqual([...bytes]);
  });
});
