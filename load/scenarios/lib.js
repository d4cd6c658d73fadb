// The helper every k6 scenario shares: sign-up and sign-in, the learner's calls tagged by endpoint
// group, the leaderboard socket, the two lag measurements, thresholds and the summary file.
// Plain JavaScript (k6 runs it as is; tsc does not see it). Run through `npm run load -- <scenario>`,
// which starts the system and sets BASE_URL and the other variables below.
import { check, sleep } from 'k6';
import { SharedArray } from 'k6/data';
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import { WebSocket } from 'k6/websockets';

export const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
export const WS_URL = `${BASE_URL.replace(/^http/, 'ws')}/api/ws`;
const PASSWORD = __ENV.LOAD_PASSWORD || 'exam season 2026';
const ACCOUNT_PREFIX = __ENV.ACCOUNT_PREFIX || 'learner';
/** Share of answers whose acknowledgement is read and, when correct, whose projection lag is probed over HTTP. */
const LAG_SAMPLE = Number(__ENV.LAG_SAMPLE || 0.02);
const LESSONS = Number(__ENV.LESSONS || 16);

export const answersOk = new Counter('answers_ok');
export const answerErrors = new Counter('answer_errors');
export const signInErrors = new Counter('sign_in_errors');
/** Answer acknowledged → GET /api/leaderboard shows it (the projector committed): ms. */
export const projectionLag = new Trend('projection_lag', true);
/** Answer acknowledged → the learner's own socket receives the leaderboard message showing it: ms. */
export const wsUpdateLag = new Trend('ws_update_lag', true);
export const leaderboardMessages = new Counter('leaderboard_msgs');
/** Leaderboard messages that came less than 500 ms after the previous one on the same socket (two in one push window). */
export const wsTooClose = new Counter('ws_msgs_too_close');
export const wsErrors = new Counter('ws_errors');

/** The endpoint groups every summary reports. */
export const GROUPS = ['auth', 'lobby', 'session', 'answer', 'leaderboard', 'stats'];

/**
 * Thresholds that fail the run when missed. Each group gets at least a loose one so that k6 keeps its
 * sub-metric (and the summary can show it); `strict` overrides or adds to them.
 */
export function thresholds(strict = {}) {
  const t = {
    http_req_failed: ['rate<0.001'],
    answer_errors: ['count<1'],
    ws_errors: ['count<1'],
  };
  for (const g of GROUPS) t[`http_req_duration{ep:${g}}`] = ['p(95)<2000'];
  return { ...t, ...strict };
}

export const summaryTrendStats = ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max', 'count'];

/** The exam-season targets of the answer path (issue 10), shared by the answering scenarios. */
export const ANSWER_TARGETS = {
  'http_req_duration{ep:answer}': ['p(95)<100', 'p(99)<250'],
  projection_lag: ['p(95)<500'],
  ws_update_lag: ['p(95)<1500'],
  ws_msgs_too_close: ['count<1'],
};

/** The `watchers` scenario: each VU keeps the leaderboard open once (none when `count` is 0). */
export function watchersScenario(count, maxSeconds) {
  return count > 0
    ? {
        watchers: {
          executor: 'per-vu-iterations',
          exec: 'watcher',
          vus: count,
          iterations: 1,
          maxDuration: `${maxSeconds}s`,
        },
      }
    : {};
}

/** How long a learner scenario waits for sessions in flight when it ends. */
export function sessionGracefulStop(questions, thinkMs) {
  return `${Math.ceil((questions * thinkMs * 1.5) / 1000) + 10}s`;
}

/** The defaults of the knobs below, where a scenario names none of its own. */
export const SESSION_KNOB_DEFAULTS = {
  QUESTIONS: 10,
  THINK_MS: 3000,
  WS_SHARE: 0.2,
  WATCHERS: 200,
  LEARNER_VUS: 1000,
};

