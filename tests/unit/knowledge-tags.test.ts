/**
 * Knowledge tags (issue 21): the contracts' list is the content's, and every item of the mixed
 * vocabulary sessions and the DSE-style papers carries one to three tags, the main one first.
 */

import { dsePapers, KNOWLEDGE_TAG_LABELS, KnowledgeTagSchema, vocabularySessions } from '@wenyan/content';
import { KNOWLEDGE_TAG_LABELS as CONTRACT_LABELS, KNOWLEDGE_TAGS } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';

describe('knowledge tags', () => {
  it('are the same nine kinds, with the same labels, in the contracts and the content', () => {
    expect([...KNOWLEDGE_TAGS]).toEqual(KnowledgeTagSchema.options);
    expect(CONTRACT_LABELS).toEqual(KNOWLEDGE_TAG_LABELS);
  });

  it('tag every item of the mixed vocabulary sessions and the DSE-style papers', () => {
    const items = [
      ...vocabularySessions.flatMap((s) => s.questions),
      ...dsePapers.flatMap((p) => p.questions),
    ];
    expect(items.length).toBeGreaterThan(100);
    const untagged = items.filter((q) => !q.tags || q.tags.length < 1 || q.tags.length > 3).map((q) => q.id);
    expect(untagged).toEqual([]);
  });

  it('tag every long question and theme item with its main kind first, word items never with theme first', () => {
    const papers = dsePapers.flatMap((p) => p.questions);
    for (const q of papers.filter((q) => q.type === 'long_question')) {
      expect(['theme', 'technique'], q.id).toContain(q.tags?.[0]);
    }
    for (const q of vocabularySessions.flatMap((s) => s.questions)) {
      expect(['theme', 'technique'], q.id).not.toContain(q.tags?.[0]);
    }
  });
});
