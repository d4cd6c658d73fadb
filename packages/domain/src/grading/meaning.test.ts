/**
 * The marker reads meaning, not word presence: clauses, polarity, order and relations, word lists,
 * pasted sources, one-character renderings in context, 錯別字, and answers left to a teacher.
 */
import { describe, expect, it } from 'vitest';
import {
  codes,
  markerOf,
  markPairs,
  TEACHER_MODEL,
  TEACHER_SOURCE,
  teacher,
  wordPoint,
} from '../test-support/schemes.ts';
import { type MarkingScheme, markAnswer } from './marker.ts';

const markTeacher = (answer: string, type = 'sentence_translation') =>
  markAnswer(teacher, TEACHER_SOURCE, answer, { type, model: TEACHER_MODEL });

/** 逍遙遊: 魏王貽我大瓠之種. */
const gift: MarkingScheme = {
  points: [wordPoint('p1', '貽', ['送給', '贈送']), wordPoint('p2', '瓠', ['葫蘆'])],
};
const markGift = (answer: string, relations?: MarkingScheme['relations']) =>
  markAnswer({ ...gift, ...(relations ? { relations } : {}) }, '魏王貽我大瓠之種', answer, {
    type: 'sentence_translation',
    model: '魏王送給我大葫蘆的種子。',
  });

/** A short answer of two statements, each a content point (人人都有; 人事已變 for 物是人非). */
const statements: MarkingScheme = {
  points: [
    { id: 'p1', kind: 'content', source: '人皆有之', label: '人人都有', accept: ['人人都有'] },
    { id: 'p2', kind: 'content', source: '物是人非', label: '物是人非', accept: ['人事已變'] },
  ],
};
const markStatements = markerOf(statements, '人皆有之', {
  type: 'short_answer',
  model: '這種本心人人都有；大雁依舊而人事已變。',
});

describe('polarity', () => {
  it('an added negation reverses its clause: 不一定 for 必 earns none of its points', () => {
    expect(markTeacher('古代求學的人一定有老師。').isCorrect).toBe(true);
    const reversed = markTeacher('古代求學的人不一定有老師。');
    expect(reversed.isCorrect).toBe(false);
    expect(reversed.earned).toBe(0);
    expect(codes(reversed)).toContain('negation_added');
  });

  it('a rhetorical 難道 reverses a statement as a negation does', () => {
    expect(markTeacher('難道古代求學的人一定有老師嗎？').isCorrect).toBe(false);
  });

  it('words that hold a negating character without negating do not count (非常、不斷)', () => {
    expect(markTeacher('古代求學的人非常必定有老師，不斷學習。').isCorrect).toBe(true);
  });

  it('a negation the source has but no point tests may be kept (不龜手 → 令手不凍裂)', () => {
    const scheme: MarkingScheme = {
      points: [wordPoint('p1', '龜', ['凍裂', '皸裂'])],
    };
    const mark = markerOf(scheme, '能不龜手一也', {
      type: 'sentence_translation',
      model: '能使手不凍裂的藥是一樣的。',
    });
    expect(mark('令手不會凍裂的藥是一樣的。').isCorrect).toBe(true);
    expect(mark('令手不會凍裂，不是一樣的藥。').isCorrect).toBe(false);
  });

  it('in a short answer a point stands in a phrase, whole or with a few words inside it, but not a negation', () => {
    expect(markStatements('這種本心人人生來都有；大雁依舊，人事已變。').isCorrect).toBe(true);
    expect(markStatements('人人都有 人事已變').isCorrect).toBe(false);
    const negated = markStatements('這種本心人人不是都有；大雁依舊，人事已變。');
    expect(negated.points.map((p) => p.earned)).toEqual([false, true]);
  });

  it('in a short answer a negation voids only the point it negates', () => {
    const scheme: MarkingScheme = {
      points: [
        { id: 'p1', kind: 'content', source: '保持', label: '保持', accept: ['保持', '守住'] },
        { id: 'p2', kind: 'content', source: '失去', label: '失去', accept: ['失去', '喪失'] },
      ],
    };
    const mark = markerOf(scheme, '賢者能勿喪耳', {
      type: 'short_answer',
      model: '賢者能夠保持本心，一般人卻失去本心。',
    });
    expect(mark('賢者功業未成也能保持本心，一般人卻失去本心。').isCorrect).toBe(true);
    const negated = mark('賢者不能保持本心，一般人卻失去本心。');
    expect(negated.points.map((p) => p.earned)).toEqual([false, true]);
  });
});