/**
 * The knobs every answering scenario reads from the environment, else the scenario's `defaults`, else
 * SESSION_KNOB_DEFAULTS: QUESTIONS per session, THINK_MS between answers, WS_SHARE (learners with the
 * socket open), WATCHERS, LEARNER_VUS (the most learners at once).
 */
export function sessionKnobs(defaults = {}) {
  const knob = (name) => Number(__ENV[name] || { ...SESSION_KNOB_DEFAULTS, ...defaults }[name]);
  return {
    questions: knob('QUESTIONS'),
    thinkMs: knob('THINK_MS'),
    wsShare: knob('WS_SHARE'),
    watchers: knob('WATCHERS'),
    learnerVus: knob('LEARNER_VUS'),
  };
}

/** Learner sessions to start per 10 s for `answersPerSecond` (at least one). */
export function sessionsPer10s(answersPerSecond, knobs) {
  return Math.max(1, Math.round((answersPerSecond / knobs.questions) * 10));
}

/** Arrivals from none along `stages` (`[sessions per 10 s, seconds]` each). */
export function rampingArrivals(stages) {
  return {
    executor: 'ramping-arrival-rate',
    startRate: 0,
    stages: stages.map(([target, seconds]) => ({ target, duration: `${seconds}s` })),
  };
}

/**
 * The options of an answering scenario: the `learners` scenario (its executor and rate in `arrivals`,
 * sessions started per 10 s), watchers on the leaderboard for at most `watchSeconds`, and the answer
 * path's targets with `strict` added.
 */
export function answeringOptions(knobs, arrivals, watchSeconds, strict = {}) {
  return {
    scenarios: {
      learners: {
        exec: 'study',
        timeUnit: '10s',
        ...arrivals,
        // Every VU made up front: k6 drops an arrival when it must make a VU mid-run, and the offered
        // rate falls short of the scenario's.
        preAllocatedVUs: knobs.learnerVus,
        maxVUs: knobs.learnerVus,
        gracefulStop: sessionGracefulStop(knobs.questions, knobs.thinkMs),
      },
      ...watchersScenario(knobs.watchers, watchSeconds),
    },
    thresholds: thresholds({ ...ANSWER_TARGETS, ...strict }),
    summaryTrendStats,
  };
}

/** A scenario's `study` function: one learner's session (a share of them with the socket open). */
export function studyExec(how, { questions, thinkMs, wsShare }) {
  return async () => {
    const s = learner(how);
    if (!s) return;
    await studySession(s, { count: questions, thinkMs, withSocket: Math.random() < wsShare });
  };
}

/** A scenario's `watcher` function: a seeded learner keeps the leaderboard open for `ms`. */
export function watcherExec(ms) {
  return async () => {
    const s = learner('seeded');
    if (!s) return;
    await watch(s.headers, ms);
  };
}

const jsonHeaders = { 'content-type': 'application/json' };

function sessionOf(res, username) {
  const cookie = res.cookies.wyt_session?.[0]?.value;
  if (!cookie) return null;
  let body;
  try {
    body = res.json();
  } catch {
    return null;
  }
  return { userId: String(body.id), username, headers: { cookie: `wyt_session=${cookie}` } };
}

/** Registers a new learner (POST /api/auth/register); returns their session or null. */
export function signUp(username) {
  const res = http.post(
    `${BASE_URL}/api/auth/register`,
    JSON.stringify({ username, password: PASSWORD, firstName: '考生' }),
    { headers: jsonHeaders, tags: { ep: 'auth', name: 'register' } },
  );
  const ok = check(res, { 'signed up': (r) => r.status === 201 });
  if (!ok) signInErrors.add(1);
  return ok ? sessionOf(res, username) : null;
}

