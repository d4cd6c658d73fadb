// Soak: a steady, moderate answer rate for a long run (minutes here, hours on a real deployment), with
// watchers on the leaderboard. The runner samples the processes' memory and the projection backlog
// meanwhile; the thresholds hold the latency and the projection lag steady to the end.
//
// Knobs: ANSWERS (answers/s), QUESTIONS, THINK_MS, WS_SHARE, WATCHERS, DURATION_S, LEARNER_VUS.
import { learner, studySession, summaryTrendStats, thresholds, watch, writeSummary } from './lib.js';

const ANSWERS = Number(__ENV.ANSWERS || 150);
const QUESTIONS = Number(__ENV.QUESTIONS || 10);
const THINK_MS = Number(__ENV.THINK_MS || 3000);
const WS_SHARE = Number(__ENV.WS_SHARE || 0.2);
const WATCHERS = Number(__ENV.WATCHERS || 200);
const LEARNER_VUS = Number(__ENV.LEARNER_VUS || 800);
const DURATION = Number(__ENV.DURATION_S || 600);

export const options = {
  scenarios: {
    learners: {
      executor: 'constant-arrival-rate',
      exec: 'study',
      rate: Math.max(1, Math.round((ANSWERS / QUESTIONS) * 10)),
      timeUnit: '10s',
      duration: `${DURATION}s`,
      preAllocatedVUs: Math.min(LEARNER_VUS, 300),
      maxVUs: LEARNER_VUS,
      gracefulStop: `${Math.ceil((QUESTIONS * THINK_MS * 1.5) / 1000) + 10}s`,
    },
    ...(WATCHERS > 0
      ? {
          watchers: {
            executor: 'per-vu-iterations',
            exec: 'watcher',
            vus: WATCHERS,
            iterations: 1,
            maxDuration: `${DURATION + 60}s`,
          },
        }
      : {}),
  },
  thresholds: thresholds({
    'http_req_duration{ep:answer}': ['p(95)<100', 'p(99)<250'],
    projection_lag: ['p(95)<500'],
    ws_update_lag: ['p(95)<1500'],
    ws_msgs_too_close: ['count<1'],
  }),
  summaryTrendStats,
};

export async function study() {
  const s = learner('seeded');
  if (!s) return;
  await studySession(s, { count: QUESTIONS, thinkMs: THINK_MS, withSocket: Math.random() < WS_SHARE });
}

export async function watcher() {
  const s = learner('seeded');
  if (!s) return;
  await watch(s.headers, DURATION * 1000);
}

export const handleSummary = writeSummary;
