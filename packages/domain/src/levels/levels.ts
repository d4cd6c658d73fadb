/**
 * Levels from total XP, by the curve of spec part 1 §9: level n starts at the sum of
 * floor(100 × 1.2^(k−1)) for k below n. The profile's "500 XP per level" is not used anywhere
 * (see CONTEXT.md, Decisions). The powers are computed with integers, so no rounding error can move
 * a boundary.
 */

export const LEVEL_BASE_XP = 100;
/** The growth of the XP needed per level, as the exact fraction 6/5 (= 1.2). */
const GROWTH_NUMERATOR = 6n;
const GROWTH_DENOMINATOR = 5n;

/** Titles of levels 1 to 10. */
export const LEVEL_TITLES = [
  '新手學者',
  '文字探索者',
  '經典讀者',
  '文學愛好者',
  '古文研習生',
  '詩詞學徒',
  '文史達人',
  '經典導師',
  '文學大師',
  '古文宗師',
] as const;

/** The XP needed to go from level `level` to the next: floor(100 × 1.2^(level−1)). */
export function xpForLevel(level: number): number {
  const k = BigInt(Math.max(1, Math.floor(level)) - 1);
  return Number((BigInt(LEVEL_BASE_XP) * GROWTH_NUMERATOR ** k) / GROWTH_DENOMINATOR ** k);
}

/**
 * The total XP at which `level` starts (level 1 starts at 0).
 * @example levelStartXp(3) // 220 (100 + 120)
 */
export function levelStartXp(level: number): number {
  let start = 0;
  for (let k = 1; k < level; k++) start += xpForLevel(k);
  return start;
}

/** The level reached with `totalXP` (negative or non-finite XP counts as 0). */
export function levelForXp(totalXP: number): number {
  const xp = Number.isFinite(totalXP) ? Math.max(0, totalXP) : 0;
  let level = 1;
  let nextStart = xpForLevel(1);
  while (xp >= nextStart) {
    level += 1;
    nextStart += xpForLevel(level);
  }
  return level;
}

/**
 * The title of a level: the ten titles, then '傳奇學者 N級' with N the level itself.
 * @example levelTitle(11) // '傳奇學者 11級'
 */
export function levelTitle(level: number): string {
  return LEVEL_TITLES[level - 1] ?? `傳奇學者 ${level}級`;
}

export type LevelInfo = {
  readonly level: number;
  readonly title: string;
  readonly totalXP: number;
  /** Total XP at which this level started. */
  readonly levelStartXP: number;
  /** Total XP at which the next level starts. */
  readonly nextLevelStartXP: number;
  readonly xpProgress: {
    /** XP earned inside this level. */
    readonly current: number;
    /** XP this level needs in all. */
    readonly required: number;
    /** XP still missing for the next level. */
    readonly remaining: number;
    /** Percent of this level done, 0 to 100, rounded down. */
    readonly progress: number;
  };
};

/** Everything a screen shows about the level of a learner with `totalXP`. */
export function levelInfo(totalXP: number): LevelInfo {
  const xp = Number.isFinite(totalXP) ? Math.max(0, totalXP) : 0;
  const level = levelForXp(xp);
  const start = levelStartXp(level);
  const required = xpForLevel(level);
  const current = xp - start;
  return {
    level,
    title: levelTitle(level),
    totalXP: xp,
    levelStartXP: start,
    nextLevelStartXP: start + required,
    xpProgress: {
      current,
      required,
      remaining: required - current,
      progress: Math.floor((current / required) * 100),
    },
  };
}
