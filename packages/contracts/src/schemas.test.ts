import { describe, expect, it } from 'vitest';
import { SetRolesBodySchema, UPLOAD_REQUIRED_MESSAGE, UploadTextBodySchema } from './admin.ts';
import { LoginBodySchema, RegisterBodySchema } from './auth.ts';
import { DseMixedPracticeQuerySchema, DseMixQuerySchema } from './dse.ts';
import { UpdateErrorQuestionBodySchema } from './error-book.ts';
import { LeaderboardSchema } from './leaderboard.ts';
import { FinishRecitationBodySchema } from './recitation.ts';
import {
  AtParamSchema,
  CreateClassBodySchema,
  JoinClassBodySchema,
  LearnerEventsQuerySchema,
  LearnerStateQuerySchema,
} from './teacher.ts';
import {
  AnswerResultSchema,
  NodeCompleteBodySchema,
  SubmitAnswerBodySchema,
  UpdateSchoolBodySchema,
  UserSchema,
} from './users.ts';
import { VocabularyQuestionsQuerySchema, VocabularyRecordBodySchema } from './vocabulary.ts';

const ok = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('auth', () => {
  it('accepts usernames of 3–32 letters, digits, _ . -', () => {
    expect(ok(RegisterBodySchema, { username: 'chan.tai-man_5', password: '12345678' })).toBe(true);
    expect(ok(RegisterBodySchema, { username: 'a'.repeat(32), password: '12345678' })).toBe(true);
  });

  it.each(['ab', 'a'.repeat(33), '陳大文', 'tai man', 'a@b'])('rejects the username %j', (username) => {
    expect(ok(RegisterBodySchema, { username, password: '12345678' })).toBe(false);
  });

  it('requires a password of 8–128 characters', () => {
    expect(ok(RegisterBodySchema, { username: 'taiman', password: '1234567' })).toBe(false);
    expect(ok(RegisterBodySchema, { username: 'taiman', password: 'x'.repeat(129) })).toBe(false);
    expect(ok(RegisterBodySchema, { username: 'taiman', password: 'x'.repeat(128) })).toBe(true);
  });

  it('checks an optional email and drops blank names', () => {
    expect(ok(RegisterBodySchema, { username: 'taiman', password: '12345678', email: 'nope' })).toBe(false);
    const body = RegisterBodySchema.parse({ username: 'taiman', password: '12345678', firstName: ' ' });
    expect(body.firstName).toBeUndefined();
  });

  it('signs in with a username, a password and an optional remember-me', () => {
    expect(LoginBodySchema.parse({ username: 'taiman', password: 'x', rememberMe: true }).rememberMe).toBe(
      true,
    );
    expect(ok(LoginBodySchema, { username: 'taiman', password: '' })).toBe(false);
  });
});

describe('the user', () => {
  const user = {
    id: '1',
    username: 'taiman',
    firstName: '大文',
    lastName: '陳',
    email: null,
    profileImageUrl: null,
    schoolName: null,
    totalXP: 1500,
    level: 6,
    streakDays: 7,
    lastActiveDate: '2025-03-01T08:00:00.000Z',
    completedLessons: 2,
    averageAccuracy: 87.5,
    characterThreshold: 400,
    roles: ['student'],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-03-01T08:00:00.000Z',
  };

  it('accepts the documented shape', () => {
    expect(UserSchema.parse(user)).toEqual(user);
  });

  it('rejects an unknown role and a date that is not ISO', () => {
    expect(ok(UserSchema, { ...user, roles: ['principal'] })).toBe(false);
    expect(ok(UserSchema, { ...user, createdAt: '1 Jan 2025' })).toBe(false);
  });
});

