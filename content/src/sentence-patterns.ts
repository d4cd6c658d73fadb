/**
 * The 句式 sessions (issue 22): one per sentence pattern, each a list of the lesson banks' items tagged
 * `sentence_pattern` that drill it, drawn from several texts (`data/sentence-patterns.json`; format in
 * README.md, "句式 sessions"). The session holds ids, not copies: an item corrected in its lesson is
 * corrected in its session.
 */
import { SentencePatternIdSchema } from '@wenyan/contracts';
import { z } from 'zod';

export const SentencePatternSessionSchema = z
  .object({
    /** One of the five patterns, as the contracts list them. */
    id: SentencePatternIdSchema,
    title: z.string().trim().min(1),
    description: z.string().trim().min(1),
    /** Lesson-bank question ids, in the order served (the validation test checks each). */
    questionIds: z.array(z.string().regex(/^l[0-9]{2}-[a-z]{2}-[0-9]{2}$/)).min(5),
  })
  .strict();
export type SentencePatternSession = z.infer<typeof SentencePatternSessionSchema>;

export const SentencePatternSessionsSchema = z
  .array(SentencePatternSessionSchema)
  .refine((sessions) => new Set(sessions.map((s) => s.id)).size === sessions.length, {
    message: 'session ids repeat',
  });
