import type { FastifyInstance } from 'fastify';
import { addQuestionRoutes } from './add-question.ts';
import { lessonQuestionRoutes } from './lesson-questions.ts';
import { vocabularyQuestionRoutes } from './vocabulary.ts';

/** Questions: per lesson, per roadmap node, adaptive, vocabulary; and the add-question form. */
export async function questionRoutes(app: FastifyInstance): Promise<void> {
  await lessonQuestionRoutes(app);
  await vocabularyQuestionRoutes(app);
  await addQuestionRoutes(app);
}