describe('learner write calls', () => {
  it('takes numeric or string ids in an answer and keeps isCorrect optional', () => {
    const body = SubmitAnswerBodySchema.parse({
      userId: 5,
      questionId: 12,
      selectedAnswer: '傳授',
      timeSpent: 9,
    });
    expect(body).toEqual({ userId: '5', questionId: '12', selectedAnswer: '傳授', timeSpent: 9 });
    expect(
      ok(SubmitAnswerBodySchema, { userId: '5', questionId: 'l7-wi-01', selectedAnswer: '', timeSpent: -1 }),
    ).toBe(false);
  });

  it('takes the moment an answer given offline was given, only as a date-time with an offset', () => {
    const base = { userId: '5', questionId: 'l7-wi-01', selectedAnswer: 'A', timeSpent: 9 };
    expect(
      SubmitAnswerBodySchema.parse({ ...base, answeredAt: '2024-09-03T22:00:00+08:00' }).answeredAt,
    ).toBe('2024-09-03T22:00:00+08:00');
    expect(ok(SubmitAnswerBodySchema, { ...base, answeredAt: 'yesterday' })).toBe(false);
    expect(ok(SubmitAnswerBodySchema, { ...base, answeredAt: 1725372000000 })).toBe(false);
  });

  it('answers an answer with the verdict, its marking, the awards and the totals', () => {
    const result = {
      answerVersion: 7,
      isCorrect: false,
      correctAnswer: '君子處於困境時仍堅守節操',
      explanation: '',
      culturalContext: null,
      marking: {
        verdict: 'partial',
        earned: 1,
        available: 2,
        copied: false,
        selfAssessed: false,
        points: [
          {
            id: 'p1',
            kind: 'word',
            label: '「約」解作窮困',
            earned: true,
            matched: '窮困',
            expected: '窮困',
          },
          { id: 'p2', kind: 'negation', label: '保留否定', earned: false, matched: null, expected: '不能' },
        ],
      },
      earnedXp: false,
      xpAwarded: [],
      totals: { totalXP: 10, level: 1, streakDays: 1 },
    };
    expect(ok(AnswerResultSchema, result)).toBe(true);
    expect(ok(AnswerResultSchema, { ...result, marking: { ...result.marking, verdict: 'almost' } })).toBe(
      false,
    );
    const { marking: _marking, ...withoutMarking } = result;
    expect(ok(AnswerResultSchema, withoutMarking)).toBe(false);
    // The answer's stream version is what an appeal names: a positive integer, always there.
    const { answerVersion: _version, ...withoutVersion } = result;
    expect(ok(AnswerResultSchema, withoutVersion)).toBe(false);
    expect(ok(AnswerResultSchema, { ...result, answerVersion: 0 })).toBe(false);
  });

  it('refuses a node completion with more correct answers than answered', () => {
    expect(
      ok(NodeCompleteBodySchema, { score: 80, questionsAnswered: 8, correctAnswers: 9, timeSpent: 60 }),
    ).toBe(false);
    expect(
      ok(NodeCompleteBodySchema, { score: 80, questionsAnswered: 10, correctAnswers: 8, timeSpent: 60 }),
    ).toBe(true);
  });

  it('trims the school name and refuses an empty one', () => {
    expect(UpdateSchoolBodySchema.parse({ schoolName: ' 皇仁書院 ' }).schoolName).toBe('皇仁書院');
    expect(UpdateSchoolBodySchema.safeParse({ schoolName: '  ' }).error?.issues[0]?.message).toBe(
      '請輸入學校名稱',
    );
  });

  it('refuses an empty personal note', () => {
    expect(ok(UpdateErrorQuestionBodySchema, { isCorrect: false, userExplanation: ' ' })).toBe(false);
    expect(ok(UpdateErrorQuestionBodySchema, { isCorrect: false, userExplanation: '受通授' })).toBe(true);
  });

  it('refuses a recitation range whose end is not after its start', () => {
    const run = { lessonId: 11, start: 10, end: 10, mistakes: 0, durationMs: 1000, picks: [] };
    expect(ok(FinishRecitationBodySchema, run)).toBe(false);
    expect(ok(FinishRecitationBodySchema, { ...run, end: 40 })).toBe(true);
  });

  it('refuses a 12-choice run without its picks (the first release’s bare count: issue 37)', () => {
    const run = { lessonId: 11, start: 0, end: 40, mistakes: 0, durationMs: 1000, correctCount: 40 };
    expect(ok(FinishRecitationBodySchema, run)).toBe(false);
  });
});

