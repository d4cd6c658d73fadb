// The theme before first paint (a file, not an inline script, so a Content-Security-Policy without
// 'unsafe-inline' allows it): the learner's choice in local storage ('wyt-dark', written by
// src/lib/preferences.ts), or, until they choose, the system's dark-mode setting.
(() => {
  let dark = false;
  try {
    const stored = localStorage.getItem('wyt-dark');
    dark = stored === null ? matchMedia('(prefers-color-scheme: dark)').matches : stored === 'true';
  } catch (_) {
    dark = false;
  }
  if (dark) {
    document.documentElement.classList.add('dark');
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', '#15140F');
  }
})();