/** Signs in a seeded learner (POST /api/auth/login); returns their session or null. */
export function signIn(username) {
  const res = http.post(`${BASE_URL}/api/auth/login`, JSON.stringify({ username, password: PASSWORD }), {
    headers: jsonHeaders,
    tags: { ep: 'auth', name: 'login' },
  });
  const ok = check(res, { 'signed in': (r) => r.status === 200 });
  if (!ok) signInErrors.add(1);
  return ok ? sessionOf(res, username) : null;
}

/** Sessions the runner made for the seeded accounts, in account order (learners already signed in). */
const seededSessions = __ENV.SESSIONS_FILE
  ? new SharedArray('sessions', () => JSON.parse(open(__ENV.SESSIONS_FILE)))
  : [];

let mySession = null;

/**
 * This VU's learner: account `<prefix><VU id>`. `signIn` signs in through the API once and keeps the
 * session for the VU's iterations; `seeded` uses the session the runner made (a learner who signed in
 * earlier in the evening, as after a spike's push notification).
 */
export function learner(how = 'signIn') {
  if (mySession) return mySession;
  const n = exec.vu.idInTest;
  if (how === 'seeded') {
    const a = seededSessions[(n - 1) % seededSessions.length];
    if (a) mySession = { userId: a.id, username: a.username, headers: { cookie: a.cookie } };
  } else {
    mySession = signIn(`${ACCOUNT_PREFIX}${n}`);
  }
  return mySession;
}

/** The lobby: the signed-in user, the lesson library and the learner's stats, fetched together. */
export function lobby(s) {
  // Only the status is checked: k6 skips reading the bodies (the lesson list is tens of KB), which
  // keeps the load generator's share of the machine's CPU down.
  const params = { headers: s.headers, tags: { ep: 'lobby' }, responseType: 'none' };
  const res = http.batch([
    ['GET', `${BASE_URL}/api/auth/user`, null, { ...params, tags: { ep: 'lobby', name: 'auth-user' } }],
    ['GET', `${BASE_URL}/api/lessons`, null, { ...params, tags: { ep: 'lobby', name: 'lessons' } }],
    [
      'GET',
      `${BASE_URL}/api/users/${s.userId}/stats`,
      null,
      { ...params, tags: { ep: 'lobby', name: 'stats' } },
    ],
  ]);
  check(res, { 'lobby loaded': (rs) => rs.every((r) => r.status === 200) });
}

/** Opens a practice session on a lesson: its questions (multiple-choice ones first). */
export function startSession(s, lessonId = 1 + Math.floor(Math.random() * LESSONS)) {
  const res = http.get(`${BASE_URL}/api/lessons/${lessonId}/questions`, {
    headers: s.headers,
    tags: { ep: 'session', name: 'lesson-questions' },
  });
  if (!check(res, { 'questions loaded': (r) => r.status === 200 })) return [];
  const questions = res.json();
  return questions.filter((q) => Array.isArray(q.options) && q.options.length > 1);
}

/**
 * The choice questions' keys ({ id: answer }), written by the runner from the database: question lists
 * carry no keys, so a simulated learner who "knows" an answer reads it here. Without the file (a run
 * against a system of one's own) learners pick at random.
 */
const answerKeys = __ENV.ANSWER_KEYS_FILE ? JSON.parse(open(__ENV.ANSWER_KEYS_FILE)) : {};

/** What a learner picks: right about seven times in ten (when the key is known). */
function choose(q) {
  const key = answerKeys[q.id];
  if (key !== undefined && Math.random() < 0.7) return key;
  const wrong = q.options.filter((o) => o !== key);
  return wrong.length > 0 ? wrong[Math.floor(Math.random() * wrong.length)] : q.options[0];
}