describe('vocabulary', () => {
  it('reads lessonIds as a comma-joined list', () => {
    expect(VocabularyQuestionsQuerySchema.parse({ lessonIds: '1,2,3', limit: '10' })).toEqual({
      lessonIds: [1, 2, 3],
      limit: 10,
    });
  });

  it('accepts sessionId or lessonId instead, and refuses none of the three', () => {
    expect(VocabularyQuestionsQuerySchema.parse({ sessionId: '2' }).sessionId).toBe(2);
    expect(VocabularyQuestionsQuerySchema.parse({ lessonId: '4' }).limit).toBe(10);
    expect(ok(VocabularyQuestionsQuerySchema, { limit: '10' })).toBe(false);
    expect(ok(VocabularyQuestionsQuerySchema, { lessonIds: '' })).toBe(false);
  });

  it('records a finished quiz with a string user id and exercise id', () => {
    const record = VocabularyRecordBodySchema.parse({
      userId: 123,
      exerciseType: 'mixed_session',
      exerciseId: 2,
      lessonIds: null,
      score: 80,
      timeSpent: 120,
      questionsAnswered: 10,
      correctAnswers: 8,
      difficulty: 'intermediate',
    });
    expect(record.userId).toBe('123');
    expect(record.exerciseId).toBe('2');
  });

  it('refuses an unknown exercise type', () => {
    expect(
      ok(VocabularyRecordBodySchema, {
        userId: '1',
        exerciseType: 'daily',
        exerciseId: '1',
        lessonIds: [1],
        score: 80,
        timeSpent: 1,
        questionsAnswered: 1,
        correctAnswers: 1,
        difficulty: 'intermediate',
      }),
    ).toBe(false);
  });
});

describe('DSE queries', () => {
  it('reads repeated types and passages for the mix', () => {
    expect(DseMixQuerySchema.parse({ types: ['multiple_choice', 'long_question'], passages: '3' })).toEqual({
      types: ['multiple_choice', 'long_question'],
      passages: [3],
      limit: 20,
    });
  });

  it('reads comma lists for the mixed-year practice and needs at least one filter', () => {
    expect(DseMixedPracticeQuerySchema.parse({ years: '2019,2020', limit: '10' })).toEqual({
      years: ['2019', '2020'],
      limit: 10,
    });
    expect(DseMixedPracticeQuerySchema.safeParse({ limit: '10' }).error?.issues[0]?.message).toBe(
      '請選擇至少一個篩選條件',
    );
    expect(ok(DseMixedPracticeQuerySchema, { years: '19' })).toBe(false);
  });
});

describe('leaderboard', () => {
  it('holds at most ten entries and allows no place for me', () => {
    expect(ok(LeaderboardSchema, { version: 0, top: [], me: null, total: 0 })).toBe(true);
  });
});

describe('admin', () => {
  it('says 請填寫標題和內容 for an empty title or content', () => {
    const result = UploadTextBodySchema.safeParse({ title: ' ', content: '', type: 'lesson' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      UPLOAD_REQUIRED_MESSAGE,
      UPLOAD_REQUIRED_MESSAGE,
    ]);
  });

  it('accepts the five upload types only', () => {
    for (const type of ['lesson', 'questions', 'dse-paper', 'vocabulary', 'json']) {
      expect(ok(UploadTextBodySchema, { title: 't', content: 'c', type })).toBe(true);
    }
    expect(ok(UploadTextBodySchema, { title: 't', content: 'c', type: 'pdf' })).toBe(false);
  });

  it('sets a non-empty set of known roles without repeats', () => {
    expect(ok(SetRolesBodySchema, { roles: ['student', 'teacher'] })).toBe(true);
    expect(ok(SetRolesBodySchema, { roles: [] })).toBe(false);
    expect(ok(SetRolesBodySchema, { roles: ['teacher', 'teacher'] })).toBe(false);
    expect(ok(SetRolesBodySchema, { roles: ['principal'] })).toBe(false);
  });
});

describe('teachers and classes', () => {
  it('needs a class name', () => {
    expect(CreateClassBodySchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe('請輸入班別名稱');
  });

  it('reads a join code case-insensitively', () => {
    expect(JoinClassBodySchema.parse({ joinCode: ' ab12cd ' }).joinCode).toBe('AB12CD');
    expect(ok(JoinClassBodySchema, { joinCode: 'AB-12' })).toBe(false);
  });

  it('pages events after a version, with repeated type filters', () => {
    expect(LearnerEventsQuerySchema.parse({ after: '20', types: 'AnswerSubmitted' })).toEqual({
      after: 20,
      limit: 50,
      types: ['AnswerSubmitted'],
    });
    expect(ok(LearnerEventsQuerySchema, { limit: '500' })).toBe(false);
    expect(ok(LearnerEventsQuerySchema, { from: 'yesterday' })).toBe(false);
  });

  it('replays at a version number or an ISO time', () => {
    expect(AtParamSchema.parse('12')).toBe(12);
    expect(AtParamSchema.parse('2025-03-01T08:00:00.000Z')).toBe('2025-03-01T08:00:00.000Z');
    expect(ok(AtParamSchema, 'last week')).toBe(false);
    expect(LearnerStateQuerySchema.parse({})).toEqual({});
  });
});
