/**
 * Marker rules on cases the other marker tests do not take: answers past the marked length, missing or
 * empty answers, stored schemes without their lists, term lists and statements in short answers,
 * guessed and two-part renderings, negations moved, borrowed or repeated, passives and comparisons
 * turned about (also with another comparer of the same kind), 錯別字, relations whose words come twice
 * or not at all, and items quoting two passages.
 * (marker.ts is edited elsewhere: these cases live in their own file.)
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
import { MAX_MARKED_LENGTH, type MarkingScheme, markAnswer } from './marker.ts';

const translate = (answer: string, scheme: MarkingScheme = teacher) =>
  markAnswer(scheme, TEACHER_SOURCE, answer, { type: 'sentence_translation', model: TEACHER_MODEL });

describe('an answer longer than the marker reads', () => {
  // Nine characters and a clause break each: more characters than the marker reads.
  const filler = '他們說了很多別的話。'.repeat(Math.ceil(MAX_MARKED_LENGTH / 9) + 5);

  it('is marked on its first characters: the model answer at the start still earns its points', () => {
    expect(translate(`${TEACHER_MODEL}${filler}`).earned).toBe(3);
  });

  it('earns nothing for points written only after them', () => {
    const late = translate(`${filler}${TEACHER_MODEL}`);
    expect(late).toMatchObject({ earned: 0, isCorrect: false });
  });
});

describe('an answer that is not there', () => {
  it.each([
    ['missing (null)', null],
    ['empty', ''],
    ['only punctuation', '。，！'],
  ])('earns nothing when %s, and is not called a word list', (_how, answer) => {
    const marking = translate(answer as string);
    expect(marking).toMatchObject({ earned: 0, available: 3, isCorrect: false, verdict: 'incorrect' });
    expect(codes(marking)).not.toContain('keyword_list');
  });
});

describe('a stored scheme without its lists', () => {
  it('has no points to earn, and marks without throwing', () => {
    const broken = { points: null, relations: 'none' } as unknown as MarkingScheme;
    const marking = markAnswer(broken, TEACHER_SOURCE, TEACHER_MODEL, {
      type: 'sentence_translation',
      model: TEACHER_MODEL,
    });
    expect(marking).toMatchObject({ earned: 0, available: 0, isCorrect: false, points: [] });
  });

  it('has no points when there is no scheme at all, with or without a model', () => {
    for (const model of [TEACHER_MODEL, null]) {
      const marking = markAnswer(null as unknown as MarkingScheme, TEACHER_SOURCE, TEACHER_MODEL, {
        type: 'sentence_translation',
        model,
      });
      expect(marking).toMatchObject({ earned: 0, available: 0, isCorrect: false });
    }
  });

  it('skips a relation that is neither an order nor pairs, and marks the points', () => {
    const odd = { ...teacher, relations: [{ near: ['p1', 'p2'] }, null] } as unknown as MarkingScheme;
    expect(translate(TEACHER_MODEL, odd)).toMatchObject({ earned: 3, isCorrect: true });
  });

  it('reads pair groups that are not lists as empty groups, and marks the points', () => {
    const odd = { ...teacher, relations: [{ pairs: ['p1', null] }] } as unknown as MarkingScheme;
    expect(translate(TEACHER_MODEL, odd)).toMatchObject({ earned: 3, isCorrect: true });
    expect(translate('古代讀書人必定有老師。', odd)).toMatchObject({ earned: 3, isCorrect: true });
  });

  it('reads a point with no accepted renderings as a point nobody earns', () => {
    const scheme = {
      points: [{ id: 'p1', kind: 'word', source: '古', label: '古', accept: null }],
    } as unknown as MarkingScheme;
    const marking = markAnswer(scheme, TEACHER_SOURCE, TEACHER_MODEL, {
      type: 'sentence_translation',
      model: TEACHER_MODEL,
    });
    expect(marking.points).toEqual([expect.objectContaining({ id: 'p1', earned: false, expected: '' })]);
  });
});

describe('a short answer', () => {
  const scheme: MarkingScheme = {
    points: [
      { id: 'p1', kind: 'content', source: '倒裝', label: '倒裝', accept: ['倒裝'] },
      { id: 'p2', kind: 'content', source: '突出', label: '突出', accept: ['突出', '強調'] },
    ],
  };
  const mark = markerOf(scheme, '何陋之有', {
    type: 'short_answer',
    model: '作者運用了倒裝句，把賓語「之」提前，以突出陋室其實並不簡陋，表達作者安貧樂道的情懷。',
  });

  it('that lists terms only earns nothing', () => {
    const list = mark('倒裝、突出');
    expect(list).toMatchObject({ earned: 0, isCorrect: false });
    expect(codes(list)).toContain('keyword_list');
  });

  it('that makes a statement, however short, is marked on its points', () => {
    const statement = mark('運用倒裝句以突出陋室不陋');
    expect(codes(statement)).not.toContain('keyword_list');
    expect(statement.earned).toBe(2);
  });
});

describe('a word the model’s frame suggests (rule 2’s guess)', () => {
  const withReject = (reject?: string[]): MarkingScheme => ({
    points: teacher.points.map((p) =>
      p.id === 'p2' && reject ? { ...p, accept: ['求學的人', '讀書人'], reject } : p,
    ),
  });
  const p2 = (answer: string, reject?: string[]) =>
    translate(answer, withReject(reject)).points.find((p) => p.id === 'p2');

  it('is taken where the model has the point’s rendering and it shares a character with it', () => {
    expect(p2('古代求知的人必定有老師。')).toMatchObject({ earned: true, matched: '求知的人' });
  });

  it('is never taken when it holds a reading the scheme rejects', () => {
    expect(p2('古代求知的人必定有老師。', ['求知'])).toMatchObject({ earned: false, matched: null });
    expect(p2('古代的求知青年必定有老師。', ['求知'])).toMatchObject({ earned: false, matched: null });
  });
});

describe('a negation kept in another clause than the words it negates (論語: 無求生以害仁)', () => {
  const scheme: MarkingScheme = {
    points: [
      { id: 'p1', kind: 'negation', source: '無', label: '無：不會', accept: ['不會', '不'] },
      wordPoint('p2', '求生', ['貪求活命', '貪生']),
      wordPoint('p3', '害仁', ['損害仁德']),
      wordPoint('p4', '殺身', ['犧牲生命']),
      wordPoint('p5', '成仁', ['成全仁德']),
    ],
  };
  const model = '有志之士和仁人，不會貪求活命而損害仁德，只會犧牲生命來成全仁德。';
  const mark = markerOf(scheme, '志士仁人，無求生以害仁，有殺身以成仁。', {
    type: 'sentence_translation',
    model,
  });

  it('is where the model has it: every point earned', () => {
    expect(mark(model)).toMatchObject({ earned: 5, verdict: 'correct' });
  });

  it('is missing where it belongs, and negates the other clause: that clause of the model earns nothing', () => {
    const moved = mark('有志之士和仁人，會貪求活命而損害仁德，不會犧牲生命來成全仁德。');
    expect(moved.isCorrect).toBe(false);
    expect(codes(moved)).toContain('negation_missing');
    expect(moved.points.map((p) => p.earned)).toEqual([false, false, false, true, true]);
  });
});

describe('a rendering in two parts (把…當作 for 以…為)', () => {
  const scheme: MarkingScheme = {
    points: [
      {
        id: 'p1',
        kind: 'structure',
        source: '以…為',
        label: '把…當作',
        accept: ['把…當作', '把…看作'],
        // A reject holds single words: a two-part one is no reading to refuse.
        reject: ['用…做'],
      },
      wordPoint('p2', '己任', ['自己的責任']),
    ],
  };
  const model = '把天下當作自己的責任。';
  const mark = markerOf(scheme, '以天下為己任', { type: 'sentence_translation', model });

  it('is earned with its parts in order in one clause, by any of its renderings', () => {
    expect(mark(model)).toMatchObject({ earned: 2, verdict: 'correct' });
    expect(mark('把天下看作自己的責任。').points[0]).toMatchObject({ earned: true, matched: '把…看作' });
  });

  it('is not earned with its parts split across clauses, or with one part missing', () => {
    expect(mark('把天下，當作自己的責任。').points[0]?.earned).toBe(false);
    expect(mark('天下當作自己的責任。').points[0]?.earned).toBe(false);
  });

  it('is not earned with a negation between its parts', () => {
    const negated = mark('把天下不當作自己的責任。');
    expect(negated).toMatchObject({ earned: 0, isCorrect: false });
    expect(codes(negated)).toContain('negation_added');
  });
});

describe('a passive of the model turned about (越人為吳所敗)', () => {
  const scheme: MarkingScheme = {
    points: [
      { id: 'p1', kind: 'structure', source: '為…所', label: '被動', accept: ['被'] },
      wordPoint('p2', '敗', ['打敗', '擊敗']),
    ],
  };
  const model = '越國人被吳國打敗了。';
  const mark = markerOf(scheme, '越人為吳所敗', { type: 'sentence_translation', model });

  it('earns nothing when 把 takes the place of the model’s 被, or the two sides change places', () => {
    expect(mark(model).isCorrect).toBe(true);
    for (const turned of ['越國人把吳國打敗了。', '吳國被越國人打敗了。']) {
      const marking = mark(turned);
      expect(marking).toMatchObject({ earned: 0, isCorrect: false });
      expect(codes(marking)).toContain('order');
    }
  });
});

describe('a negation apart from its verb (論語: 不仁者，不可以久處約)', () => {
  const scheme: MarkingScheme = {
    points: [
      { id: 'p1', kind: 'negation', source: '不仁', label: '不仁', accept: ['沒有仁德', '不仁'] },
      {
        id: 'p2',
        kind: 'negation',
        source: '不可以',
        label: '不能',
        accept: ['不能', '不可以', '無法', '不能不'],
      },
      wordPoint('p3', '約', ['窮困', '貧困']),
    ],
  };
  const model = '沒有仁德的人，不能長久處於窮困之中。';
  const mark = markerOf(scheme, '不仁者，不可以久處約', { type: 'sentence_translation', model });

  it('is not borrowed from a noun phrase: 不仁的人能… keeps no 不能', () => {
    const borrowed = mark('不仁的人能長久處於窮困之中。');
    expect(borrowed.points.find((p) => p.id === 'p2')?.earned).toBe(false);
    expect(codes(borrowed)).toContain('negation_missing');
  });

  it('is not taken across a 的 between the negation and its verb', () => {
    const broken = mark('沒有仁德的人不會的能長久處於窮困之中。');
    expect(broken).toMatchObject({ earned: 0, isCorrect: false });
  });
});

describe('a scheme’s relations when their words come more than once, or not at all', () => {
  it('places a pair’s word at its occurrence beside the pair’s point', () => {
    expect(markPairs('賢君親近賢臣，疏遠小人。').isCorrect).toBe(true);
    expect(markPairs('親近賢能的臣子，疏遠小人，賢君如此。').isCorrect).toBe(true);
  });

  it('checks no pair whose word the answer does not have', () => {
    expect(markPairs('親近忠臣，疏遠小人。')).toMatchObject({ earned: 2, isCorrect: true });
  });

  it('keeps an order whose words come again later, by their first occurrences', () => {
    const gift: MarkingScheme = {
      points: [wordPoint('p1', '貽', ['送給', '贈送']), wordPoint('p2', '瓠', ['葫蘆'])],
      relations: [{ order: ['魏王', 'p1', '我'] }],
    };
    const mark = markerOf(gift, '魏王貽我大瓠之種', {
      type: 'sentence_translation',
      model: '魏王送給我大葫蘆的種子。',
    });
    expect(mark('魏王贈送我大葫蘆的種子，我和魏王都高興。').isCorrect).toBe(true);
    expect(codes(mark('我贈送魏王大葫蘆的種子，魏王給我。'))).toContain('order');
  });
});

describe('a character written for another', () => {
  it('earns the point with a 錯別字 note when it sounds alike (畢定 for 必定)', () => {
    const typo = translate('古代求學的人畢定有老師。');
    expect(typo).toMatchObject({ earned: 3, isCorrect: true });
    expect(codes(typo)).toContain('typo');
  });

  it('earns the point with a 錯別字 note when it is built alike (謟 for 諂: 舀 and 臽 both hold 臼)', () => {
    const scheme: MarkingScheme = {
      points: [wordPoint('p1', '諛', ['諂媚', '奉承']), wordPoint('p2', '官盛', ['官位高'])],
    };
    const typo = markAnswer(scheme, '官盛則近諛', '官位高的人就近於謟媚。', {
      type: 'sentence_translation',
      model: '官位高的人就近於諂媚。',
    });
    expect(typo).toMatchObject({ earned: 2, isCorrect: true });
    expect(codes(typo)).toContain('typo');
  });

  it('is no 錯別字 when it is a letter (必x for 必定)', () => {
    const lettered = translate('古代求學的人必x有老師。');
    expect(lettered.points.map((p) => p.earned)).toEqual([true, true, false]);
    expect(codes(lettered)).not.toContain('typo');
  });

  it('is never a 錯別字 when it is a negation: 不定 or 沒定 for 必定 adds a negation', () => {
    for (const answer of ['古代求學的人不定有老師。', '古代求學的人沒定有老師。']) {
      const negated = translate(answer);
      expect(negated).toMatchObject({ earned: 0, isCorrect: false });
      expect(codes(negated)).toContain('negation_added');
    }
  });
});

describe('a rendering that negates (看不起 for 輕)', () => {
  const scheme: MarkingScheme = {
    points: [wordPoint('p1', '輕', ['看不起', '輕視']), wordPoint('p2', '人', ['別人'])],
  };
  const mark = markerOf(scheme, '彼輕人', { type: 'sentence_translation', model: '他們看不起別人。' });

  it('is not guessed from the model’s frame: 看得起 in its place says the opposite', () => {
    expect(mark('他們輕視別人。').isCorrect).toBe(true);
    expect(mark('他們看得起別人。').points.map((p) => p.earned)).toEqual([false, true]);
  });
});

describe('a comparison of the model (道義比生命更重要)', () => {
  const scheme: MarkingScheme = {
    points: [wordPoint('p1', '重', ['更重要']), wordPoint('p2', '義', ['道義'])],
  };
  const mark = markerOf(scheme, '義重於生', { type: 'sentence_translation', model: '道義比生命更重要。' });

  it('keeps its sense with a comparer of another length the right way round (勝過)', () => {
    expect(mark('道義勝過生命，更重要。').isCorrect).toBe(true);
  });

  it('earns nothing turned about', () => {
    const turned = mark('生命比道義更重要。');
    expect(turned).toMatchObject({ earned: 0, isCorrect: false });
    expect(codes(turned)).toContain('order');
  });
});

describe('a negation repeated over a list (勸學: 蚓無爪牙之利，筋骨之強)', () => {
  const scheme: MarkingScheme = {
    points: [
      wordPoint('p1', '蚓', ['蚯蚓']),
      { id: 'p2', kind: 'negation', source: '無', label: '無', accept: ['沒有'] },
      wordPoint('p3', '利', ['鋒利']),
      wordPoint('p4', '強', ['強健']),
    ],
  };
  const model = '蚯蚓沒有鋒利的爪牙，也沒有強健的筋骨。';
  const mark = markerOf(scheme, '蚓無爪牙之利，筋骨之強', { type: 'sentence_translation', model });

  it('carries the point on with 也: no negation is added', () => {
    const marking = mark(model);
    expect(marking).toMatchObject({ earned: 4, isCorrect: true });
    expect(codes(marking)).not.toContain('negation_added');
  });

  it('is an added negation when it negates the repeat (也不是沒有)', () => {
    const doubled = mark('蚯蚓沒有鋒利的爪牙，也不是沒有強健的筋骨。');
    expect(doubled.isCorrect).toBe(false);
    expect(codes(doubled)).toContain('negation_added');
  });
});

describe('an item quoting two passages (位卑則足羞，官盛則近諛)', () => {
  const scheme: MarkingScheme = {
    points: [{ id: 'p1', kind: 'content', source: '諛', label: '諛', accept: ['奉承', '諂媚'] }],
  };
  const mark = markerOf(scheme, '位卑則足羞\n官盛則近諛', {
    type: 'sentence_translation',
    model: '地位高的就近於奉承。',
  });

  it('calls a copy of either passage a copy, and marks a rendering of the second on its points', () => {
    expect(mark('官盛則近諛')).toMatchObject({ earned: 0, copied: true });
    expect(mark('地位高的人就近於奉承。')).toMatchObject({ earned: 1, copied: false, isCorrect: true });
  });
});

describe('a rendering with a particle inside it (讀了書人 for 讀書人)', () => {
  it('is the rendering', () => {
    expect(translate('古代的讀了書人必定有老師。').points[1]).toMatchObject({
      earned: true,
      matched: '讀書人',
    });
  });

  it('is not the rendering when the answer stops after its first character', () => {
    expect(translate('古代必定有老師，讀').points.map((p) => p.earned)).toEqual([true, false, true]);
  });
});

describe('a negating character written for another', () => {
  /** 孰知其末: 末 rendered 末端. */
  const scheme: MarkingScheme = {
    points: [wordPoint('p1', '孰', ['誰']), wordPoint('p2', '末', ['末端', '末尾'])],
  };
  const mark = markerOf(scheme, '孰知其末', { type: 'sentence_translation', model: '誰知道它的末端呢？' });

  it('earns a slip in a word (末瑞) but nothing for a negating look-alike (未端 for 末端)', () => {
    expect(mark('誰知道它的末端呢？').isCorrect).toBe(true);
    expect(mark('誰知道它的末瑞呢？').isCorrect).toBe(true);
    const negated = mark('誰知道它的未端呢？');
    expect(negated.isCorrect).toBe(false);
    expect(negated.points.find((p) => p.id === 'p2')?.earned).toBe(false);
  });
});

describe('a comparison turned with another comparer of the same kind (rule 4)', () => {
  const mark = markerOf({ points: [wordPoint('p1', '不如', ['比不上', '趕不上'])] }, '吾不如老農', {
    type: 'sentence_translation',
    model: '我比不上老農夫。',
  });

  it('earns the point with either comparer the right way round', () => {
    expect(mark('我比不上老農夫。').isCorrect).toBe(true);
    expect(mark('我趕不上老農夫。').isCorrect).toBe(true);
  });

  it('earns nothing when the compared word stands before 趕不上 for the model’s 比不上', () => {
    expect(mark('老農夫趕不上我。').isCorrect).toBe(false);
    expect(mark('老農夫比不上我。').isCorrect).toBe(false);
  });
});
