/**
 * Operations: health, metrics and the API documentation.
 */
import { z } from 'zod';

/** How the process runs (DESIGN.md, "Two ways to run"). */
export const RUN_MODES = ['embedded', 'distributed'] as const;
export const RunModeSchema = z.enum(RUN_MODES);
export type RunMode = z.infer<typeof RunModeSchema>;

export const DependencyStatusSchema = z.enum(['up', 'down']);
export type DependencyStatus = z.infer<typeof DependencyStatusSchema>;

/** GET /api/health: 200 when everything is up, 503 with the same shape otherwise. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: DependencyStatusSchema,
  queue: DependencyStatusSchema,
  mode: RunModeSchema,
});
export type Health = z.infer<typeof HealthSchema>;

/** An HTML page (the sign-in page, the browsable API documentation). */
export const HtmlPageSchema = z.string().meta({ description: 'An HTML page' });

/** Plain text (Prometheus metrics). */
export const PlainTextSchema = z.string().meta({ description: 'Plain text' });

/** A redirect: no body, a Location header. */
export const RedirectSchema = z.null().meta({ description: 'A redirect (see the Location header)' });

/** The websocket upgrade: no body; the messages are in ws.ts. */
export const SwitchingProtocolsSchema = z.null().meta({ description: 'Switching to the websocket protocol' });

/** GET /api/docs/json: the OpenAPI 3.1 document. */
export const OpenApiJsonSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string() }),
});
export type OpenApiJson = z.infer<typeof OpenApiJsonSchema>;
