/**
 * The shape of one route of the registry (`routes.ts`): its method, path, who may call it and its schemas.
 * A file of its own so that the route lists kept beside their schemas (`classroom-routes.ts`,
 * `self-marks.ts`, ...) and the registry that joins them do not import each other.
 */
import type { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// The shape of a route
// ---------------------------------------------------------------------------------------------

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call a route:
 * - `public`: anyone, signed in or not;
 * - `user`: any signed-in user (body `userId`s are checked against, or replaced by, the session's user);
 * - `self`: the `:userId` / `:id` path parameter must be the signed-in user;
 * - `teacherOrSelf`: self, a teacher of a class the learner is in, or an admin;
 * - `teacherOfLearner`: a teacher of a class the learner is in, or an admin (a learner's replay: not
 *   even the learner themself);
 * - `teacher`: a user with the teacher or admin role (class routes also check the class is theirs);
 * - `admin`: a user with the admin role.
 */
export const AUTH_RULES = [
  'public',
  'user',
  'self',
  'teacherOrSelf',
  'teacherOfLearner',
  'teacher',
  'admin',
] as const;
export type AuthRule = (typeof AUTH_RULES)[number];

/**
 * What the success answer is. Only `json` answers are serialized with their schema; for the others the
 * `responses` entry documents the status code only (do not hand it to a JSON serializer).
 */
export const RESPONSE_KINDS = ['json', 'html', 'text', 'redirect', 'websocket'] as const;
export type ResponseKind = (typeof RESPONSE_KINDS)[number];

/** One call: its method, its Fastify-style path, who may call it, and the schemas of its parts. */
export interface RouteContract {
  readonly method: HttpMethod;
  /** Fastify style: `/api/lessons/:id`. */
  readonly path: `/api/${string}`;
  readonly summary: string;
  readonly auth: AuthRule;
  /** Defaults to `json`. */
  readonly kind?: ResponseKind;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** Status code → schema of the body sent with it. */
  readonly responses: { readonly [status: number]: z.ZodType };
}
