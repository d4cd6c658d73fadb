import type { ErrorQuestionRecord } from '@wenyan/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MasteryBadge } from './ErrorBookPage.tsx';

const badge = (masteredBy: ErrorQuestionRecord['masteredBy']) =>
  renderToStaticMarkup(<MasteryBadge record={{ masteredBy } as ErrorQuestionRecord} />);

describe('the error book’s 已掌握 badge', () => {
  it.each([
    ['scheduler', '已掌握（答對達標）'],
    ['self', '已掌握（自己標記）'],
    ['appeal', '已掌握（老師接納申訴）'],
    ['teacher', '已掌握（老師確認自評）'],
  ] as const)('says the cause %s as 「%s」', (cause, label) => {
    expect(badge(cause)).toContain(label);
  });

  it('never calls a teacher’s acceptance the learner’s own tick', () => {
    expect(badge('appeal')).not.toContain('自己標記');
  });

  it('shows nothing for an item still to practise', () => {
    expect(badge(null)).toBe('');
  });
});
