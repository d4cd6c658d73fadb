/**
 * An account's websocket to the API in-process (`/api/ws`, the app listening on `base`), following one
 * channel and keeping the server's messages of one type, for the tests of the leaderboard and the class
 * leagues over the socket.
 */
import { type ClientMessage, decodeServerMessage, type ServerMessage } from '@wenyan/contracts';
import WebSocket from 'ws';

export interface SocketMessages<M> {
  /** The kept messages, in the order they came. */
  readonly messages: M[];
  /** The first kept message that passes `test`, now or once it comes (rejected after 15 s). */
  next(test: (message: M) => boolean): Promise<M>;
  close(): void;
}

/** Opens the socket with the account's `headers`, subscribes, and keeps the messages of `type`. */
export async function subscribeSocket<T extends ServerMessage['type']>(
  base: string,
  headers: Record<string, string>,
  subscribe: Extract<ClientMessage, { type: 'subscribe' }>,
  type: T,
): Promise<SocketMessages<Extract<ServerMessage, { type: T }>>> {
  type Kept = Extract<ServerMessage, { type: T }>;
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`, { headers });
  const messages: Kept[] = [];
  let notify = () => {};
  ws.on('message', (data) => {
    const message = decodeServerMessage(String(data));
    if (message?.type === type) {
      messages.push(message as Kept);
      notify();
    }
  });
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify(subscribe));
  return {
    messages,
    next: (test) =>
      new Promise<Kept>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such ${type} message`)), 15_000);
        const check = () => {
          const found = messages.find(test);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        };
        notify = check;
        check();
      }),
    close: () => ws.close(),
  };
}
