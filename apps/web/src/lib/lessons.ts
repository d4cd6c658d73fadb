import { queryOptions } from '@tanstack/react-query';
import { HttpError } from './api.ts';
import { call } from './client.ts';
import { queryKeys } from './queryKeys.ts';
import { readQuery } from './reads.ts';

/** The lessons (the sixteen set texts, then uploaded ones): read by most screens. */
export const lessonsQuery = readQuery(queryKeys.lessons, 'listLessons');

/** One lesson; null when it does not exist (404). */
export const lessonQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.lesson(id),
    queryFn: async () => {
      try {
        return await call('getLesson', { params: { id } });
      } catch (err) {
        if (err instanceof HttpError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: id > 0,
  });
