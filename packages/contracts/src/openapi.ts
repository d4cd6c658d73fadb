/**
 * The OpenAPI 3.1 document, generated from the route registry (the API serves it at /api/docs/json).
 */
import { z } from 'zod';
import {
  createDocument,
  createSchema,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { ErrorBodySchema } from './errors.ts';
import { type RouteContract, routeEntries, toOpenApiPath } from './routes.ts';
import { ClientMessageSchema, ServerMessageSchema, WS_PROTOCOL_VERSION } from './ws.ts';

export interface OpenApiOptions {
  /** Defaults to 文言通 API. */
  readonly title?: string;
  /** The API's version; defaults to the websocket protocol version. */
  readonly version?: string;
  /** The servers the API answers at (e.g. https://wenyan.example.hk); omitted when none is given. */
  readonly servers?: ReadonlyArray<{ readonly url: string; readonly description?: string }>;
  /** The name of the session cookie the API sets at sign-in (the API passes its own). */
  readonly sessionCookieName?: string;
}

/** Methods that change something: each accepts an `Idempotency-Key`. */
const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The `Idempotency-Key` header of every write, as the API reads it. */
const IdempotencyHeaderSchema = z.object({
  'Idempotency-Key': z
    .string()
    .min(8)
    .max(128)
    .optional()
    .meta({
      description:
        'A key the client picks per action (8 to 128 characters) and sends again with every retry of it. ' +
        'A learner write already applied under the key appends nothing and answers its first reply; the ' +
        'same key with a different request is refused (422 IDEMPOTENCY_KEY_REUSED). Other writes accept it.',
    }),
});

const STATUS_DESCRIPTIONS: Readonly<Record<number, string>> = {
  101: 'Switching Protocols',
  200: 'OK',
  201: 'Created',
  302: 'Found (redirect)',
  400: 'Validation failed',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Unavailable',
};

type StatusDigit = 1 | 2 | 3 | 4 | 5;

const MEDIA_TYPES = { json: 'application/json', html: 'text/html', text: 'text/plain' } as const;

function responsesOf(route: RouteContract): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, schema] of Object.entries(route.responses) as Array<
    [`${StatusDigit}${string}`, z.ZodType]
  >) {
    const description = STATUS_DESCRIPTIONS[Number(status)] ?? `Status ${status}`;
    const kind = schema === ErrorBodySchema ? 'json' : (route.kind ?? 'json');
    if (kind === 'redirect' || kind === 'websocket') {
      responses[status] = { description };
    } else {
      responses[status] = { description, content: { [MEDIA_TYPES[kind]]: { schema } } };
    }
  }
  return responses;
}

/** The tag of a route: the first segment after /api (`/api/users/:id/stats` → `users`). */
function tagOf(path: string): string {
  return path.split('/')[2] ?? 'api';
}

/**
 * Builds the OpenAPI 3.1 document of every route in `apiRoutes`, with the websocket messages as
 * the components `WsClientMessage` and `WsServerMessage`. Each operation's `operationId` is its
 * registry name and `x-auth` its auth rule.
 */
export function buildOpenApiDocument(options: OpenApiOptions = {}): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, route] of routeEntries()) {
    const operation: ZodOpenApiOperationObject = {
      operationId: name,
      summary: route.summary,
      tags: [tagOf(route.path)],
      security: route.auth === 'public' ? [] : [{ sessionCookie: [] }],
      'x-auth': route.auth,
      responses: responsesOf(route),
    };
    const write = WRITE_METHODS.has(route.method) && route.kind !== 'websocket';
    if (route.params || route.query || write) {
      operation.requestParams = {
        ...(route.params ? { path: route.params } : {}),
        ...(route.query ? { query: route.query } : {}),
        ...(write ? { header: IdempotencyHeaderSchema } : {}),
      };
    }
    if (route.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: route.body } } };
    }
    const openApiPath = toOpenApiPath(route.path);
    paths[openApiPath] = { ...paths[openApiPath], [route.method.toLowerCase()]: operation };
  }

  const document = createDocument({
    openapi: '3.1.0',
    info: {
      title: options.title ?? '文言通 API',
      version: options.version ?? String(WS_PROTOCOL_VERSION),
      description:
        'HKDSE classical-Chinese set-text practice. Errors answer `{ error: { code, message, details } }`. ' +
        'The websocket at /api/ws exchanges WsClientMessage and WsServerMessage.',
    },
    ...(options.servers?.length ? { servers: options.servers.map((s) => ({ ...s })) } : {}),
    paths,
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: options.sessionCookieName ?? 'session' },
      },
    },
  });
  // The websocket messages are added afterwards, each rendered in its own direction (a client message
  // as a request, a server message as a response), so shared components keep one rendering.
  const schemas = { ...document.components?.schemas };
  for (const [schema, io] of [
    [ClientMessageSchema, 'input'],
    [ServerMessageSchema, 'output'],
  ] as const) {
    const rendered = createSchema(schema, { io });
    for (const [id, component] of Object.entries(rendered.components ?? {})) schemas[id] ??= component;
  }
  document.components = { ...document.components, schemas };
  closeEnumRecords(document);
  return document;
}

/**
 * zod renders a record keyed by an enum (every key required, as zod 4 checks) as `propertyNames` with
 * the enum, `additionalProperties` and `required`: its required keys are named by no `properties`, which
 * OpenAPI tools read as required keys never defined (Redocly's no-required-schema-properties-undefined;
 * viewers show no field). Each such schema is rewritten, in place, as the closed object it is: one
 * property per key, each with the record's value schema, and no other key.
 */
function closeEnumRecords(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) closeEnumRecords(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  const keys = (schema.propertyNames as { enum?: unknown } | undefined)?.enum;
  if (
    schema.type === 'object' &&
    schema.properties === undefined &&
    Array.isArray(keys) &&
    keys.every((key) => typeof key === 'string') &&
    Array.isArray(schema.required)
  ) {
    const value = schema.additionalProperties ?? {};
    schema.properties = Object.fromEntries(keys.map((key) => [key, value]));
    schema.additionalProperties = false;
    delete schema.propertyNames;
  }
  for (const child of Object.values(schema)) closeEnumRecords(child);
}
