/**
 * The learner's export as a page a 16-year-old can read (GET /api/users/me/export.html): the same data
 * as the JSON export, with Chinese labels instead of column keys and event type names, and every time
 * in Hong Kong time. The browser prints it to PDF. Dated by the Hong Kong day of the export.
 */
import type { LearnerExport } from '@wenyan/store';

const HK_TIME = new Intl.DateTimeFormat('zh-HK', {
  timeZone: 'Asia/Hong_Kong',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const HK_DAY = new Intl.DateTimeFormat('zh-HK', {
  timeZone: 'Asia/Hong_Kong',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const HK_ISO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Hong_Kong',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function asDate(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 「2026年12月2日 下午3:05」 in Hong Kong time, or 「—」. */
export function hongKongTime(value: unknown): string {
  const date = asDate(value);
  return date ? HK_TIME.format(date) : '—';
}

/** 「2026年12月2日」, the Hong Kong day. */
export function hongKongDay(value: unknown): string {
  const date = asDate(value);
  return date ? HK_DAY.format(date) : '—';
}

/** 2026-12-02, the Hong Kong day (for the file name). */
export function hongKongIsoDay(value: unknown): string {
  const date = asDate(value) ?? new Date(0);
  return HK_ISO_DAY.format(date);
}

/** What each kind of record is called on the page; a kind not named here shows as 「其他紀錄」. */
const EVENT_LABELS: Record<string, string> = {
  AnswerSubmitted: '作答',
  AnswerTeacherMarked: '老師批改',
  ExamDateSet: '設定考試日期',
  ReviewSettingsChanged: '更改複習設定',
  XpAwarded: '獲得經驗值',
  DailySignedIn: '每日登入',
  StreakExtended: '連續學習日數增加',
  StreakReset: '連續學習日數重新計算',
  NodeCompleted: '完成練習',
  NodeFellShort: '練習未達標',
  LessonCompleted: '完成課文',
  UnitCompleted: '完成單元',
  VocabularyExerciseCompleted: '完成詞彙練習',
  RecitationFinished: '完成背誦',
  AnswerAppealed: '提出申訴',
  AppealDeclined: '申訴未獲接納',
  AnswerRemarked: '答案重新評分',
  AnswerRemarkedOnRevert: '答案重新評分',
  SelfMarkConfirmed: '自評獲老師確認',
  ErrorNoteSaved: '寫下錯題筆記',
  ErrorQuestionMastered: '錯題已掌握',
  SchoolChanged: '更改學校',
};

const escapeHtml = (value: unknown): string =>
  String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const text = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '—' : escapeHtml(value);
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
const lesson = (id: unknown): string => (id === null || id === undefined ? '—' : `第 ${escapeHtml(id)} 課`);

function table(caption: string, headings: string[], rows: string[][], empty: string): string {
  if (rows.length === 0) return `<p class="muted">${empty}</p>`;
  return `<table><caption>${caption}</caption><thead><tr>${headings
    .map((h) => `<th scope="col">${h}</th>`)
    .join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((cell, i) => `<td data-label="${headings[i]}">${cell}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

type Event = { type: string; data: Record<string, unknown>; recorded_at: unknown };

function answerResult(data: Record<string, unknown>): string {
  if (data.pendingReview) return '待老師批閱';
  const earned = num(data.pointsEarned);
  const available = num(data.pointsAvailable);
  if (available > 1) return `${earned} / ${available} 分`;
  return data.isCorrect ? '答對' : '答錯';
}

/** The whole page, every value escaped. */
export function readableExportHtml(data: LearnerExport): string {
  const account = data.account;
  const totals = data.totals ?? {};
  const events = (data.tables.events ?? []) as unknown as Event[];
  const answers = events.filter((e) => e.type === 'AnswerSubmitted');
  const appeals = events.filter((e) => e.type === 'AnswerAppealed');
  const xp = events.filter((e) => e.type === 'XpAwarded');
  const counts = new Map<string, number>();
  for (const e of events) {
    const label = EVENT_LABELS[e.type] ?? '其他紀錄';
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const day = hongKongDay(data.exportedAt);

  const accountRows: Array<[string, unknown]> = [
    ['用戶名稱', account.username],
    ['姓名', [account.last_name, account.first_name].filter(Boolean).join('')],
    ['電郵', account.email],
    ['學校', account.school_name],
    ['排行榜暱稱', account.nickname],
    ['在排行榜顯示', account.leaderboard_opt_out ? '否' : '是'],
    ['建立帳戶', hongKongTime(account.created_at)],
  ];

  return `<!doctype html>
<html lang="zh-Hant-HK">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>我的資料（${day}）· 文言通</title>
<style>
  :root { --paper:#faf7f0; --ink:#1f1d1a; --muted:#5c574e; --line:#e4ddcd; --seal:#b7312c; --raised:#fff; }
  @media (prefers-color-scheme: dark) { :root { --paper:#15140f; --ink:#ece6d8; --muted:#b3ab9a; --line:#38342a; --seal:#e0655e; --raised:#201e17; } }
  * { box-sizing: border-box; }
  body { margin:0; background:var(--paper); color:var(--ink); line-height:1.6;
    font-family:"Noto Sans HK","PingFang HK","Microsoft JhengHei",system-ui,sans-serif; padding:16px; }
  main { max-width:880px; margin:0 auto; background:var(--raised); border:1px solid var(--line); border-radius:16px; padding:20px; }
  h1 { font-family:"Noto Serif TC","Source Han Serif TC",serif; color:var(--seal); margin:0 0 8px; }
  h2 { font-size:1.1rem; margin:28px 0 8px; }
  .muted { color:var(--muted); font-size:14px; }
  dl { display:grid; grid-template-columns:max-content 1fr; gap:4px 16px; margin:0; }
  dt { color:var(--muted); } dd { margin:0; overflow-wrap:anywhere; }
  .scroll { overflow-x:auto; }
  table { border-collapse:collapse; width:100%; font-size:14px; }
  caption { text-align:left; color:var(--muted); padding-bottom:4px; }
  th, td { border-bottom:1px solid var(--line); padding:6px 8px; text-align:left; vertical-align:top; overflow-wrap:anywhere; }
  th { white-space:nowrap; }
  a { color:var(--seal); }
  /* A phone: each row a block of 「label value」 lines instead of columns a few characters wide. */
  @media (max-width: 600px) {
    thead { position:absolute; width:1px; height:1px; overflow:hidden; clip-path:inset(50%); }
    tr { display:block; border-bottom:1px solid var(--line); padding:6px 0; }
    td { display:grid; grid-template-columns:6.5em 1fr; gap:8px; border:0; padding:2px 0; }
    td::before { content:attr(data-label); color:var(--muted); }
  }
  @media print { body { background:#fff; padding:0; } main { border:0; padding:0; } .no-print { display:none; } }
</style>
</head>
<body>
<main data-testid="readable-export">
  <h1>我的資料</h1>
  <p class="muted">文言通為你保存的資料，於 ${escapeHtml(hongKongTime(data.exportedAt))}（香港時間）整理。所有時間均為香港時間。</p>
  <p class="muted no-print">想保存成 PDF：用瀏覽器的「列印」，再選「另存為 PDF」。</p>

  <h2>帳戶</h2>
  <dl>${accountRows.map(([k, v]) => `<dt>${k}</dt><dd>${text(v)}</dd>`).join('')}</dl>

  <h2>學習概況</h2>
  <dl>
    <dt>經驗值</dt><dd>${num(totals.total_xp)}</dd>
    <dt>等級</dt><dd>${num(totals.level) || 1}</dd>
    <dt>連續學習日數</dt><dd>${num(totals.streak_days)} 日</dd>
    <dt>完成課文</dt><dd>${num(totals.completed_lessons)} 課</dd>
    <dt>作答次數</dt><dd>${num(totals.answers_count)} 次（答對 ${num(totals.correct_count)} 次）</dd>
    <dt>最後學習</dt><dd>${text(hongKongTime(totals.last_active_at))}</dd>
  </dl>

  <h2>答題紀錄</h2>
  <div class="scroll">${table(
    `共 ${answers.length} 次作答`,
    ['時間', '課文', '題目編號', '你的答案', '正確答案', '結果'],
    answers.map((e) => [
      escapeHtml(hongKongTime(e.data.answeredAt ?? e.recorded_at)),
      lesson(e.data.lessonId),
      text(e.data.questionId),
      text(e.data.selectedAnswer),
      text(e.data.correctAnswer),
      escapeHtml(answerResult(e.data)),
    ]),
    '還沒有作答紀錄。',
  )}</div>

  <h2>錯題簿</h2>
  <div class="scroll">${table(
    `共 ${(data.tables.error_questions ?? []).length} 題`,
    ['題目編號', '你答錯的答案', '正確答案', '答錯次數', '你的筆記', '狀態', '最近作答'],
    (data.tables.error_questions ?? []).map((r) => [
      text(r.question_id),
      text(r.incorrect_answer),
      text(r.correct_answer),
      `${num(r.attempt_count)} 次`,
      text(r.user_explanation),
      r.is_active ? '仍要溫習' : `已掌握（${escapeHtml(hongKongDay(r.mastered_at))}）`,
      escapeHtml(hongKongTime(r.last_attempt_at)),
    ]),
    '錯題簿是空的。',
  )}</div>

  <h2>經驗值</h2>
  <div class="scroll">${table(
    `共 ${xp.length} 次，合共 ${xp.reduce((sum, e) => sum + num(e.data.amount), 0)} 點`,
    ['時間', '點數', '課文'],
    xp.map((e) => [
      escapeHtml(hongKongTime(e.recorded_at)),
      `+${num(e.data.amount)}`,
      lesson(e.data.lessonId),
    ]),
    '還沒有獲得經驗值。',
  )}</div>

  <h2>申訴</h2>
  <div class="scroll">${table(
    `共 ${appeals.length} 次`,
    ['時間', '題目編號', '你的答案', '你的理由'],
    appeals.map((e) => [
      escapeHtml(hongKongTime(e.recorded_at)),
      text(e.data.questionId),
      text(e.data.selectedAnswer),
      text(e.data.note),
    ]),
    '沒有提出過申訴。',
  )}</div>

  <h2>班別</h2>
  <div class="scroll">${table(
    `共 ${(data.tables.classes ?? []).length} 班`,
    ['班別', '加入日期'],
    (data.tables.classes ?? []).map((r) => [text(r.class_name), escapeHtml(hongKongDay(r.joined_at))]),
    '沒有加入班別。',
  )}</div>

  <h2>全部學習紀錄</h2>
  <div class="scroll">${table(
    `共 ${events.length} 項`,
    ['類別', '次數'],
    [...counts].map(([label, count]) => [escapeHtml(label), `${count}`]),
    '還沒有學習紀錄。',
  )}</div>

  <p class="muted">完整的原始資料（供電腦程式讀取）可在「設定」下載 JSON 或 CSV 檔。</p>
</main>
</body>
</html>`;
}
