/**
 * The contracts' worker: the registry and every parse off the page's main thread (see
 * contracts-host.ts). `client.ts` starts it and posts `{ id, request }`; each answer is `{ id, reply }`.
 */
import { type HostRequest, handle, type Reply } from './contracts-host.ts';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<{ id: number; request: HostRequest }>) => void) | null;
  postMessage(message: { id: number; reply: Reply }): void;
};

scope.onmessage = ({ data }) => {
  void handle(data.request).then((reply) => scope.postMessage({ id: data.id, reply }));
};
