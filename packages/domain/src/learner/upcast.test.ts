import { describe, expect, it } from 'vitest';
import { keywordAnsweredV1 } from '../test-support/answers.ts';
import { currentSchemaVersion, LEARNER_EVENT_TYPES, learnerEvent } from './events.ts';
import { upcast } from './upcast.ts';

const at = '2024-09-02T02:00:00.000Z';

describe('upcast', () => {
  describe('an event of the current version', () => {
    it('comes back as it was stored', () => {
      const event = learnerEvent('ErrorNoteSaved', { questionId: 'q1', note: '之：的', at });
      expect(upcast(JSON.parse(JSON.stringify(event)))).toEqual(event);
    });

    it('is accepted for every type', () => {
      for (const type of LEARNER_EVENT_TYPES) {
        expect(upcast({ type, schemaVersion: currentSchemaVersion(type), data: { at } }).type).toBe(type);
      }
    });
  });

  describe('an answer of version 1 (before scoring points and fair XP)', () => {
    const v1 = (isCorrect: boolean) => keywordAnsweredV1({ isCorrect, matchedKeywords: ['譯'], at });

    it('reads as all-or-nothing: 1 or 0 points out of 1, none listed, not self-assessed', () => {
      expect(upcast(v1(true))).toEqual({
        type: 'AnswerSubmitted',
        schemaVersion: 2,
        data: {
          ...v1(true).data,
          pointsEarned: 1,
          pointsAvailable: 1,
          points: [],
          copied: false,
          selfAssessed: false,
          earnedXp: true,
        },
      });
      expect(upcast(v1(false)).data).toMatchObject({ pointsEarned: 0, pointsAvailable: 1, earnedXp: false });
    });

    it('keeps a version 2 answer as it was stored', () => {
      const v2 = upcast(v1(true));
      expect(upcast(JSON.parse(JSON.stringify(v2)))).toEqual(v2);
    });
  });

  describe('a school change of the first release (SchoolNameChanged, with the name)', () => {
    it('is read as SchoolChanged, the name dropped', () => {
      const read = upcast({
        type: 'SchoolNameChanged',
        schemaVersion: 1,
        data: { schoolName: '英華書院', previousSchoolName: '皇仁書院', at },
      });
      expect(read).toEqual(learnerEvent('SchoolChanged', { at }));
      expect(JSON.stringify(read)).not.toContain('書院');
    });
  });

  describe('an error note of version 0 (the note stored as userExplanation)', () => {
    it('is lifted to version 1 with the note trimmed', () => {
      expect(
        upcast({
          type: 'ErrorNoteSaved',
          schemaVersion: 0,
          data: { questionId: 'q1', userExplanation: ' 之：的 ', at },
        }),
      ).toEqual({ type: 'ErrorNoteSaved', schemaVersion: 1, data: { questionId: 'q1', note: '之：的', at } });
    });

    it('gets an empty note when version 0 had none', () => {
      expect(
        upcast({ type: 'ErrorNoteSaved', schemaVersion: 0, data: { questionId: 'q1', at } }).data,
      ).toEqual({
        questionId: 'q1',
        note: '',
        at,
      });
    });
  });

  describe('what cannot be read', () => {
    it('throws UNKNOWN_EVENT_TYPE for a type the stream never had', () => {
      expect(() => upcast({ type: 'PointsAdded', schemaVersion: 1, data: { at } })).toThrow(
        expect.objectContaining({ code: 'UNKNOWN_EVENT_TYPE' }),
      );
    });

    it('throws UNSUPPORTED_SCHEMA_VERSION for a future version or an old one without an upcaster', () => {
      expect(() => upcast({ type: 'XpAwarded', schemaVersion: 2, data: { at } })).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED_SCHEMA_VERSION' }),
      );
      expect(() => upcast({ type: 'XpAwarded', schemaVersion: 0, data: { at } })).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED_SCHEMA_VERSION' }),
      );
    });

    it('throws MALFORMED_EVENT for data without an "at" time', () => {
      expect(() => upcast({ type: 'XpAwarded', schemaVersion: 1, data: null })).toThrow(
        expect.objectContaining({ code: 'MALFORMED_EVENT' }),
      );
      expect(() => upcast({ type: 'XpAwarded', schemaVersion: 1, data: { amount: 5 } })).toThrow(
        expect.objectContaining({ code: 'MALFORMED_EVENT' }),
      );
    });
  });
});