/** An answer's request; `body` says whether k6 reads the acknowledgement's body (else only its status). */
function answerRequest(s, q, body) {
  const key = `k6-${exec.vu.idInTest}-${exec.vu.iterationInScenario}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
  return {
    url: `${BASE_URL}/api/users/answers`,
    body: JSON.stringify({
      userId: s.userId,
      questionId: q.id,
      selectedAnswer: choose(q),
      timeSpent: 5 + Math.floor(Math.random() * 20),
      // The question's served token, as the client sends it (issue 37: XP only for questions served).
      ...(q.served ? { served: q.served } : {}),
    }),
    params: {
      headers: { ...s.headers, ...jsonHeaders, 'idempotency-key': key },
      tags: { ep: 'answer', name: 'submit-answer' },
      responseType: body ? 'text' : 'none',
    },
  };
}

/** The acknowledgement: { at, isCorrect, totalXP } when its body was read, {} when not, null on error. */
function afterAnswer(res) {
  const ok = check(res, { 'answer acknowledged': (r) => r.status === 200 });
  if (!ok) {
    answerErrors.add(1);
    return null;
  }
  answersOk.add(1);
  if (res.body === null) return {};
  const body = res.json();
  return { at: Date.now(), isCorrect: body.isCorrect, totalXP: body.totals.totalXP };
}

/**
 * Submits one answer (with an Idempotency-Key); returns its acknowledgement (see afterAnswer). A share
 * `LAG_SAMPLE` of the answers reads the body and, when correct, probes the projection lag; the others
 * skip the body, which keeps k6's share of the machine's CPU down.
 */
export function answer(s, q) {
  const probe = Math.random() < LAG_SAMPLE;
  const r = answerRequest(s, q, probe);
  const ack = afterAnswer(http.post(r.url, r.body, r.params));
  if (probe && ack?.isCorrect) probeProjection(s, ack);
  return ack;
}

/** The same, for async iterations that keep a socket open (always read: the socket's lag needs it). */
export async function answerAsync(s, q) {
  const r = answerRequest(s, q, true);
  return afterAnswer(await http.asyncRequest('POST', r.url, r.body, r.params));
}

/**
 * Measures one projection lag through the public API: polls GET /api/leaderboard until the learner's
 * entry shows the XP the answer's acknowledgement reported (tagged apart, out of the group figures).
 */
export function probeProjection(s, ack, timeoutMs = 5000) {
  for (;;) {
    const res = http.get(`${BASE_URL}/api/leaderboard`, {
      headers: s.headers,
      tags: { ep: 'lag-probe', name: 'leaderboard-probe' },
    });
    const elapsed = Date.now() - ack.at;
    if (res.status === 200 && (res.json().me?.entry?.totalXP ?? -1) >= ack.totalXP) {
      projectionLag.add(elapsed);
      return;
    }
    if (elapsed > timeoutMs) {
      projectionLag.add(elapsed);
      return;
    }
    sleep(0.02);
  }
}

/** The leaderboard and the learner's stats, read over HTTP. */
export function readLeaderboard(s) {
  const res = http.get(`${BASE_URL}/api/leaderboard`, {
    headers: s.headers,
    tags: { ep: 'leaderboard' },
    responseType: 'none',
  });
  check(res, { 'leaderboard read': (r) => r.status === 200 });
}

export function readStats(s) {
  const res = http.get(`${BASE_URL}/api/users/${s.userId}/stats`, {
    headers: s.headers,
    tags: { ep: 'stats' },
    responseType: 'none',
  });
  check(res, { 'stats read': (r) => r.status === 200 });
}

export const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens /api/ws with the session's cookie and subscribes to the leaderboard. Counts messages, flags
 * two messages less than 500 ms apart (the hub coalesces to one a second; timers jitter under load), and settles the expectations
 * set with `expectXp` (answer acknowledged → own entry shows it).
 */
export function openLeaderboard(headers) {
  const expectations = [];
  let lastAt = 0;
  let messages = 0;
  let resolveOpen;
  let resolveClosed;
  const opened = new Promise((r) => {
    resolveOpen = r;
  });
  const closed = new Promise((r) => {
    resolveClosed = r;
  });
  const ws = new WebSocket(WS_URL, null, { headers, tags: { ep: 'ws' } });
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: 'subscribe', channel: 'leaderboard' }));
    resolveOpen(true);
  };
  let closing = false;
  ws.onerror = (e) => {
    resolveOpen(false);
    // k6 reports writing to a socket it is closing itself ("close sent"): not the server's failure.
    if (closing) return;
    wsErrors.add(1);
    console.warn(`leaderboard socket error: ${e?.error ?? 'unknown'}`);
  };
  ws.onclose = () => {
    resolveOpen(false);
    resolveClosed();
  };
  ws.onmessage = (event) => {
    const data = String(event.data);
    // The hub writes `type` first, so a leaderboard push is known without parsing it; it is parsed only
    // while this socket waits for its own XP. (Parsing 2 KB in k6's JavaScript runtime, thousands of
    // times a second with 5,000 sockets, costs more CPU than the server spends sending them.)
    if (!data.startsWith('{"type":"leaderboard"')) {
      let message;
      try {
        message = JSON.parse(data);
      } catch {
        wsErrors.add(1);
        return;
      }
      if (message.type === 'error') {
        wsErrors.add(1);
        console.warn(`leaderboard socket error message: ${message.code} ${message.message}`);
      }
      return;
    }
    const now = Date.now();
    messages += 1;
    leaderboardMessages.add(1);
    // The first message answers the subscription; the ones after it are the coalesced pushes.
    if (messages > 2 && now - lastAt < 500) wsTooClose.add(1);
    lastAt = now;
    if (expectations.length === 0) return;
    let xp;
    try {
      xp = JSON.parse(data).me?.entry?.totalXP ?? -1;
    } catch {
      wsErrors.add(1);
      return;
    }
    for (let i = expectations.length - 1; i >= 0; i--) {
      if (xp >= expectations[i].totalXP) {
        wsUpdateLag.add(now - expectations[i].at);
        expectations.splice(i, 1);
      }
    }
  };
  return {
    opened,
    closed,
    /** Expect a message showing at least this XP (after an acknowledged correct answer). */
    expectXp(ack) {
      expectations.push(ack);
    },
    close() {
      closing = true;
      ws.close();
      return closed;
    },
    messages: () => messages,
  };
}

/**
 * A learner's study session: lobby, a lesson's questions, `count` answers `thinkMs` apart. With
 * `withSocket`, the learner keeps the leaderboard open meanwhile and measures their own update lag.
 */
export async function studySession(s, { count, thinkMs, withSocket }) {
  lobby(s);
  const questions = startSession(s);
  if (questions.length === 0) return;
  const pick = () => questions[Math.floor(Math.random() * questions.length)];
  if (!withSocket) {
    for (let i = 0; i < count; i++) {
      sleep((thinkMs * (0.5 + Math.random())) / 1000);
      answer(s, pick());
    }
    return;
  }
  const board = openLeaderboard(s.headers);
  if (!(await board.opened)) return;
  for (let i = 0; i < count; i++) {
    await wait(thinkMs * (0.5 + Math.random()));
    const ack = await answerAsync(s, pick());
    if (ack?.isCorrect) board.expectXp(ack);
  }
  // Give the last answer's message time to come (two push intervals), then leave.
  await wait(2500);
  await board.close();
}

/** Keeps a watching socket open for `holdMs` (a learner with the leaderboard page open). */
export async function watch(headers, holdMs) {
  const board = openLeaderboard(headers);
  if (!(await board.opened)) return;
  await wait(holdMs);
  await board.close();
}

/** Writes k6's own summary to the file the runner asked for; the runner builds the report from it. */
export function writeSummary(data) {
  const out = { stdout: `k6 summary written to ${__ENV.SUMMARY_FILE || 'summary.json'}\n` };
  out[__ENV.SUMMARY_FILE || 'summary.json'] = JSON.stringify(data, null, 1);
  return out;
}
