import { createHash } from 'node:crypto';

/**
 * The server's sign-in page (GET /api/login): a small self-contained form in Traditional Chinese that
 * calls the JSON endpoints, then returns to the app. Sign-up, and a new password with a teacher's reset
 * code, on the same page.
 */
const LOGIN_SCRIPT = `(function () {
  var mode = 'login';
  var form = document.getElementById('form');
  var error = document.getElementById('error');
  var submit = document.getElementById('submit');
  var LABELS = { login: '登入', register: '註冊並登入', reset: '設定新密碼並登入' };
  function setMode(next) {
    mode = next;
    ['login', 'register', 'reset'].forEach(function (m) {
      document.getElementById('tab-' + m).setAttribute('aria-selected', String(next === m));
    });
    document.getElementById('register-fields').hidden = next !== 'register';
    document.getElementById('reset-fields').hidden = next !== 'reset';
    document.getElementById('remember-row').hidden = next !== 'login';
    document.getElementById('password-label').textContent = next === 'reset' ? '新密碼' : '密碼';
    document.getElementById('password-hint').hidden = next === 'login';
    document.getElementById('password').setAttribute('autocomplete', next === 'login' ? 'current-password' : 'new-password');
    submit.textContent = LABELS[next];
    error.textContent = '';
  }
  document.getElementById('tab-login').onclick = function () { setMode('login'); };
  document.getElementById('tab-register').onclick = function () { setMode('register'); };
  document.getElementById('tab-reset').onclick = function () { setMode('reset'); };
  // A teacher invitation's link (?invite=CODE) opens the sign-up form with the code filled in.
  var invite = new URLSearchParams(window.location.search).get('invite');
  if (invite) { form.invitationCode.value = invite; setMode('register'); }
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    error.textContent = '';
    var body = { username: form.username.value.trim() };
    var url = '/api/auth/login';
    if (mode === 'login') { body.password = form.password.value; body.rememberMe = form.rememberMe.checked; }
    else if (mode === 'register') {
      url = '/api/auth/register';
      body.password = form.password.value;
      if (form.firstName.value.trim()) body.firstName = form.firstName.value.trim();
      if (form.lastName.value.trim()) body.lastName = form.lastName.value.trim();
      if (form.invitationCode.value.trim()) body.invitationCode = form.invitationCode.value.trim();
    } else {
      url = '/api/auth/reset';
      body.code = form.code.value.trim();
      body.newPassword = form.password.value;
    }
    submit.disabled = true;
    fetch(url, {
      method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body)
    }).then(function (res) {
      if (res.ok) { window.location.assign('/'); return; }
      return res.json().then(function (b) {
        var err = (b && b.error) || {};
        var detail = err.details && err.details[0] && err.details[0].message;
        error.textContent = err.code === 'INVALID_CREDENTIALS' ? '用戶名稱或密碼不正確'
          : err.code === 'USERNAME_TAKEN' ? '這個用戶名稱已被使用'
          : err.code === 'RATE_LIMITED' ? err.message
          : err.code === 'INVALID_INVITATION' ? '教師邀請碼不正確、已使用或已過期'
          : detail || '未能完成，請再試一次';
      });
    }).catch(function () { error.textContent = '網絡連線出現問題，請再試一次'; })
      .finally(function () { submit.disabled = false; });
  });
})();
`;

/**
 * The page's one script, allowed by its digest: the page's Content-Security-Policy names this hash
 * instead of allowing inline scripts (an injected script has another digest and does not run).
 */
export const LOGIN_SCRIPT_HASH = `'sha256-${createHash('sha256').update(LOGIN_SCRIPT).digest('base64')}'`;

