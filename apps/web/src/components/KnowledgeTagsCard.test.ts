import type { KnowledgeTagStats } from '@wenyan/contracts';
import { describe, expect, it } from 'vitest';
import { tagRows } from './KnowledgeTagsCard.tsx';

const tag = (
  key: KnowledgeTagStats['tags'][number]['tag'],
  label: string,
  answers: number,
  correct: number,
  openErrors = 0,
): KnowledgeTagStats['tags'][number] => ({
  tag: key,
  label,
  answers,
  correct,
  accuracy: answers > 0 ? Math.round((correct / answers) * 1000) / 10 : null,
  openErrors,
  cardCount: answers,
  dueToday: 0,
});

describe('the knowledge tags card', () => {
  it('charts the answered kinds of knowledge weakest first and lists the untested', () => {
    const stats: KnowledgeTagStats = {
      learnerId: 'u1',
      weakest: 'function_word',
      tags: [
        tag('polysemy', '一詞多義', 4, 3),
        tag('function_word', '虛詞', 5, 1, 2),
        tag('theme', '主旨', 0, 0),
        tag('loan_character', '通假字', 2, 1, 1),
        tag('sentence_pattern', '句式', 4, 2, 0),
      ],
    };
    const { rows, untested } = tagRows(stats);
    expect(rows.map((r) => r.label)).toEqual(['虛詞', '通假字', '句式', '一詞多義']);
    expect(rows[0]).toMatchObject({ value: 20, valueLabel: '20%', detail: '答對 1/5 題，待練習錯題 2 題' });
    expect(untested).toEqual(['主旨']);
  });
});
