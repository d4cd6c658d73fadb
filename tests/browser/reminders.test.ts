/**
 * 設定 → 每日提醒 in a real Chromium against the real server (the built client and its service worker).
 *
 * Turning the toggle on asks for the notification permission only then; with it granted (through the
 * browser context, as CDP grants it) the page subscribes through the service worker and the server
 * stores the subscription. Debian's Chromium has no push service it can reach from this closed network
 * (its subscriptions go to Google's FCM): when `pushManager.subscribe` cannot work here, the test proves
 * the honest state the learner then sees (the toggle stays off, a message says so, nothing is stored)
 * instead. Refused permission shows its own state. The service worker's push handler is driven through
 * CDP (`ServiceWorker.deliverPushMessage`): the notification shows the server's words.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, register, uniqueUsername, useWorld } from '../support/world.ts';

describe('the daily reminder in a real browser', () => {
  // Debian's full Chromium: the run's headless shell has no notification permission to grant.
  const world = useWorld({}, { fullChromium: true });

  /** A new learner signed in, on the settings page with the service worker in control. */
  async function learnerOnSettings(context: BrowserContext): Promise<{ page: Page; userId: string }> {
    const page = await context.newPage();
    const { id: userId } = await register(page.request, {
      username: uniqueUsername('remind'),
      firstName: '小明',
    });
    await page.goto('/settings');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.getByTestId('reminder-card').waitFor();
    return { page, userId };
  }

  const toggle = (page: Page) => page.getByRole('switch', { name: '每日提醒' });

  it('is off by default, and refused notifications leave it off with a message saying how to allow them', async () => {
    // No permission granted: headless Chromium refuses the request it makes.
    const context = await newContext(world, { serviceWorkers: 'allow' });
    const { page, userId } = await learnerOnSettings(context);
    await expect(toggle(page).getAttribute('aria-checked')).resolves.toBe('false');
    expect(await page.getByTestId('reminder-status').textContent()).toContain('每日最多提醒一次');
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    await toggle(page).click();
    await expect
      .poll(() => page.evaluate(() => Notification.permission), { timeout: 30_000 })
      .not.toBe('default');
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');
    await page.getByText('你已封鎖本網站的通知').waitFor();
    await expect(toggle(page).getAttribute('aria-checked')).resolves.toBe('false');
    expect(await toggle(page).isDisabled()).toBe(true);
    const settings = await (await page.request.get(`/api/users/${userId}/reminders`)).json();
    expect(settings).toEqual({ enabled: false, hour: 19, devices: 0 });

    // Turned on from another device: this blocked browser can still turn it off everywhere.
    const on = await page.request.put(`/api/users/${userId}/reminders`, {
      data: { enabled: true, hour: 20 },
    });
    expect(on.status()).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: '在所有裝置關閉每日提醒' }).click();
    await expect
      .poll(async () => (await (await page.request.get(`/api/users/${userId}/reminders`)).json()).enabled)
      .toBe(false);
    await page.getByRole('button', { name: '在所有裝置關閉每日提醒' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('with the permission granted, subscribes through the service worker and the server keeps it (or says it cannot)', async () => {
    const context = await newContext(world, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: world.server.url });
    const { page, userId } = await learnerOnSettings(context);
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');

    // Can this Chromium reach a push service at all? (Subscribing needs one; FCM is not reachable here.)
    const publicKey = (
      (await (await page.request.get('/api/push/public-key')).json()) as { publicKey: string }
    ).publicKey;
    const probe = await page.evaluate(async (key) => {
      const registration = await navigator.serviceWorker.ready;
      const raw = atob(
        key
          .replace(/-/g, '+')
          .replace(/_/g, '/')
          .padEnd(Math.ceil(key.length / 4) * 4, '='),
      );
      const bytes = Uint8Array.from(raw, (c) => c.charCodeAt(0));
      try {
        const subscription = await Promise.race([
          registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes }),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 15_000)),
        ]);
        await subscription.unsubscribe();
        return 'ok';
      } catch (err) {
        return `failed: ${String(err)}`;
      }
    }, publicKey);

    await toggle(page).click();
    if (probe === 'ok') {
      await expect.poll(() => toggle(page).getAttribute('aria-checked'), { timeout: 20_000 }).toBe('true');
      await page.getByText(/已開啟：每日 19:00 後/).waitFor();
      const settings = await (await page.request.get(`/api/users/${userId}/reminders`)).json();
      expect(settings).toEqual({ enabled: true, hour: 19, devices: 1 });
      const endpoint = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.pushManager.getSubscription())?.endpoint;
      });
      expect(endpoint).toMatch(/^https:\/\//);
      await page.getByLabel('提醒時間').selectOption('21');
      await expect
        .poll(async () => (await (await page.request.get(`/api/users/${userId}/reminders`)).json()).hour)
        .toBe(21);
      // Off again: this device is removed and the reminder is off.
      await toggle(page).click();
      await expect.poll(() => toggle(page).getAttribute('aria-checked')).toBe('false');
      expect(await (await page.request.get(`/api/users/${userId}/reminders`)).json()).toEqual({
        enabled: false,
        hour: 21,
        devices: 0,
      });
    } else {
      // No push service: the learner is told, and nothing claims a reminder is on.
      console.info(`push subscription is not possible in this Chromium (${probe}): testing the honest state`);
      await page.getByTestId('reminder-error').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('reminder-error').textContent()).toMatch(/未能/);
      await expect(toggle(page).getAttribute('aria-checked')).resolves.toBe('false');
      const settings = await (await page.request.get(`/api/users/${userId}/reminders`)).json();
      expect(settings).toEqual({ enabled: false, hour: 19, devices: 0 });
    }
    await context.close();
  });

  it('shows the server’s reminder when a push arrives at the service worker', async () => {
    const context = await newContext(world, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: world.server.url });
    const { page } = await learnerOnSettings(context);
    const cdp = await context.newCDPSession(page);
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      registrations.push(...(event.registrations as typeof registrations));
    });
    await cdp.send('ServiceWorker.enable');
    // Bounds, not waits: the worker's registration and its notification come at once on an idle machine,
    // in over 10 s beside CI's other browser file and the a11y sweep.
    await expect.poll(() => registrations.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const registration = registrations.find((r) => r.scopeURL.startsWith(world.server.url))!;
    const message = {
      title: '今日複習',
      body: '今日有 3 張卡要複習，花幾分鐘溫習吧！',
      url: '/',
      tag: 'wyt-daily-reminder',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(world.server.url).origin,
      registrationId: registration.registrationId,
      data: JSON.stringify(message),
    });
    const shown = async () =>
      page.evaluate(async () => {
        const ready = await navigator.serviceWorker.ready;
        return (await ready.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          data: n.data,
          tag: n.tag,
        }));
      });
    await expect.poll(async () => (await shown()).length, { timeout: 30_000 }).toBe(1);
    expect(await shown()).toEqual([
      {
        title: '今日複習',
        body: '今日有 3 張卡要複習，花幾分鐘溫習吧！',
        data: { url: '/' },
        tag: 'wyt-daily-reminder',
      },
    ]);
    await context.close();
  });
});