describe('order and relations', () => {
  it('a source word on the wrong side of a point worded as the model words it voids the clause', () => {
    expect(markGift('魏王送給我大葫蘆的種子。').isCorrect).toBe(true);
    const swapped = markGift('我送給魏王大葫蘆的種子。');
    expect(swapped.isCorrect).toBe(false);
    expect(codes(swapped)).toContain('order');
  });

  it("a scheme's own order relation is kept whatever the wording", () => {
    const order = [{ order: ['魏王', 'p1', '我'] }];
    expect(markGift('魏王贈送我大葫蘆的種子。', order).isCorrect).toBe(true);
    expect(markGift('我贈送魏王大葫蘆的種子。', order).isCorrect).toBe(false);
  });

  it('pairs: each group stays together, no group reaching into another', () => {
    const mark = markPairs;
    expect(mark('親近賢臣，遠離小人。').isCorrect).toBe(true);
    expect(mark('疏遠賢臣，親近小人。').isCorrect).toBe(false);
    expect(mark('親近小人，疏遠賢臣。').isCorrect).toBe(false);
  });
});

describe('statements, not words', () => {
  it('a list of the scheme words earns nothing', () => {
    const list = markTeacher('古代 求學的人 必定');
    expect(list).toMatchObject({ earned: 0, isCorrect: false });
    expect(codes(list)).toContain('keyword_list');
  });

  it('glosses without a sentence (親：親近；遠：疏遠) are a word list', () => {
    const glosses = markGift('貽：送給；瓠：葫蘆');
    expect(glosses).toMatchObject({ earned: 0, isCorrect: false });
    expect(codes(glosses)).toContain('keyword_list');
  });

  it('the source pasted with glosses after it is a copy, not a 語譯', () => {
    const pasted = markGift('魏王貽我大瓠之種。貽：送給；瓠：葫蘆');
    expect(pasted).toMatchObject({ earned: 0, copied: true });
  });

  it('a fill-in answer is a word, and a word is right there', () => {
    const scheme: MarkingScheme = {
      points: [wordPoint('p1', '諛', ['奉承', '諂媚'])],
    };
    const mark = markerOf(scheme, '官盛則近諛', { type: 'fill_in_blank', model: '奉承' });
    expect(mark('奉承').isCorrect).toBe(true);
    expect(mark('「諛」解作奉承、諂媚').isCorrect).toBe(true);
  });
});

