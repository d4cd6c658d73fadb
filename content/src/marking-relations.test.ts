/**
 * `marking-relations.json`: each relation names an item with a scheme, its points by their ids and its
 * words as the model answer writes them, and the model answer keeps every relation (full marks).
 */
import { foldText, gradeAnswer } from '@wenyan/domain';
import { describe, expect, it } from 'vitest';
import { dsePapers, markingRelationFiles, markingRelations, questions } from './index.ts';

const items = new Map(
  [...questions, ...dsePapers.flatMap((paper) => paper.questions)]
    .filter((q) => q.marking)
    .map((q) => [q.id, q]),
);

describe('the marking relations', () => {
  it('name each item in one file only', () => {
    const ids = Object.values(markingRelationFiles).flatMap((file) => Object.keys(file));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('name items that have a scheme', () => {
    expect(Object.keys(markingRelations).filter((id) => !items.has(id))).toEqual([]);
  });

  it('name points of the item, and words its model answer writes', () => {
    const problems: string[] = [];
    for (const [id, relations] of Object.entries(markingRelations)) {
      const item = items.get(id);
      if (!item?.marking) continue;
      const ids = new Set(item.marking.points.map((p) => p.id));
      const model = foldText(item.correctAnswer);
      const members = relations.flatMap((r) => ('order' in r ? r.order : r.pairs.flat()));
      for (const member of members) {
        if (/^p[0-9]+$/.test(member)) {
          if (!ids.has(member)) problems.push(`${id}: no point ${member}`);
        } else if (!member.split('|').some((word) => model.includes(foldText(word)))) {
          problems.push(`${id}: the model answer has no 「${member}」`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('are kept by the model answer, which earns full marks with them', () => {
    const failing = Object.keys(markingRelations).filter((id) => {
      const item = items.get(id);
      return item !== undefined && !gradeAnswer(item, item.correctAnswer).isCorrect;
    });
    expect(failing).toEqual([]);
  });

  it('void the clauses of an answer that swaps who does what (親近小人，疏遠賢臣)', () => {
    const item = items.get('l06-st-03');
    expect(item?.marking?.relations).toBeDefined();
    if (!item) return;
    expect(gradeAnswer(item, '親近賢能的臣子，疏遠小人，這是西漢興盛的原因。').isCorrect).toBe(true);
    const swapped = gradeAnswer(item, '親近小人，疏遠賢能的臣子，這是西漢興盛的原因。');
    expect(swapped.isCorrect).toBe(false);
    expect(swapped.marking?.notes.map((n) => n.code)).toContain('order');
  });
});
