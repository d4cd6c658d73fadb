import { describe, expect, it } from 'vitest';
import { characterLength, displayName, normaliseNote, normaliseSchoolName, personName } from './profile.ts';

describe('school name', () => {
  it('is trimmed', () => {
    expect(normaliseSchoolName('  皇仁書院 \n')).toBe('皇仁書院');
  });

  it('is nothing when empty after trimming', () => {
    expect(normaliseSchoolName('   ')).toBeNull();
    expect(normaliseSchoolName('')).toBeNull();
  });
});

describe('personal note', () => {
  it('is trimmed, and not saved when empty', () => {
    expect(normaliseNote(' 「說」通「悅」 ')).toBe('「說」通「悅」');
    expect(normaliseNote('\t ')).toBeNull();
  });
});

describe('display name', () => {
  it('is the first name plus the last name, else the email, else 學習者', () => {
    expect(displayName({ firstName: 'Siu Ming', lastName: 'Chan', email: 'a@b.hk' })).toBe('Siu Ming Chan');
    expect(displayName({ firstName: ' ', lastName: '陳', email: null })).toBe('陳');
    expect(displayName({ firstName: null, lastName: null, email: ' a@b.hk ' })).toBe('a@b.hk');
    expect(displayName({})).toBe('學習者');
  });

  it('writes a Chinese name family name first, without a space', () => {
    expect(displayName({ firstName: '小明', lastName: '陳', email: 'a@b.hk' })).toBe('陳小明');
    expect(displayName({ firstName: ' 志明 ', lastName: '歐陽 ' })).toBe('歐陽志明');
    expect(displayName({ firstName: '小明', lastName: null })).toBe('小明');
  });

  it('keeps a name in Latin letters in Western order', () => {
    expect(displayName({ firstName: 'Amy', lastName: 'Chan' })).toBe('Amy Chan');
    expect(personName({ firstName: 'Amy', lastName: ' ' })).toBe('Amy');
    expect(personName({})).toBe('');
  });
});

describe('characterLength', () => {
  it('counts code points', () => {
    expect(characterLength('𠀋文')).toBe(2);
  });
});