describe('renderings', () => {
  const then: MarkingScheme = {
    points: [wordPoint('p1', '則', ['就']), wordPoint('p2', '施施', ['慢慢'])],
  };
  const markThen = markerOf(then, '則施施而行', { type: 'sentence_translation', model: '就慢慢地走。' });

  it('a one-character rendering counts next to the words around it, not anywhere', () => {
    expect(markThen('就慢慢地走。').isCorrect).toBe(true);
    expect(markThen('慢慢地走，天黑了就回去。').points[0]?.earned).toBe(false);
  });

  it('a homophone in a scored word earns the point with a 錯別字 note', () => {
    const typo = markTeacher('古代求學的人必定有老師。'.replace('必定', '必訂'));
    expect(typo.isCorrect).toBe(true);
    expect(codes(typo)).toContain('typo');
  });

  it("a word the lists lack counts in the model's own frame when it shares a character with one they hold", () => {
    const scheme: MarkingScheme = {
      points: [
        {
          id: 'p1',
          kind: 'word',
          source: '約',
          label: '約',
          accept: ['窮困', '貧困', '貧窮', '貧賤'],
          reject: ['約定'],
        },
      ],
    };
    const mark = markerOf(scheme, '不可以久處約', {
      type: 'sentence_translation',
      model: '不能長久處於窮困之中。',
    });
    expect(mark('不能長久處於貧乏之中。').isCorrect).toBe(true);
    expect(mark('不能長久處於快樂之中。').isCorrect).toBe(false);
    expect(mark('不能長久處於約定之中。').isCorrect).toBe(false);
    // For the word the item tests, the character must be one two renderings share: 賤 is 貧賤's alone.
    expect(mark('不能長久處於卑賤之中。').isCorrect).toBe(false);
  });

  it('a separable word counts with a particle inside it (做起夢 for 做夢)', () => {
    const scheme: MarkingScheme = {
      points: [wordPoint('p1', '夢', ['做夢'])],
    };
    const mark = markerOf(scheme, '覺而起，起而歸', {
      type: 'sentence_translation',
      model: '睡着了就做夢。',
    });
    expect(mark('睡着了便做起夢來。').isCorrect).toBe(true);
  });

  it("a word of the answer's own, in the clause that renders the point's clause, sharing a character with an accepted rendering", () => {
    const scheme: MarkingScheme = {
      points: [wordPoint('p1', '由是', ['依照這種方法']), wordPoint('p2', '生', ['保全生命', '活命'])],
    };
    const mark = markerOf(scheme, '由是則生', {
      type: 'sentence_translation',
      model: '依照這種方法就可以保全生命。',
    });
    expect(mark('依照這種方法就能活下來。').isCorrect).toBe(true);
    expect(mark('依照這種方法就能吃飯。').isCorrect).toBe(false);
  });

  it('a negation may stand apart from its verb by adverbs', () => {
    const scheme: MarkingScheme = {
      points: [{ id: 'p1', kind: 'negation', source: '不積', label: '不積', accept: ['不累積'] }],
    };
    const mark = markerOf(scheme, '不積跬步', { type: 'sentence_translation', model: '不累積一步半步。' });
    expect(mark('不一步步地累積。').isCorrect).toBe(true);
    expect(mark('累積一步半步。').verdict).toBe('incorrect');
  });
});

describe('answers left to a teacher', () => {
  it('every point, but the people of the model in each other’s places (他跟從我 for 我跟從他): the roles are turned', () => {
    const scheme: MarkingScheme = {
      points: [wordPoint('p1', '從', ['跟從'])],
    };
    const model = '我跟從他學習。';
    const mark = markerOf(scheme, '吾從而師之', { type: 'sentence_translation', model });
    expect(mark('我跟從他求學。').isCorrect).toBe(true);
    const turned = mark('他跟從我學習。');
    expect(turned).toMatchObject({ isCorrect: false, earned: 0 });
    expect(codes(turned)).toContain('order');
  });

  it("every point, but the model's words turned about within a clause: 待老師批閱", () => {
    const scheme: MarkingScheme = {
      points: [wordPoint('p1', '誨', ['教導'])],
    };
    const model = '老師在課室裏教導學生寫字。';
    const mark = markerOf(scheme, '師誨弟子書', { type: 'sentence_translation', model });
    expect(mark(model).isCorrect).toBe(true);
    const turned = mark('學生寫字在課室裏教導老師。');
    expect(turned).toMatchObject({ uncertain: true, isCorrect: false, earned: 1 });
    // Two of the model's people traded outright void their clause (rule 4, exchanges).
    expect(mark('學生在課室裏教導老師寫字。')).toMatchObject({ isCorrect: false, earned: 0 });
  });

  it('every point but far longer than the model: 待老師批閱, not 全對', () => {
    const long = markTeacher(
      '古代求學的人必定有老師，因為學問要有人傳授，疑難要有人解答，這是韓愈在文章開首提出的論點，後文再以聖人從師作例子加以說明。',
    );
    expect(long).toMatchObject({ uncertain: true, isCorrect: false });
    expect(codes(long)).toContain('uncertain');
  });
});
