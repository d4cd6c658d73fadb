import { describe, expect, it } from 'vitest';
import { characterLength, displayName, normaliseNote, normaliseSchoolName } from './profile.ts';

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
});

describe('characterLength', () => {
  it('counts code points', () => {
    expect(characterLength('𠀋文')).toBe(2);
  });
});
