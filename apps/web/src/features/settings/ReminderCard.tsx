/**
 * 設定 → 每日提醒: the opt-in daily reminder (Web Push). Off until the learner turns it on; only then is
 * the notification permission asked for, this device subscribed through the service worker and the
 * subscription sent to the server. Honest states: a browser without push, an iPhone that must add the
 * app to its home screen first, a permission the learner refused, on and off.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_REMINDER_HOUR, type ReminderSettings } from '@wenyan/contracts';
import { useEffect, useId, useState } from 'react';
import { HttpError } from '../../lib/api.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import {
  deviceSubscription,
  NoServiceWorkerError,
  notificationPermission,
  pushSupport,
  subscribeDevice,
  subscriptionBody,
} from './push.ts';
import {
  fetchPushPublicKey,
  reminderSettingsQuery,
  saveReminderSettings,
  subscribePush,
  unsubscribePush,
} from './queries.ts';

/** The hours offered (Hong Kong time): from the morning to late evening. */
const HOURS = Array.from({ length: 17 }, (_, i) => i + 7);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

type DeviceState = 'checking' | 'subscribed' | 'not-subscribed';

function failureText(err: unknown): string {
  if (err instanceof NoServiceWorkerError) return '未能啟動離線程式，請重新載入頁面後再試。';
  if (err instanceof HttpError && err.status === 429) return '操作太頻繁，請稍後再試。';
  if (err instanceof DOMException && err.name === 'NotAllowedError') {
    return '瀏覽器拒絕了通知，請在瀏覽器的網站設定中允許通知後再試。';
  }
  return '未能更改每日提醒，請檢查網絡後再試。';
}

export function ReminderCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const hintId = useId();
  const { data: settings, isError } = useQuery(reminderSettingsQuery(userId));
  const [support] = useState(() => pushSupport());
  const [permission, setPermission] = useState<NotificationPermission>(() => notificationPermission());
  const [device, setDevice] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    deviceSubscription()
      .then((subscription) => live && setDevice(subscription ? 'subscribed' : 'not-subscribed'))
      .catch(() => live && setDevice('not-subscribed'));
    return () => {
      live = false;
    };
  }, [support]);

  const hour = settings?.hour ?? DEFAULT_REMINDER_HOUR;
  const on = Boolean(settings?.enabled) && device === 'subscribed';
  const store = (saved: ReminderSettings) => {
    queryClient.setQueryData(queryKeys.reminders(userId), saved);
  };

  async function turnOn() {
    let granted = notificationPermission();
    if (granted !== 'granted') {
      granted = await Notification.requestPermission();
      setPermission(granted);
      if (granted !== 'granted') {
        if (granted === 'default') setError('你未有允許通知，每日提醒仍然關閉。');
        return;
      }
    }
    const { publicKey } = await fetchPushPublicKey();
    const subscription = await subscribeDevice(publicKey);
    await subscribePush(userId, subscriptionBody(subscription));
    setDevice('subscribed');
    store(await saveReminderSettings(userId, true, hour));
  }

  async function turnOff() {
    const subscription = await deviceSubscription();
    if (subscription) {
      await unsubscribePush(userId, subscription.endpoint);
      await subscription.unsubscribe().catch(() => false);
    }
    setDevice('not-subscribed');
    store(await saveReminderSettings(userId, false, hour));
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  }

  const blocked = support !== 'supported' || permission === 'denied';
  const status =
    support === 'needs-install'
      ? 'iPhone 及 iPad 須先在 Safari 按「分享」→「加入主畫面」，再從主畫面開啟文言通，才可接收提醒。'
      : support === 'unsupported'
        ? '這個瀏覽器不支援通知，未能開啟每日提醒。'
        : permission === 'denied'
          ? '你已封鎖本網站的通知。如要接收提醒，請先在瀏覽器的網站設定中允許通知。'
          : on
            ? `已開啟：每日 ${hourLabel(hour)} 後（香港時間），有卡要複習或連續紀錄快將中斷時提醒你，每日最多一次。`
            : settings?.enabled && settings.devices > 0
              ? `提醒已在其他裝置開啟（${settings.devices} 部）。在此開啟，這部裝置也會收到。`
              : '有卡要複習或連續紀錄快將中斷時，每日最多提醒一次。';

  return (
    <section className="card st-group" aria-label="每日提醒" data-testid="reminder-card">
      <div className="st-row">
        <div className="st-text">
          <label htmlFor="setting-reminder" className="st-label">
            每日提醒
          </label>
          <p className="muted st-hint" id={hintId} data-testid="reminder-status" aria-live="polite">
            {status}
          </p>
        </div>
        <button
          id="setting-reminder"
          type="button"
          role="switch"
          aria-checked={on}
          aria-describedby={hintId}
          aria-busy={busy || undefined}
          disabled={blocked || busy || device === 'checking' || settings === undefined}
          className="st-switch"
          onClick={() => void run(on ? turnOff : turnOn)}
        >
          <span className="st-knob" />
        </button>
      </div>
      {on ? (
        <div className="st-row">
          <div className="st-text">
            <label htmlFor="setting-reminder-hour" className="st-label">
              提醒時間
            </label>
            <p className="muted st-hint">香港時間，當日未收過提醒才會發出。</p>
          </div>
          <select
            id="setting-reminder-hour"
            className="input st-hour"
            value={hour}
            disabled={busy}
            onChange={(event) => {
              const chosen = Number(event.target.value);
              void run(async () => {
                store(await saveReminderSettings(userId, true, chosen));
              });
            }}
          >
            {(HOURS.includes(hour) ? HOURS : [...HOURS, hour].sort((a, b) => a - b)).map((h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {blocked && settings?.enabled ? (
        // This browser cannot take it, but the reminder is on (for other devices): it can still be turned off.
        <button
          type="button"
          className="st-link"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              store(await saveReminderSettings(userId, false, hour));
            })
          }
        >
          在所有裝置關閉每日提醒
        </button>
      ) : null}
      {error || isError ? (
        <p className="st-error" role="alert" data-testid="reminder-error">
          {error ?? '未能讀取每日提醒的設定。'}
        </p>
      ) : null}
    </section>
  );
}
