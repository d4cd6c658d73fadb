import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, readApiEnv } from '../../config.ts';
import { isAllowedPushEndpoint } from './index.ts';

const hosts = readApiEnv({}).PUSH_ENDPOINT_HOSTS;

describe('isAllowedPushEndpoint', () => {
  it('accepts the endpoints of the browsers’ push services by default', () => {
    expect(DEFAULT_PUSH_ENDPOINT_HOSTS.split(',')).toEqual(hosts);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGx1dC1hcHBsZQ',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, hosts), endpoint).toBe(true);
    }
  });

  it('refuses any other host, plain http, credentials in the URL and look-alike names', () => {
    for (const endpoint of [
      'https://127.0.0.1:6379/',
      'https://intranet.school.edu.hk/push',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evilnotify.windows.com/w/',
      'not a url',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, hosts), endpoint).toBe(false);
    }
  });

  it('matches a host with its port when one is named (a local push service in tests)', () => {
    expect(isAllowedPushEndpoint('https://127.0.0.1:8443/wpush/1', ['127.0.0.1:8443'])).toBe(true);
    expect(isAllowedPushEndpoint('https://127.0.0.1:9999/wpush/1', ['127.0.0.1:8443'])).toBe(false);
  });
});
