import { learnerEvent } from '@wenyan/domain';
import { choiceAnswered } from '@wenyan/domain/test-support';
import { describe, expect, it } from 'vitest';
import { dayInWords, summarizeEvent } from './summaries.ts';

const at = '2025-03-01T06:00:00.000Z';
const titles = new Map([[7, '師說']]);

const answer = (isCorrect: boolean, source: 'quiz' | 'error_book' = 'quiz') =>
  choiceAnswered({
    questionId: 'q1',
    lessonId: 7,
    source,
    selectedAnswer: '老師的學說，非常長的一段作答內容需要被截短才放得進一行裏',
    correctAnswer: '從師',
    isCorrect,
    timeSpent: 10,
    correctRun: isCorrect ? 1 : 0,
    at,
  });

describe('the words a teacher reads for each event', () => {
  describe('when the learner answered', () => {
    it('says right or wrong, the lesson and the question type', () => {
      expect(summarizeEvent(answer(true), titles)).toBe('答對《師說》詞解題一題');
    });
    it('shows a wrong answer beside the correct one, clipped to a line', () => {
      expect(summarizeEvent(answer(false), titles)).toBe(
        '答錯《師說》詞解題一題：作答「老師的學說，非常長的一段作答內容需要被截短才放得…」，正確答案「從師」',
      );
    });
    it('names the source when it is not a quiz, and the lesson number when the title is unknown', () => {
      expect(summarizeEvent(answer(true, 'error_book'), new Map())).toBe('答對第 7 課詞解題一題（錯題簿）');
    });
  });

  describe('when XP was awarded', () => {
    it('gives the amount, the domain’s reason label and the lesson', () => {
      const xp = learnerEvent('XpAwarded', {
        amount: 15,
        reason: 'correct_run_bonus',
        lessonId: 7,
        questionId: 'q1',
        at,
      });
      expect(summarizeEvent(xp, titles)).toBe('獲得 15 XP（連續答對獎勵・《師說》）');
      const daily = learnerEvent('XpAwarded', {
        amount: 5,
        reason: 'daily_sign_in',
        lessonId: null,
        questionId: null,
        at,
      });
      expect(summarizeEvent(daily, titles)).toBe('獲得 5 XP（每日登入）');
    });
  });

  describe('when the streak moved', () => {
    it('tells a first day from a broken streak', () => {
      const first = learnerEvent('StreakReset', {
        day: '2025-03-01',
        previousStreakDays: 0,
        streakDays: 1,
        at,
      });
      const broken = learnerEvent('StreakReset', {
        day: '2025-03-05',
        previousStreakDays: 3,
        streakDays: 1,
        at,
      });
      expect(summarizeEvent(first, titles)).toBe('開始連續學習（第 1 天）');
      expect(summarizeEvent(broken, titles)).toBe('連續學習中斷（之前連續 3 天），重新由第 1 天開始');
    });
    it('names a milestone', () => {
      const extended = learnerEvent('StreakExtended', { day: '2025-03-03', streakDays: 3, milestone: 3, at });
      expect(summarizeEvent(extended, titles)).toBe('連續學習延長至 3 天，達成 3 天里程碑');
    });
    it('writes a day the Hong Kong way', () => {
      expect(dayInWords('2025-03-01')).toBe('2025年3月1日');
      const signed = learnerEvent('DailySignedIn', { day: '2025-03-01', previousActiveDay: null, at });
      expect(summarizeEvent(signed, titles)).toBe('2025年3月1日首次學習');
    });
  });

  describe('when the error book changed', () => {
    it('quotes the note and says when a question was mastered', () => {
      const note = learnerEvent('ErrorNoteSaved', { questionId: 'q1', note: '「師」解作老師', at });
      expect(summarizeEvent(note, titles)).toBe('為錯題寫下筆記：「「師」解作老師」');
      const mastered = learnerEvent('ErrorQuestionMastered', { questionId: 'q1', at });
      expect(summarizeEvent(mastered, titles)).toBe('把一道錯題標記為已掌握');
    });
  });

  describe('when a practice was finished', () => {
    it('gives the node, the counts and the score', () => {
      const node = learnerEvent('NodeCompleted', {
        lessonId: 7,
        nodeType: 'sentence_translation',
        score: 80,
        questionsAnswered: 5,
        correctAnswers: 4,
        timeSpent: 100,
        firstCompletion: false,
        at,
      });
      expect(summarizeEvent(node, titles)).toBe('完成《師說》句譯題關卡（重溫）：答對 4/5 題（80%）');
    });
    it('gives a recitation’s accuracy with the domain’s grade label', () => {
      const recited = learnerEvent('RecitationFinished', {
        mode: 'choice',
        attempts: [],
        extra: [],
        lessonId: 7,
        start: 0,
        end: 20,
        characters: 20,
        mistakes: 1,
        durationMs: 60_000,
        accuracy: 95,
        grade: 'excellent',
        at,
      });
      expect(summarizeEvent(recited, titles)).toBe('背誦《師說》：準確率 95%（優秀）');
    });
  });
});
