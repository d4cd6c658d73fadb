import type { FastifyInstance } from 'fastify';
import { answerRoutes } from './answer.ts';
import { errorBookRoutes } from './error-book.ts';
import { nodeRoutes } from './nodes.ts';
import { recitationRoutes } from './recitation.ts';
import { recordRoutes } from './records.ts';

/**
 * The learner's write calls, one file a use case: the answer, nodes, records, the error book and
 * recitation. Each turns the request into a command; the server decides the rest.
 */
export async function learnerRoutes(app: FastifyInstance): Promise<void> {
  await answerRoutes(app);
  await nodeRoutes(app);
  await recordRoutes(app);
  await errorBookRoutes(app);
  await recitationRoutes(app);
}
