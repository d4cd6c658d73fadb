import { apiRoutes, inputProblem, type Output, type ParsedInput, type RouteName } from '@wenyan/contracts';
import type { UserRecord } from '@wenyan/store';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { requireRole, requireSelf, requireUser } from './auth.ts';
import { ApiError, forbidden } from './errors.ts';
import type { ExactReply } from './exact-reply.ts';

export interface RouteContext<N extends RouteName> {
  input: ParsedInput<N>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user (null only on public routes). */
  user: UserRecord;
}

type Handler<N extends RouteName, R> = (ctx: RouteContext<N>) => Promise<R>;

declare module 'fastify' {
  interface FastifyInstance {
    /** May the signed-in teacher read this learner (a member of one of their classes)? */
    teachesLearner(teacherId: string, learnerId: string): Promise<boolean>;
  }
}

/**
 * Refuses input no contract should have to think about (NUL, lone surrogates, deep nesting) with a 400
 * naming the field, before the contract runs: each was a 500 from Postgres or a stack overflow.
 */
function refuseUnsafeInput(request: FastifyRequest): void {
  const parts: Array<[string, unknown]> = [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ];
  for (const [root, value] of parts) {
    const problem = inputProblem(value, root);
    if (problem) {
      throw new ApiError(400, 'VALIDATION_FAILED', `${problem.field}: ${problem.message}`, [problem]);
    }
  }
}

/** The calls an account with a one-time password may make before it chooses its own. */
const BEFORE_PASSWORD_CHOSEN = new Set<string>(['getCurrentUser', 'changePassword']);

function targetUserId(params: unknown): string | undefined {
  const p = (params ?? {}) as Record<string, unknown>;
  const id = p.userId ?? p.id;
  return id === undefined ? undefined : String(id);
}

/**
 * Registers one call of the contract registry: its method, path and schemas come from
 * `apiRoutes[name]`, and its `auth` rule is enforced before the handler runs. A route is then a few
 * lines: take the parsed input, hand a command or a query on, return the body.
 */
export function defineRoute<N extends RouteName, R extends Output<N> | FastifyReply>(
  app: FastifyInstance,
  name: N,
  // The reply is exact: a key the contract has not, at any depth, fails the build (exact-reply.ts).
  handler: Handler<N, R> & ExactReply<Exclude<R, FastifyReply>, Output<N>>,
  options: {
    successStatus?: number;
    config?: Record<string, unknown>;
    /** Runs after validation and the auth rule (e.g. attempt limits that read the parsed body). */
    preHandler?: preHandlerAsyncHookHandler;
    /**
     * False for a hot route whose request and reply are small JSON: @fastify/compress's hooks (request
     * decompression, the reply's encoding negotiation) are then not installed on it at all.
     */
    compress?: false;
  } = {},
): void {
  const contract = apiRoutes[name] as (typeof apiRoutes)[RouteName];
  const c = contract as unknown as {
    method: string;
    path: string;
    auth: string;
    kind?: string;
    params?: unknown;
    query?: unknown;
    body?: unknown;
    responses: Record<number, unknown>;
  };
  // Only JSON answers are serialized through their schema; pages, text and redirects go as they are.
  const schema: Record<string, unknown> = c.kind && c.kind !== 'json' ? {} : { response: c.responses };
  if (c.params) schema.params = c.params;
  if (c.query) schema.querystring = c.query;
  // Request bodies are strict: an unknown field is a 400 naming it, never silently dropped.
  if (c.body) schema.body = c.body instanceof z.ZodObject ? c.body.strict() : c.body;
  app.route({
    method: c.method as 'GET',
    url: c.path,
    schema,
    config: options.config ?? {},
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.compress === false ? { compress: false, decompress: false } : {}),
    // Authorisation runs before validation: a signed-out or unauthorised caller learns nothing about
    // the shape of the call (401/403 come before 400).
    preValidation: async (request) => {
      await authorise(request);
      // An account made for a class sets its own password before anything else works.
      if (c.auth !== 'public' && request.user?.mustChangePassword && !BEFORE_PASSWORD_CHOSEN.has(name)) {
        throw new ApiError(403, 'PASSWORD_CHANGE_REQUIRED', '請先設定你自己的密碼。');
      }
      refuseUnsafeInput(request);
    },
    handler: async (request, reply) => {
      if (options.successStatus) reply.status(options.successStatus);
      const input = { params: request.params, query: request.query, body: request.body } as ParsedInput<N>;
      return handler({ input, request, reply, user: request.user as UserRecord });
    },
  });

  async function authorise(request: FastifyRequest): Promise<void> {
    switch (c.auth) {
      case 'public':
        return;
      case 'user':
        requireUser(request);
        return;
      case 'self': {
        const target = targetUserId(request.params);
        if (target === undefined) requireUser(request);
        else requireSelf(request, target);
        return;
      }
      case 'teacherOrSelf': {
        const user = requireUser(request);
        const target = targetUserId(request.params);
        if (target === undefined || target === user.id || user.roles.includes('admin')) return;
        if (user.roles.includes('teacher') && (await app.teachesLearner(user.id, target))) return;
        throw forbidden('you can only read your own data or your classes’ learners');
      }
      case 'teacherOfLearner': {
        const user = requireUser(request);
        const target = targetUserId(request.params);
        if (user.roles.includes('admin')) return;
        if (target && user.roles.includes('teacher') && (await app.teachesLearner(user.id, target))) return;
        throw forbidden('only a teacher of the learner’s class can replay their history');
      }
      case 'teacher':
        requireRole(request, 'teacher');
        return;
      case 'admin':
        requireRole(request, 'admin');
        return;
      default:
        throw new Error(`unknown auth rule ${c.auth}`);
    }
  }
}
