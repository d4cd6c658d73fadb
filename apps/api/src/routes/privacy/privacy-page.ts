/**
 * The privacy notice (GET /api/privacy), in Traditional Chinese for learners (most are minors) and
 * their parents: what is kept, why, who sees it, for how long, and how to take or erase it (Hong Kong's
 * Personal Data (Privacy) Ordinance, and the Privacy Commissioner's guidance on children's data).
 * A server page like the sign-in page, so it opens signed out too.
 */
export function privacyNoticeHtml(): string {
  return `<!doctype html>
<html lang="zh-Hant-HK">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>私隱聲明 · 文言通</title>
<style>
  :root { --paper:#faf7f0; --ink:#1f1d1a; --muted:#5c574e; --line:#e4ddcd; --seal:#b7312c; --raised:#fff; }
  @media (prefers-color-scheme: dark) { :root { --paper:#15140f; --ink:#ece6d8; --muted:#b3ab9a; --line:#38342a; --seal:#e0655e; --raised:#201e17; } }
  * { box-sizing: border-box; }
  body { margin:0; background:var(--paper); color:var(--ink); line-height:1.7;
    font-family:"Noto Sans HK","PingFang HK","Microsoft JhengHei",system-ui,sans-serif; padding:16px; }
  main { max-width:680px; margin:0 auto; background:var(--raised); border:1px solid var(--line); border-radius:16px; padding:20px 24px; }
  h1 { font-family:"Noto Serif TC","Source Han Serif TC",serif; color:var(--seal); margin:0 0 8px; }
  h2 { font-size:1.1rem; margin:24px 0 4px; }
  p, li { color:var(--ink); } .muted { color:var(--muted); font-size:14px; }
  ul { padding-left:1.2em; } a { color:var(--seal); }
</style>
</head>
<body>
<main data-testid="privacy-notice">
  <h1>私隱聲明</h1>
  <p class="muted">文言通按照香港《個人資料（私隱）條例》處理你的資料。我們的用戶大多是中學生，所以只收集學習所需的最少資料。</p>

  <h2>我們保存甚麼</h2>
  <ul>
    <li><strong>帳戶資料</strong>：用戶名稱、密碼（只保存經加密處理的雜湊值，任何人都看不到原文）；你自願填寫的名字、姓氏、學校名稱和排行榜暱稱；以學校帳戶登入時，學校提供的電郵地址。</li>
    <li><strong>學習紀錄</strong>：每次作答、獲得的經驗值、連續學習日數、完成的練習和課文、背誦結果、錯題簿及你寫下的筆記。</li>
    <li><strong>班別</strong>：你加入的班別，以及加入和退出的時間。</li>
    <li><strong>登入狀態</strong>：一個只用於保持登入的 Cookie（不作追蹤或廣告用途）。</li>
    <li><strong>每日提醒</strong>（只在你於「設定」開啟後）：你選擇的提醒時間、接收提醒的裝置的推送地址，以及已發出提醒的日期。</li>
  </ul>

  <h2>為甚麼保存</h2>
  <ul>
    <li>計算你的進度、經驗值、等級和連續學習日數，並在錯題簿安排溫習。</li>
    <li>讓你的老師（只限你加入的班別的老師）了解你的學習情況，並重播你的學習紀錄以便指導。</li>
    <li>顯示排行榜。你可以在「設定」改用暱稱，或選擇不在排行榜上出現。其他同學看不到你的電郵地址。</li>
    <li>你開啟每日提醒後，在有內容要複習或連續學習紀錄快將中斷時，每日最多通知你一次。關閉後不再發出。</li>
  </ul>
  <p>我們不會出售你的資料，也不會用於廣告。</p>

  <h2>保存多久</h2>
  <ul>
    <li>帳戶資料保存至你刪除帳戶為止。</li>
    <li>登入狀態：7 日（選擇「記住我」則 90 日），30 日沒有使用會自動登出。</li>
  </ul>

  <h2>你的權利</h2>
  <ul>
    <li><strong>查閱</strong>：在「設定」按「下載我的資料」，即可下載我們保存的全部資料（JSON 檔，以及 CSV 表格）。</li>
    <li><strong>改正</strong>：在「個人檔案」和「設定」修改學校名稱和暱稱。</li>
    <li><strong>刪除</strong>：在「設定」按「刪除帳戶」，輸入密碼確認後，你的用戶名稱、名字、學校、電郵和暱稱會從整個系統清除，你亦會從排行榜和老師匯出的名單中消失。</li>
  </ul>
  <p>刪除帳戶後，你的學習紀錄（例如答對了哪些題目）會以不記名方式保留，不再連繫到任何名字，以保持班級統計和紀錄的完整；老師重播時只會看到「匿名學習者」。你自己輸入的文字（作答內容、申訴理由、錯題簿筆記）以你專屬的密鑰加密儲存；刪除帳戶時密鑰隨即銷毀，這些文字從此無法再讀取。刪除前製作的備份仍含這些文字，直至該備份被棄置。</p>

  <h2>未滿 18 歲的同學</h2>
  <p>如你未滿 18 歲，你的家長或監護人可以代你查閱或要求刪除資料。如有疑問，請聯絡你的老師或學校的系統管理員。</p>

  <p class="muted"><a href="/">返回文言通</a> · <a href="/api/login">登入</a></p>
</main>
</body>
</html>`;
}

/** After an erasure (GET /api/account-deleted): signed out, it says what happened and where to go. */
export function accountDeletedHtml(): string {
  return `<!doctype html>
<html lang="zh-Hant-HK">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>帳戶已刪除 · 文言通</title>
<style>
  :root { --paper:#faf7f0; --ink:#1f1d1a; --muted:#5c574e; --line:#e4ddcd; --seal:#b7312c; --raised:#fff; }
  @media (prefers-color-scheme: dark) { :root { --paper:#15140f; --ink:#ece6d8; --muted:#b3ab9a; --line:#38342a; --seal:#e0655e; --raised:#201e17; } }
  body { margin:0; background:var(--paper); color:var(--ink); line-height:1.7; padding:16px;
    font-family:"Noto Sans HK","PingFang HK","Microsoft JhengHei",system-ui,sans-serif; }
  main { max-width:520px; margin:10vh auto 0; background:var(--raised); border:1px solid var(--line); border-radius:16px; padding:20px 24px; }
  h1 { font-family:"Noto Serif TC","Source Han Serif TC",serif; color:var(--seal); margin:0 0 8px; }
  a { color:var(--seal); }
</style>
</head>
<body>
<main data-testid="account-deleted" role="status">
  <h1>帳戶已刪除</h1>
  <p>你的用戶名稱、姓名、學校、電郵和暱稱已從系統清除，你亦已在所有裝置登出。</p>
  <p>你的學習紀錄會以不記名方式保留，不再連繫到你。</p>
  <p><a href="/api/login">返回登入頁</a> · <a href="/api/privacy">私隱聲明</a></p>
</main>
</body>
</html>`;
}