export function loginPageHtml(options: { oidc: boolean }): string {
  return `<!doctype html>
<html lang="zh-Hant-HK">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>登入文言通</title>
<style>
  :root { --paper:#faf7f0; --ink:#1f1d1a; --muted:#5c574e; --line:#e4ddcd; --seal:#b7312c; --raised:#fff; --brick:#a4483a; }
  @media (prefers-color-scheme: dark) { :root { --paper:#15140f; --ink:#ece6d8; --muted:#b3ab9a; --line:#38342a; --seal:#e0655e; --raised:#201e17; --brick:#e08474; } }
  * { box-sizing: border-box; }
  body { margin:0; min-height:100dvh; display:grid; place-items:center; background:var(--paper); color:var(--ink);
    font-family:"Noto Sans HK","PingFang HK","Microsoft JhengHei",system-ui,sans-serif; padding:16px; }
  main { width:100%; max-width:380px; background:var(--raised); border:1px solid var(--line); border-radius:16px; padding:24px; }
  h1 { font-family:"Noto Serif TC","Source Han Serif TC",serif; margin:0 0 4px; color:var(--seal); }
  p { margin:0 0 16px; color:var(--muted); }
  label { display:block; margin:12px 0 4px; font-size:14px; }
  input[type=text], input[type=password], input[type=email] { width:100%; min-height:44px; padding:8px 12px; border:1px solid var(--line);
    border-radius:10px; background:var(--paper); color:var(--ink); font:inherit; }
  .row { display:flex; align-items:center; gap:8px; margin-top:12px; font-size:14px; }
  button { width:100%; min-height:48px; margin-top:16px; border:0; border-radius:999px; background:var(--seal); color:#fff; font:inherit; font-weight:600; cursor:pointer; }
  button.secondary { background:transparent; color:var(--ink); border:1px solid var(--line); }
  button:disabled { opacity:.6; }
  .hint { margin:6px 0 0; font-size:13px; }
  .tabs button { flex:1; }
  .error { color:var(--brick); min-height:1.5em; margin-top:12px; font-size:14px; }
  .tabs { display:flex; gap:8px; margin-bottom:8px; }
  .tabs button { margin:0; min-height:40px; background:transparent; color:var(--muted); border:1px solid var(--line); }
  .tabs button[aria-selected=true] { background:var(--ink); color:var(--paper); }
  label.inline { margin:0; }
  [hidden] { display:none !important; }
  :focus-visible { outline:3px solid var(--seal); outline-offset:2px; }
</style>
</head>
<body>
<main>
  <h1>文言通</h1>
  <p>HKDSE 文言經典精讀練習</p>
  <div class="tabs" role="tablist">
    <button type="button" role="tab" id="tab-login" aria-selected="true">登入</button>
    <button type="button" role="tab" id="tab-register" aria-selected="false">註冊</button>
    <button type="button" role="tab" id="tab-reset" aria-selected="false">忘記密碼</button>
  </div>
  <form id="form" novalidate>
    <label for="username">用戶名稱</label>
    <input id="username" name="username" type="text" autocomplete="username" required minlength="3" maxlength="32" />
    <div id="reset-fields" hidden>
      <label for="code">重設碼（向老師索取，24 小時內有效）</label>
      <input id="code" name="code" type="text" autocomplete="one-time-code" maxlength="32" autocapitalize="characters" />
    </div>
    <label for="password" id="password-label">密碼</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required minlength="8" maxlength="128" />
    <p class="hint" id="password-hint" hidden>最少 8 個字元，可用空格；一句只有你記得的句子最好。常見密碼及包含用戶名稱的密碼不獲接受。</p>
    <div id="register-fields" hidden>
      <label for="firstName">名字（選填）</label>
      <input id="firstName" name="firstName" type="text" autocomplete="given-name" maxlength="50" />
      <label for="lastName">姓氏（選填）</label>
      <input id="lastName" name="lastName" type="text" autocomplete="family-name" maxlength="50" />
      <label for="invitationCode">教師邀請碼（老師適用，選填）</label>
      <input id="invitationCode" name="invitationCode" type="text" autocomplete="off" maxlength="40" autocapitalize="characters" />
    </div>
    <div class="row" id="remember-row"><input id="rememberMe" name="rememberMe" type="checkbox" /><label for="rememberMe" class="inline">記住我（90 日）</label></div>
    <div class="error" id="error" role="alert" aria-live="polite"></div>
    <button type="submit" id="submit">登入</button>
  </form>
  ${options.oidc ? '<a href="/api/login"><button type="button" class="secondary">以學校帳戶登入</button></a>' : ''}
  <p style="margin:16px 0 0;font-size:14px;text-align:center"><a href="/api/privacy" style="color:var(--seal)">私隱聲明：我們保存甚麼、為甚麼</a></p>
</main>
<script>${LOGIN_SCRIPT}</script>
</body>
</html>`;
}
