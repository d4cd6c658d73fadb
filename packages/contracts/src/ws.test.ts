import { describe, expect, it } from 'vitest';
import {
  ClientMessageSchema,
  decodeClientMessage,
  decodeServerMessage,
  ServerMessageSchema,
  WS_PROTOCOL_VERSION,
} from './ws.ts';

const entry = {
  id: 'u1',
  firstName: '小明',
  lastName: '陳',
  email: null,
  profileImageUrl: null,
  schoolName: '皇仁書院',
  totalXP: 1500,
  completedLessons: 4,
  averageAccuracy: 87.5,
  streakDays: 7,
  rank: 1,
};

describe('client messages', () => {
  it.each([
    { type: 'subscribe', channel: 'leaderboard' },
    { type: 'unsubscribe', channel: 'leaderboard' },
    { type: 'ping' },
  ])('accepts %j', (message) => {
    expect(ClientMessageSchema.parse(message)).toEqual(message);
  });

  it.each([
    { type: 'subscribe' },
    { type: 'subscribe', channel: 'chat' },
    { type: 'unsubscribe' },
    { type: 'pong' },
    { channel: 'leaderboard' },
    'ping',
    null,
  ])('rejects %j', (message) => {
    expect(ClientMessageSchema.safeParse(message).success).toBe(false);
  });
});

describe('server messages', () => {
  it.each([
    { type: 'welcome', protocol: WS_PROTOCOL_VERSION },
    { type: 'pong' },
    { type: 'error', code: 'VALIDATION_FAILED', message: '無法讀取訊息' },
    {
      type: 'leaderboard',
      protocol: WS_PROTOCOL_VERSION,
      version: 12,
      top: [entry],
      me: { entry, rank: 1 },
      total: 30,
    },
    { type: 'leaderboard', protocol: WS_PROTOCOL_VERSION, version: 0, top: [], me: null, total: 0 },
  ])('accepts $type', (message) => {
    expect(ServerMessageSchema.parse(message)).toEqual(message);
  });

  it.each([
    { type: 'welcome' },
    { type: 'error', code: 'X' },
    { type: 'leaderboard', protocol: 1, top: [], me: null, total: 0 },
    {
      type: 'leaderboard',
      protocol: 1,
      version: 1,
      top: Array.from({ length: 11 }, () => entry),
      me: null,
      total: 11,
    },
    { type: 'subscribe', channel: 'leaderboard' },
  ])('rejects %j', (message) => {
    expect(ServerMessageSchema.safeParse(message).success).toBe(false);
  });
});

describe('decoding frames', () => {
  it('parses a JSON frame into a message', () => {
    expect(decodeClientMessage('{"type":"ping"}')).toEqual({ type: 'ping' });
    expect(decodeServerMessage(`{"type":"welcome","protocol":${WS_PROTOCOL_VERSION}}`)).toEqual({
      type: 'welcome',
      protocol: WS_PROTOCOL_VERSION,
    });
  });

  it('gives null for text that is not JSON or not a known message', () => {
    expect(decodeClientMessage('ping')).toBeNull();
    expect(decodeClientMessage('{"type":"shout"}')).toBeNull();
    expect(decodeServerMessage('')).toBeNull();
  });
});
