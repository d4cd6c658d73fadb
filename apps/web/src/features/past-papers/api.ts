import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { readQuery } from '../../lib/reads.ts';
import type { MixedPracticeRequest } from './mixedPracticeMachine.ts';
import type { MixRequest } from './pastPapersMachine.ts';

/** The papers' name (「DSE 模擬試題」) and the content's disclaimer. */
export const dseAboutQuery = readQuery(queryKeys.dseAbout, 'getDseAbout', {
  staleTime: Number.POSITIVE_INFINITY,
});

/** The calls the past-paper machines make (the screens hand them in with `.provide()`). */
export const pastPaperCalls = {
  papers: () => call('listDsePapers'),
  paperQuestions: ({ paperId }: { paperId: number }) =>
    call('listDsePaperQuestions', { params: { paperId } }),
  metadata: () => call('getDseMetadata'),
  /** Types and passages repeat their parameter (`types=a&types=b`). */
  mix: ({ types, passages }: MixRequest) =>
    call('mixDseQuestions', { query: { types: [...types], passages: passages.map(String) } }),
  mixedPracticeFilters: () => call('getDseMixedPracticeFilters'),
  /** Empty filters are left out (the server needs at least one). */
  mixedPractice: ({ lessonIds, types, years, limit }: MixedPracticeRequest) =>
    call('listDseMixedPractice', {
      query: {
        lessonIds: nonEmpty(lessonIds.map(String)),
        types: nonEmpty([...types]),
        years: nonEmpty(years.map(String)),
        limit,
      },
    }),
};

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined;
}
