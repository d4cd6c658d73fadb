/**
 * One line of Traditional Chinese per learner event, for a teacher reading a learner's history.
 * Pure: the lesson titles come in; the labels of XP reasons and recitation grades are the domain's.
 */
import { type LearnerEvent, RECITATION_GRADE_LABELS, XP_REASON_LABELS } from '@wenyan/domain';

/** Question and roadmap-node types in words (the spec's names where it gives them). */
export const QUESTION_TYPE_LABELS: Readonly<Record<string, string>> = {
  word_interpretation: '詞解題',
  sentence_translation: '句譯題',
  theme_understanding: '主題理解題',
  cultural_knowledge: '文化常識題',
  writing_techniques: '寫作技巧題',
  recitation_assessment: '背誦考核題',
  fill_in_blank: '填充題',
  short_answer: '簡答題',
  recitation: '背誦題',
  multiple_choice: '選擇題',
  interpretation: '解釋題',
  analysis: '分析題',
  translation: '翻譯題',
  essay: '論述題',
  reading_comprehension: '閱讀理解題',
  sentence_memorization: '默書題',
  sentence_recitation: '句子背誦題',
  vocab_translation: '詞語翻譯題',
  writing_technique: '寫作技巧題',
  theme: '主題理解題',
  writing: '寫作技巧題',
  long_question: '長答題',
};

const VOCABULARY_EXERCISE_LABELS: Readonly<Record<string, string>> = {
  lesson_specific: '課文詞彙',
  mixed_session: '綜合練習',
  quick_practice: '快速練習',
};

const SOURCE_LABELS: Readonly<Record<string, string>> = {
  vocabulary: '詞彙練習',
  error_book: '錯題簿',
  past_paper: 'DSE 過往試題',
};

/** A lesson's title in book-title marks, or its number when unknown. */
export type LessonTitles = ReadonlyMap<number, string>;

function lessonName(titles: LessonTitles, lessonId: number): string {
  const title = titles.get(lessonId);
  return title ? `《${title}》` : `第 ${lessonId} 課`;
}

function typeName(type: string): string {
  return QUESTION_TYPE_LABELS[type] ?? '題目';
}

