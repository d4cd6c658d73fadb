// Spike: from idle to the peak answer rate in ten seconds (a push notification at nine in the evening),
// hold, and stop. The learners signed in earlier (the runner's sessions), so the spike is answers and
// the lobby, not sign-ins. Watchers keep the leaderboard open throughout.
//
// Knobs: PEAK_ANSWERS, QUESTIONS, THINK_MS, WS_SHARE, WATCHERS, HOLD_S, LEARNER_VUS.
import {
  ANSWER_TARGETS,
  sessionGracefulStop,
  studyExec,
  summaryTrendStats,
  thresholds,
  watcherExec,
  watchersScenario,
  writeSummary,
} from './lib.js';

const PEAK_ANSWERS = Number(__ENV.PEAK_ANSWERS || 1100);
const QUESTIONS = Number(__ENV.QUESTIONS || 10);
const THINK_MS = Number(__ENV.THINK_MS || 2000);
const WS_SHARE = Number(__ENV.WS_SHARE || 0.1);
const WATCHERS = Number(__ENV.WATCHERS || 500);
const LEARNER_VUS = Number(__ENV.LEARNER_VUS || 3000);
const HOLD = Number(__ENV.HOLD_S || 60);
const peak = Math.max(1, Math.round((PEAK_ANSWERS / QUESTIONS) * 10));

export const options = {
  scenarios: {
    learners: {
      executor: 'ramping-arrival-rate',
      exec: 'study',
      startRate: 0,
      timeUnit: '10s',
      preAllocatedVUs: LEARNER_VUS,
      maxVUs: LEARNER_VUS,
      stages: [
        { target: peak, duration: '10s' },
        { target: peak, duration: `${HOLD}s` },
      ],
      gracefulStop: sessionGracefulStop(QUESTIONS, THINK_MS),
    },
    ...watchersScenario(WATCHERS, HOLD + 60),
  },
  thresholds: thresholds({
    http_req_failed: ['rate<0.0001'],
    ...ANSWER_TARGETS,
  }),
  summaryTrendStats,
};

export const study = studyExec('seeded', { questions: QUESTIONS, thinkMs: THINK_MS, wsShare: WS_SHARE });

export const watcher = watcherExec((HOLD + 25) * 1000);

export const handleSummary = writeSummary;
