import type { FastifyInstance } from 'fastify';
import { passwordRoutes } from './passwords.ts';
import { schoolSignInRoutes } from './school-sign-in.ts';
import { signInRoutes } from './sign-in.ts';

/** Identity: the sign-in page and the school's sign-in, local accounts, sessions, sign-out, passwords. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  await schoolSignInRoutes(app);
  await signInRoutes(app);
  await passwordRoutes(app);
}
