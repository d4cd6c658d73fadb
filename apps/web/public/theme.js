// Applied before first paint so a dark-mode reader never sees a white flash. A file rather than an
// inline script: the Content-Security-Policy allows scripts of this origin only.
try {
  if (localStorage.getItem('wyt-dark') === 'true') document.documentElement.classList.add('dark');
} catch (_) {}
