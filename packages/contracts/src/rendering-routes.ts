/**
 * The calls on renderings accepted on appeal (issue 36), spread into `apiRoutes`: a teacher's own
 * (an admin: everyone's) with their log, the admin's approval queue, and the revert.
 */
import {
  AcceptedRenderingListSchema,
  AcceptedRenderingSchema,
  RenderingParamsSchema,
  RenderingsQuerySchema,
  RevertRenderingResultSchema,
} from './appeals.ts';
import { errorResponses } from './errors.ts';
import type { RouteContract } from './route-contract.ts';

export const renderingRoutes = {
  listRenderings: {
    method: 'GET',
    path: '/api/teacher/renderings',
    summary: "Renderings accepted on appeal with who changed them and when: a teacher's own, an admin's all",
    auth: 'teacher',
    query: RenderingsQuerySchema,
    responses: { 200: AcceptedRenderingListSchema, ...errorResponses(400, 401, 403) },
  },
  approveRendering: {
    method: 'POST',
    path: '/api/admin/renderings/:id/approve',
    summary: "Approve a teacher's rendering for everyone",
    auth: 'admin',
    params: RenderingParamsSchema,
    responses: { 200: AcceptedRenderingSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  rejectRendering: {
    method: 'POST',
    path: '/api/admin/renderings/:id/reject',
    summary: "Keep a teacher's rendering to their own classes",
    auth: 'admin',
    params: RenderingParamsSchema,
    responses: { 200: AcceptedRenderingSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
  revertRendering: {
    method: 'POST',
    path: '/api/teacher/renderings/:id/revert',
    summary:
      'Revert a rendering (an admin: any; a teacher: their own while it marks only their classes); the answers it earned a point are marked again',
    auth: 'teacher',
    params: RenderingParamsSchema,
    responses: { 200: RevertRenderingResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
  },
} as const satisfies Record<string, RouteContract>;
