import type { FastifyInstance } from 'fastify';
import { assignmentRoutes } from './assignments.ts';
import { classBoardRoutes } from './class-boards.ts';
import { homeworkReadRoutes } from './reads.ts';

/** Homework (assignments on the class's stream) and class leagues. */
export async function homeworkRoutes(app: FastifyInstance): Promise<void> {
  await assignmentRoutes(app);
  await homeworkReadRoutes(app);
  await classBoardRoutes(app);
}
