import type { AnswerMarking, QuestionType } from '@wenyan/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkedAnswer } from './MarkedAnswer.tsx';

const missed = {
  id: 'p1',
  kind: 'content',
  label: '說出作者的心意',
  earned: false,
  matched: null,
  expected: '以西山自比，不與世俗同流',
};
const marking: AnswerMarking = {
  verdict: 'incorrect',
  earned: 0,
  available: 2,
  copied: false,
  selfAssessed: false,
  points: [missed],
};

const render = (questionType: QuestionType) =>
  renderToStaticMarkup(
    <MarkedAnswer result={{ marking, correctAnswer: '作者以西山自比。' }} questionType={questionType} />,
  );

describe('a missed point of a marked answer', () => {
  it('of a short answer reads as a point to make, not as a translation', () => {
    const html = render('short_answer');
    expect(html).toContain('要點：以西山自比，不與世俗同流');
    expect(html).not.toContain('應譯作');
  });

  it('of a fill-in (字詞解釋) reads as a meaning', () => {
    const html = render('fill_in_blank');
    expect(html).toContain('應解作「以西山自比，不與世俗同流」');
    expect(html).not.toContain('應譯作');
  });

  it('of a translation reads as the rendering it should have', () => {
    expect(render('sentence_translation')).toContain('應譯作「以西山自比，不與世俗同流」');
  });
});

describe("the marker's notes", () => {
  it('shows each note the reply carries (錯別字, a negation added), not the copied or uncertain ones twice', () => {
    const noted: AnswerMarking = {
      ...marking,
      notes: [
        { code: 'typo', message: '有錯別字，仍給分，請留意寫法。' },
        { code: 'negation_added', message: '答案多了原文沒有的否定或反問，意思相反，該分句不能得分。' },
        { code: 'uncertain', message: '已交老師批閱' },
      ],
    };
    const html = renderToStaticMarkup(
      <MarkedAnswer
        result={{ marking: noted, correctAnswer: '作者以西山自比。' }}
        questionType="sentence_translation"
      />,
    );
    expect(html).toContain('有錯別字，仍給分');
    expect(html).toContain('答案多了原文沒有的否定');
    expect(html).not.toContain('已交老師批閱');
  });
});
