/**
 * A local HTTPS server that plays a Web Push service (Mozilla's autopush, FCM) for the reminder tests,
 * and test devices whose keys decrypt what it receives. It checks what a real push service checks: the
 * VAPID JWT (ES256, signed by the key in `k=`, for this origin, not expired) and an aes128gcm body; the
 * test decrypts the body with the device's private key (RFC 8291), so the words the learner would read
 * are asserted, not just that a request came. The certificate is a self-signed one for 127.0.0.1
 * (`push-service.cert.pem`, test only): the sender trusts it through the HTTPS agent it is given.
 */
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  verify,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const CERT = readFileSync(path.join(here, 'push-service.cert.pem'));
const KEY = readFileSync(path.join(here, 'push-service.key.pem'));

/** A POST the push service received. */
export interface ReceivedPush {
  /** The device id (the last part of the endpoint's path). */
  device: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** What the service answered. */
  status: number;
}

/** A browser's subscription, with the private key only the browser would hold. */
export interface TestDevice {
  id: string;
  endpoint: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

export interface PushService {
  origin: string;
  /** `127.0.0.1:<port>`, for `PUSH_ENDPOINT_HOSTS`. */
  host: string;
  /** Trusts the service's certificate. */
  agent: Agent;
  received: ReceivedPush[];
  /** A new device subscribed at this service. */
  device(): TestDevice;
  /** The status the service answers for a device from now on (201 by default; 410: unsubscribed). */
  answer(device: TestDevice, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer({ cert: CERT, key: KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const device = (req.url ?? '').split('/').pop() ?? '';
      const status = req.method === 'POST' ? (statuses.get(device) ?? 201) : 405;
      received.push({ device, headers: req.headers, body: Buffer.concat(chunks), status });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  const agent = new Agent({ ca: CERT, keepAlive: false });
  let n = 0;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    agent,
    received,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = `device-${++n}-${randomBytes(4).toString('hex')}`;
      const endpoint = `${origin}/wpush/v2/${id}`;
      return {
        id,
        endpoint,
        ecdh,
        auth,
        subscription: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    answer(device, status) {
      statuses.set(device.id, status);
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm Web Push body (RFC 8188 and 8291) with the device's keys: the plaintext. */
export function decryptPush(body: Buffer, device: TestDevice): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(device.auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2 and any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not a last record');
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID claims of a push request, after checking its ES256 signature against the key it names. */
export function verifyVapid(push: ReceivedPush): {
  aud: string;
  exp: number;
  sub: string;
  publicKey: string;
} {
  const header = String(push.headers.authorization ?? '');
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  const alg = JSON.parse(Buffer.from(head, 'base64url').toString()).alg;
  if (alg !== 'ES256') throw new Error(`VAPID alg ${alg}`);
  return { ...JSON.parse(Buffer.from(claims, 'base64url').toString()), publicKey };
}
