/** A failed call and how it is read from a response (shared by the read client, api.ts, and the write path, write-client.ts). */

/** A failed call: the status, and the server's `{ error: { code, message } }` when it sent one. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** A 400's fields and their messages (`{ field: 'body.newPassword', message }`), when the server sent them. */
  readonly details: ReadonlyArray<{ field?: string; message?: string }> | null;
  constructor(
    status: number,
    message: string,
    code: string | null,
    details: ReadonlyArray<{ field?: string; message?: string }> | null = null,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** The failure of a call from its status and body (the server's error shape, other JSON, or text). */
export function httpError(status: number, statusText: string, data: unknown): HttpError {
  const shaped = (data as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  const code = typeof shaped?.code === 'string' ? shaped.code : null;
  const details = Array.isArray(shaped?.details)
    ? (shaped.details as Array<{ field?: string; message?: string }>)
    : null;
  const message =
    typeof shaped?.message === 'string'
      ? shaped.message
      : typeof data === 'string' && data !== ''
        ? data
        : data === undefined || data === null
          ? statusText
          : JSON.stringify(data);
  return new HttpError(status, `${status}: ${message}`, code, details);
}
