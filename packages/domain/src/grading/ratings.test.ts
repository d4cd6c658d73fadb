import { describe, expect, it } from 'vitest';
import {
  accuracyColour,
  difficultyBadge,
  RATING_BADGE_FALLBACK,
  RATING_BADGES,
  ratingBadge,
} from './ratings.ts';

describe('rating badge by accuracy', () => {
  it('pins the thresholds and labels', () => {
    expect(RATING_BADGES).toEqual([
      { from: 95, label: '完美!' },
      { from: 90, label: '優秀' },
      { from: 80, label: '良好' },
      { from: 70, label: '不錯' },
    ]);
    expect(RATING_BADGE_FALLBACK).toBe('繼續努力');
  });

  it.each([
    [100, '完美!'],
    [95, '完美!'],
    [94.9, '優秀'],
    [90, '優秀'],
    [89, '良好'],
    [80, '良好'],
    [79, '不錯'],
    [70, '不錯'],
    [69.9, '繼續努力'],
    [0, '繼續努力'],
  ])('%f%% earns %s', (accuracy, badge) => {
    expect(ratingBadge(accuracy)).toBe(badge);
  });
});

describe('accuracy colour', () => {
  it.each([
    [90, 'green'],
    [89, 'yellow'],
    [70, 'yellow'],
    [69, 'red'],
  ])('%i%% is %s', (accuracy, colour) => {
    expect(accuracyColour(accuracy)).toBe(colour);
  });
});

describe('difficulty badge', () => {
  it('is 基礎, 中階, or 高階 for anything else', () => {
    expect(difficultyBadge('beginner')).toBe('基礎');
    expect(difficultyBadge('intermediate')).toBe('中階');
    expect(difficultyBadge('advanced')).toBe('高階');
    expect(difficultyBadge('unknown')).toBe('高階');
  });
});
