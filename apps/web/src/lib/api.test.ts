import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, HttpError, newIdempotencyKey, sendJson } from './api.ts';
import { WRITE_RETRY } from './write-client.ts';

/** What the server saw of one request. */
interface Seen {
  at: number;
  key: string | undefined;
  body: string;
}

type Reply = (res: ServerResponse, req: IncomingMessage) => void;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
};
/** The request is read whole (as if applied), then the connection drops before any response. */
const drop: Reply = (_res, req) => req.socket.destroy();

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** A real HTTP server answering its requests with `replies` in turn (the last one repeats). */
async function server(replies: Reply[]) {
  const seen: Seen[] = [];
  const http = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const key = req.headers['idempotency-key'];
      seen.push({ at: performance.now(), key: typeof key === 'string' ? key : undefined, body });
      replies[Math.min(seen.length, replies.length) - 1]!(res, req);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  open.push(() => new Promise((resolve) => http.close(() => resolve())));
  const { port } = http.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/users/answers`, seen };
}

const asIs = { parse: (data: unknown) => data as { ok: boolean } };
const ANSWER = { userId: 'u1', questionId: 'q1', selectedAnswer: '甲', timeSpent: 9 };
const UNAVAILABLE = {
  error: { code: 'UNAVAILABLE', message: '服務暫時未能使用，請稍後再試。', details: null },
};

describe('sendJson: writes through a failure that passes', () => {
  it("waits for a 503's Retry-After and sends the same body with the same Idempotency-Key", async () => {
    const { url, seen } = await server([
      json(503, UNAVAILABLE, { 'retry-after': '1' }),
      json(200, { ok: true }),
    ]);
    await expect(sendJson('POST', url, ANSWER, asIs, 'answer-key-1')).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    expect(seen.map((s) => s.key)).toEqual(['answer-key-1', 'answer-key-1']);
    expect(JSON.parse(seen[1]!.body)).toEqual(ANSWER);
    expect(seen[1]!.body).toBe(seen[0]!.body);
    // The server asked for a second: the retry did not come sooner.
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(900);
  });

  it('retries a request whose connection dropped after it arrived, with the same key (the server applies it once)', async () => {
    const { url, seen } = await server([drop, json(200, { ok: true })]);
    await expect(sendJson('POST', url, ANSWER, asIs)).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    expect(seen[0]!.key).toBeTruthy();
    expect(seen[1]!.key).toBe(seen[0]!.key);
  });

  it('makes one key per call when the caller gives none', async () => {
    const { url, seen } = await server([json(200, { ok: true })]);
    await sendJson('POST', url, ANSWER, asIs);
    await sendJson('POST', url, ANSWER, asIs);
    expect(seen[0]!.key).not.toBe(seen[1]!.key);
  });

  it('gives up after its retries and reports the last failure with its code', async () => {
    const { url, seen } = await server([json(504, { error: { code: 'UNAVAILABLE', message: 'gateway' } })]);
    const error = await sendJson('POST', url, ANSWER, asIs).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 504, code: 'UNAVAILABLE' });
    expect(seen).toHaveLength(1 + WRITE_RETRY.limit);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
  });

  it.each([
    [400, { error: { code: 'VALIDATION_FAILED', message: 'body.questionId: required', details: [] } }],
    [422, { error: { code: 'IDEMPOTENCY_KEY_REUSED', message: 'reused', details: null } }],
    [500, { error: { code: 'INTERNAL', message: 'internal error', details: null } }],
  ])(
    'does not retry a %i: it comes back at once with the server’s code and message',
    async (status, body) => {
      const { url, seen } = await server([json(status, body)]);
      const error = await sendJson('POST', url, ANSWER, asIs).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        status,
        code: body.error.code,
        message: `${status}: ${body.error.message}`,
      });
      expect(seen).toHaveLength(1);
    },
  );

  it('reports a failure whose body is not JSON by its text', async () => {
    const { url } = await server([
      (res) => {
        res.writeHead(413, { 'content-type': 'text/plain' });
        res.end('too large');
      },
    ]);
    await expect(sendJson('POST', url, ANSWER, asIs)).rejects.toMatchObject({
      status: 413,
      code: null,
      message: '413: too large',
    });
  });
});

describe('newIdempotencyKey', () => {
  it('is a version 7 UUID, time first, so later keys sort after earlier ones (the key index grows at its end)', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const keys = Array.from({ length: 50 }, () => newIdempotencyKey());
    expect(new Set(keys).size).toBe(50);
    expect([...keys].sort()).toEqual(keys);
  });
});

describe('createQueryClient: reads offline', () => {
  it('still sends a read once when the browser says it is offline, so the service worker can answer it', () => {
    expect(createQueryClient().getDefaultOptions().queries?.networkMode).toBe('offlineFirst');
  });
});
