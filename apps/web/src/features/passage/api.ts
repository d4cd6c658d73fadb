import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

/** A passage's notes and 語譯 (empty lists while its annotations are being written). */
export const annotationsQuery = (lessonId: number) =>
  queryOptions({
    queryKey: queryKeys.annotations(lessonId),
    queryFn: () => call('getLessonAnnotations', { params: { id: lessonId } }),
    enabled: lessonId > 0,
  });

/** The lesson's questions as a learner sees them (no keys): the word drills of the notes come from it. */
export const lessonQuestionsQuery = (lessonId: number) =>
  queryOptions({
    queryKey: queryKeys.lessonQuestions(lessonId),
    queryFn: () => call('listLessonQuestions', { params: { lessonId } }),
  });
