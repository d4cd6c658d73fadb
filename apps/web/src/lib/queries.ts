import { queryOptions } from '@tanstack/react-query';
import { LessonListSchema } from '@wenyan/contracts';
import { getJson } from './api.ts';

/** Query definitions: one key and one fetcher per server resource. */
export const lessonsQuery = queryOptions({
  queryKey: ['lessons'],
  queryFn: () => getJson('/api/lessons', LessonListSchema),
});
