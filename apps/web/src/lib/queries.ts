import { queryOptions } from '@tanstack/react-query';
import { LessonListSchema, UserSchema } from '@wenyan/contracts';
import { getJson, HttpError } from './api.ts';

const MINUTE = 60_000;

/** Query definitions: one key and one fetcher per server resource. */

/** The signed-in user; null when signed out (a 401 yields no data instead of failing). */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: async () => {
    try {
      return await getJson('/api/auth/user', UserSchema);
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 5 * MINUTE,
  gcTime: 30 * MINUTE,
});

export const lessonsQuery = queryOptions({
  queryKey: ['lessons'],
  queryFn: () => getJson('/api/lessons', LessonListSchema),
});
