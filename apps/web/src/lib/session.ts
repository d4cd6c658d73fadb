import type { User } from '@wenyan/contracts';

/**
 * The local session record of spec part 1 §3 and §4: a mirror of the server's session, kept in local and
 * session storage. The server's httpOnly cookie stays the authority; this record only remembers who was
 * signed in and when they were last active, and is cleared on expiry, on a 401 and on sign-out.
 */
export interface SessionRecord {
  isAuthenticated: true;
  lastActivity: number;
  userId: string;
  rememberMe: boolean;
  userProfile: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    profileImageUrl: string | null;
  };
  timestamp: number;
}

export const SESSION_STORAGE_KEY = 'wyt-session';

const DAY = 24 * 60 * 60 * 1000;
/** Spec part 1 §9: 90 days with remember-me, 7 days otherwise, and 30 days of inactivity. */
export const SESSION_LIMITS = { rememberMeMs: 90 * DAY, defaultMs: 7 * DAY, inactivityMs: 30 * DAY } as const;

/** True when the record has outlived its age or its inactivity limit at `now`. */
export function isSessionExpired(record: SessionRecord, now: number): boolean {
  const maxAge = record.rememberMe ? SESSION_LIMITS.rememberMeMs : SESSION_LIMITS.defaultMs;
  return now - record.timestamp > maxAge || now - record.lastActivity > SESSION_LIMITS.inactivityMs;
}

function stores(): Storage[] {
  const list: Storage[] = [];
  try {
    list.push(window.localStorage, window.sessionStorage);
  } catch {
    // storage disabled (private mode): the record is only a convenience
  }
  return list;
}

/** The stored record, or null when there is none or it cannot be read. */
export function readSession(): SessionRecord | null {
  for (const store of stores()) {
    try {
      const raw = store.getItem(SESSION_STORAGE_KEY);
      if (raw) return JSON.parse(raw) as SessionRecord;
    } catch {
      // unreadable: treat as absent
    }
  }
  return null;
}

function write(record: SessionRecord): void {
  const text = JSON.stringify(record);
  for (const store of stores()) {
    try {
      store.setItem(SESSION_STORAGE_KEY, text);
    } catch {
      // quota or disabled storage: ignore
    }
  }
}

/** Saves the record after a successful user fetch (a new one when the user changed or it expired). */
export function saveSession(user: User, now: number = Date.now()): void {
  const previous = readSession();
  const fresh = !previous || previous.userId !== user.id || isSessionExpired(previous, now);
  write({
    isAuthenticated: true,
    userId: user.id,
    rememberMe: fresh ? false : previous.rememberMe,
    userProfile: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      profileImageUrl: user.profileImageUrl,
    },
    lastActivity: now,
    timestamp: fresh ? now : previous.timestamp,
  });
}

/** Refreshes the last-activity time (mouse, key, scroll and touch events while a user is loaded). */
export function touchActivity(now: number = Date.now()): void {
  const record = readSession();
  if (record) write({ ...record, lastActivity: now });
}

/** Removes the record (expiry, 401, sign-out). */
export function clearSession(): void {
  for (const store of stores()) {
    try {
      store.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // ignore
    }
  }
}
