import type { FastifyInstance } from 'fastify';
import { reviewForecastRoutes } from './forecast.ts';
import { reviewSessionRoutes } from './session.ts';
import { reviewSettingsRoutes } from './settings.ts';

/** The review calls: due list, session, accuracy by tag; forecasts; settings and exam dates. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  await reviewSessionRoutes(app);
  await reviewForecastRoutes(app);
  await reviewSettingsRoutes(app);
}
