import {
  createLocalChannel,
  type Db,
  type ResolvedSession,
  resolveSession,
  type SessionEnded,
  sessionDigest,
  type UserRecord,
} from '@wenyan/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SharedSession } from '../cluster.ts';
import { createSessionCache, monotonicMs } from './session-cache.ts';

vi.mock('@wenyan/store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@wenyan/store')>()),
  resolveSession: vi.fn(),
}));

const lookup = vi.mocked(resolveSession);
const db = {} as Db;
const NOW = new Date('2026-11-21T08:00:00Z').getTime();

const user = (id: string): UserRecord => ({
  id,
  username: `user${id}`,
  firstName: null,
  lastName: null,
  email: null,
  profileImageUrl: null,
  roles: ['student'],
  characterThreshold: 400,
  mustChangePassword: false,
  createdAt: new Date(NOW),
  updatedAt: new Date(NOW),
});

const session = (id: string, endsInMs = 60_000): ResolvedSession => ({
  user: user(id),
  sessionId: `digest-${id}`,
  expiresAt: new Date(NOW + endsInMs),
});

/** A session another process looked up at `readAt` (monotonic ms), as `hear` receives it. */
const heard = (token: string, id: string, readAt: number, expiresAt = NOW + 60_000): SharedSession => ({
  sessionId: sessionDigest(token),
  user: user(id),
  expiresAt,
  readAt,
});