/** Shortens a learner's text for a one-line summary. */
function clip(text: string, max = 24): string {
  const chars = [...text.trim()];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** `2025-03-01` → `2025年3月1日`. */
export function dayInWords(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

/**
 * The event in words.
 * @example summarizeEvent(answer, titles) // '答對《師說》詞解題一題'
 */
export function summarizeEvent(event: LearnerEvent, titles: LessonTitles): string {
  switch (event.type) {
    case 'AnswerSubmitted': {
      const d = event.data;
      const source = SOURCE_LABELS[d.source];
      const where = source ? `（${source}）` : '';
      if (d.pendingReview === true) {
        return `作答${lessonName(titles, d.lessonId)}${typeName(d.questionType)}一題${where}，待老師批閱（暫評 ${d.pointsEarned}/${d.pointsAvailable} 分）：作答「${clip(d.selectedAnswer)}」`;
      }
      const head = `${d.isCorrect ? '答對' : '答錯'}${lessonName(titles, d.lessonId)}${typeName(d.questionType)}一題${where}`;
      return d.isCorrect
        ? head
        : `${head}：作答「${clip(d.selectedAnswer)}」，正確答案「${clip(d.correctAnswer)}」`;
    }
    case 'XpAwarded': {
      const d = event.data;
      const what = d.lessonId === null ? '' : `・${lessonName(titles, d.lessonId)}`;
      return `獲得 ${d.amount} XP（${XP_REASON_LABELS[d.reason]}${what}）`;
    }
    case 'DailySignedIn':
      return `${dayInWords(event.data.day)}首次學習`;
    case 'StreakExtended': {
      const d = event.data;
      const milestone = d.milestone === null ? '' : `，達成 ${d.milestone} 天里程碑`;
      return `連續學習延長至 ${d.streakDays} 天${milestone}`;
    }
    case 'StreakReset':
      return event.data.previousStreakDays === 0
        ? '開始連續學習（第 1 天）'
        : `連續學習中斷（之前連續 ${event.data.previousStreakDays} 天），重新由第 1 天開始`;
    case 'NodeCompleted': {
      const d = event.data;
      const again = d.firstCompletion ? '' : '（重溫）';
      return `完成${lessonName(titles, d.lessonId)}${typeName(d.nodeType)}關卡${again}：答對 ${d.correctAnswers}/${d.questionsAnswered} 題（${d.score}%）`;
    }
    case 'NodeFellShort': {
      const d = event.data;
      return `${lessonName(titles, d.lessonId)}${typeName(d.nodeType)}關卡未達標：答對 ${d.correctAnswers}/${d.questionsAnswered} 題（${d.score}%，需要 ${d.requiredScore}%）`;
    }
    case 'LessonCompleted': {
      const d = event.data;
      return `完成${lessonName(titles, d.lessonId)}課程（已作答 ${d.questionsCompleted}/${d.totalQuestions} 題）`;
    }
    case 'UnitCompleted':
      return `完成第 ${event.data.unitNumber} 單元${lessonName(titles, event.data.lessonId)}的所有關卡`;
    case 'VocabularyExerciseCompleted': {
      const d = event.data;
      const kind = VOCABULARY_EXERCISE_LABELS[d.exerciseType] ?? '詞彙練習';
      return `完成詞彙練習（${kind}）：答對 ${d.correctAnswers}/${d.questionsAnswered} 題（${d.score}%）`;
    }
    case 'ErrorNoteSaved':
      return `為錯題寫下筆記：「${clip(event.data.note, 40)}」`;
    case 'ErrorQuestionMastered':
      return '把一道錯題標記為已掌握';
    case 'SchoolChanged':
      return '更改了學校資料';
    case 'RecitationFinished': {
      const d = event.data;
      return `背誦${lessonName(titles, d.lessonId)}：準確率 ${d.accuracy}%（${RECITATION_GRADE_LABELS[d.grade]}）`;
    }
    case 'AnswerAppealed': {
      const d = event.data;
      const why = d.note === null ? '' : `，理由：「${clip(d.note, 40)}」`;
      return `就${lessonName(titles, d.lessonId)}${typeName(d.questionType)}一題的評分提出申訴（${d.pointsEarned}/${d.pointsAvailable} 分）：作答「${clip(d.selectedAnswer)}」${why}`;
    }
    case 'AppealDeclined':
      return `老師不接納申訴：「${clip(event.data.note, 40)}」`;
    case 'AnswerRemarked': {
      const d = event.data;
      const verdict = d.isCorrect ? '全對' : `${d.pointsEarned}/${d.pointsAvailable} 分`;
      return `老師接納申訴，「${clip(d.rendering, 20)}」列為可接受的譯法；${lessonName(titles, d.lessonId)}${typeName(d.questionType)}一題重新評分：${d.previousPointsEarned}/${d.pointsAvailable} 分 → ${verdict}`;
    }
    case 'AnswerRemarkedOnRevert': {
      const d = event.data;
      const verdict = d.isCorrect ? '全對' : `${d.pointsEarned}/${d.pointsAvailable} 分`;
      return `可接受的譯法「${clip(d.rendering, 20)}」已撤回；${lessonName(titles, d.lessonId)}${typeName(d.questionType)}一題重新評分：${d.previousPointsEarned}/${d.pointsAvailable} 分 → ${verdict}`;
    }
    case 'AnswerTeacherMarked': {
      const d = event.data;
      const verdict = d.isCorrect ? '全對' : `${d.pointsEarned}/${d.pointsAvailable} 分`;
      const note = d.note === null ? '' : `，評語：「${clip(d.note, 40)}」`;
      return `老師批閱${lessonName(titles, d.lessonId)}${typeName(d.questionType)}一題：暫評 ${d.provisionalPointsEarned}/${d.pointsAvailable} 分 → ${verdict}${note}`;
    }
    case 'SelfMarkConfirmed': {
      const d = event.data;
      const adjusted =
        d.pointsEarned === d.selfMarkedPoints ? '確認' : `調整為 ${d.pointsEarned}/${d.pointsAvailable} 分`;
      return `老師${adjusted}${lessonName(titles, d.lessonId)}一題的自評（自評 ${d.selfMarkedPoints}/${d.pointsAvailable} 分）`;
    }
    case 'FairPlayFlagCleared':
      return `老師覆核後清除本週的待覆核標記（${event.data.flags.map((f) => (f === 'pace' ? '答題過快' : '準確率急升')).join('、')}）`;
    case 'ExamDateSet': {
      const d = event.data;
      const whose = d.source === 'learner' ? '自訂考試日期' : `考試日期按${d.examYear ?? '本'}年度預設`;
      return `${whose}：${d.examDate}，目標記憶率 ${Math.round(d.targetRecall * 100)}%`;
    }
    case 'ReviewSettingsChanged': {
      const d = event.data;
      return `複習設定：每日目標 ${d.dailyGoal} 題${d.guideCompleted ? '，已完成入門指引' : ''}`;
    }
    default: {
      const unknown: never = event;
      return `學習紀錄（${(unknown as { type: string }).type}）`;
    }
  }
}
