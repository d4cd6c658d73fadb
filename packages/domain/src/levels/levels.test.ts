import { describe, expect, it } from 'vitest';
import { LEVEL_TITLES, levelForXp, levelInfo, levelStartXp, levelTitle, xpForLevel } from './levels.ts';

describe('the level curve: level n starts at the sum of floor(100 × 1.2^(k−1)) for k < n', () => {
  it('pins the XP each level needs', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(xpForLevel)).toEqual([
      100, 120, 144, 172, 207, 248, 298, 358, 429, 515,
    ]);
  });

  it('pins where levels 1 to 11 start', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(levelStartXp)).toEqual([
      0, 100, 220, 364, 536, 743, 991, 1289, 1647, 2076, 2591,
    ]);
  });

  it('floors each step exactly, even where floating point would not (1.2^3 × 100 = 172.8 → 172)', () => {
    expect(xpForLevel(4)).toBe(172);
    expect(xpForLevel(20)).toBe(Math.floor(100 * (6 / 5) ** 19));
  });

  it('treats a level below 1 as level 1', () => {
    expect(xpForLevel(0)).toBe(100);
  });
});

describe('levelForXp', () => {
  it('changes level exactly at the boundaries', () => {
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(99)).toBe(1);
    expect(levelForXp(100)).toBe(2);
    expect(levelForXp(219)).toBe(2);
    expect(levelForXp(220)).toBe(3);
    expect(levelForXp(2075)).toBe(9);
    expect(levelForXp(2076)).toBe(10);
    expect(levelForXp(2591)).toBe(11);
  });

  it('counts negative or unreadable XP as 0', () => {
    expect(levelForXp(-50)).toBe(1);
    expect(levelForXp(Number.NaN)).toBe(1);
  });
});

describe('level titles', () => {
  it('names levels 1 to 10 by the ten distinct titles, 新手學者 to 古文宗師', () => {
    expect(new Set(LEVEL_TITLES).size).toBe(10);
    expect(LEVEL_TITLES.map((_, i) => levelTitle(i + 1))).toEqual(LEVEL_TITLES);
    expect(levelTitle(1)).toBe('新手學者');
    expect(levelTitle(10)).toBe('古文宗師');
  });

  it("calls every level beyond ten '傳奇學者 N級' with N the level", () => {
    expect(levelTitle(11)).toBe('傳奇學者 11級');
    expect(levelTitle(25)).toBe('傳奇學者 25級');
  });
});

describe('levelInfo', () => {
  it('shows the progress inside the level', () => {
    expect(levelInfo(160)).toEqual({
      level: 2,
      title: '文字探索者',
      totalXP: 160,
      levelStartXP: 100,
      nextLevelStartXP: 220,
      xpProgress: { current: 60, required: 120, remaining: 60, progress: 50 },
    });
  });

  it('starts a new learner at level 1 with nothing done', () => {
    expect(levelInfo(0).xpProgress).toEqual({ current: 0, required: 100, remaining: 100, progress: 0 });
    expect(levelInfo(-1).totalXP).toBe(0);
    expect(levelInfo(Number.POSITIVE_INFINITY).level).toBe(1);
  });

  it('does not use the profile rule of 500 XP per level', () => {
    expect(levelInfo(500).level).toBe(4);
  });
});