describe('the session cache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    lookup.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the database once for a session it keeps', async () => {
    lookup.mockResolvedValue(session('1'));
    const sessions = createSessionCache(db, 60_000, createLocalChannel<SessionEnded>());
    expect((await sessions.resolve('token-1'))?.id).toBe('1');
    expect((await sessions.resolve('token-1'))?.id).toBe('1');
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('does not keep a token without a session', async () => {
    lookup.mockResolvedValueOnce(null).mockResolvedValueOnce(session('1'));
    const sessions = createSessionCache(db, 60_000, createLocalChannel<SessionEnded>());
    expect(await sessions.resolve('token-1')).toBeNull();
    expect((await sessions.resolve('token-1'))?.id).toBe('1');
  });

  it('asks again once the session itself has ended, within the cache lifetime', async () => {
    lookup.mockResolvedValueOnce(session('1', 1000)).mockResolvedValueOnce(null);
    const sessions = createSessionCache(db, 60_000, createLocalChannel<SessionEnded>());
    expect(await sessions.resolve('token-1')).not.toBeNull();
    vi.setSystemTime(NOW + 1000);
    expect(await sessions.resolve('token-1')).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('forgets a signed-out token, and every token of a user whose roles changed', async () => {
    lookup.mockImplementation(async (_db, token) => session(token.startsWith('a') ? '1' : '2'));
    const sessions = createSessionCache(db, 60_000, createLocalChannel<SessionEnded>());
    for (const token of ['a1', 'a2', 'b1']) await sessions.resolve(token);
    await sessions.forget('b1');
    await sessions.forgetUser('1');
    for (const token of ['a1', 'a2', 'b1']) await sessions.resolve(token);
    expect(lookup).toHaveBeenCalledTimes(6);
  });

  it('does not keep what a lookup read before a forget', async () => {
    let finish: (value: ResolvedSession) => void = () => {};
    lookup.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    lookup.mockResolvedValue(null);
    const sessions = createSessionCache(db, 60_000, createLocalChannel<SessionEnded>());
    const early = sessions.resolve('token-1');
    await sessions.forget('token-1');
    finish(session('1'));
    expect((await early)?.id).toBe('1');
    expect(await sessions.resolve('token-1')).toBeNull();
  });

  it('forgets what another API process signed out or changed, when it hears of it', async () => {
    lookup.mockImplementation(async (_db, token) => session(token.startsWith('a') ? '1' : '2'));
    // Two processes of one deployment: each its own cache, one channel between them.
    const channel = createLocalChannel<SessionEnded>();
    const here = createSessionCache(db, 60_000, channel);
    const there = createSessionCache(db, 60_000, channel);
    await Promise.resolve();
    for (const token of ['a1', 'b1']) await there.resolve(token);
    expect(lookup).toHaveBeenCalledTimes(2);
    await here.forget('b1');
    await there.resolve('a1');
    expect(lookup).toHaveBeenCalledTimes(2);
    await there.resolve('b1');
    expect(lookup).toHaveBeenCalledTimes(3);
    await here.forgetUser('1');
    await there.resolve('a1');
    await there.resolve('b1');
    expect(lookup).toHaveBeenCalledTimes(4);
    // The notice names the session by its digest, never by the token itself.
    const heard: SessionEnded[] = [];
    await channel.subscribe((m) => heard.push(m));
    await here.forget('b1');
    expect(heard).toEqual([{ sessionId: sessionDigest('b1') }]);
    expect(sessionDigest('b1')).not.toBe('b1');
  });

  it("tells the cluster's other processes each session it looked up, never one a forget overtook", async () => {
    const told: SharedSession[] = [];
    lookup.mockResolvedValueOnce(session('1'));
    const sessions = createSessionCache(db, 60_000, createLocalChannel<SessionEnded>(), (s) => told.push(s));
    const before = monotonicMs();
    await sessions.resolve('token-1');
    await sessions.resolve('token-1');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      sessionId: sessionDigest('token-1'),
      user: { id: '1' },
      expiresAt: NOW + 60_000,
    });
    expect(told[0]!.readAt).toBeGreaterThanOrEqual(before);
    // A lookup a sign-out overtook is neither kept nor told.
    let finish: (value: ResolvedSession) => void = () => {};
    lookup.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const early = sessions.resolve('token-2');
    await sessions.forget('token-2');
    finish(session('2'));
    await early;
    expect(told).toHaveLength(1);
  });

  it('serves a session another process looked up without asking the database', async () => {
    const here = createSessionCache(db, 60_000, createLocalChannel<SessionEnded>());
    // As it arrives over the cluster's channel (JSON): the user's times as strings.
    const { user: u } = session('1');
    const wire = JSON.parse(JSON.stringify({ ...u, roles: ['teacher'] }));
    here.hear({ ...heard('token-1', '1', monotonicMs()), user: wire });
    const user = await here.resolve('token-1');
    expect(lookup).not.toHaveBeenCalled();
    expect(user?.roles).toEqual(['teacher']);
    expect(user?.createdAt).toEqual(new Date(NOW));
  });

  it('refuses a heard session a sign-out or role change heard here ended after its lookup began', async () => {
    lookup.mockResolvedValue(null);
    const here = createSessionCache(db, 60_000, createLocalChannel<SessionEnded>());
    const lookedUp = monotonicMs();
    await here.forget('token-1');
    await here.forgetUser('2');
    here.hear(heard('token-1', '1', lookedUp));
    here.hear(heard('token-2', '2', lookedUp));
    expect(await here.resolve('token-1')).toBeNull();
    expect(await here.resolve('token-2')).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(2);
    // Looked up after the sign-out: a new session of that token's owner is kept.
    here.hear(heard('token-2', '2', monotonicMs() + 1));
    expect((await here.resolve('token-2'))?.id).toBe('2');
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('keeps a heard session only for what is left of its lifetime, and never past its end', async () => {
    lookup.mockResolvedValue(null);
    const here = createSessionCache(db, 60_000, createLocalChannel<SessionEnded>());
    here.hear(heard('old', '1', monotonicMs() - 60_000, NOW + 600_000));
    here.hear(heard('ended', '1', monotonicMs(), NOW));
    expect(await here.resolve('old')).toBeNull();
    expect(await here.resolve('ended')).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(2);
    // Looked up 59.7 s ago elsewhere: kept here for the 0.3 s left, then asked again.
    here.hear(heard('late', '1', monotonicMs() - 59_700, NOW + 600_000));
    expect((await here.resolve('late'))?.id).toBe('1');
    expect(lookup).toHaveBeenCalledTimes(2);
    await new Promise((r) => setTimeout(r, 400));
    expect(await here.resolve('late')).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(3);
  });

  it('asks the database every time when SESSION_CACHE_MS is 0', async () => {
    lookup.mockResolvedValue(session('1'));
    const sessions = createSessionCache(db, 0, createLocalChannel<SessionEnded>());
    await sessions.resolve('token-1');
    await sessions.resolve('token-1');
    expect(lookup).toHaveBeenCalledTimes(2);
  });
});
