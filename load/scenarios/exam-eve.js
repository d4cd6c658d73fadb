// Exam eve: learners arrive at a ramping rate, sign in, open the lobby, start a session and answer a
// question every few seconds; a share of them keep /api/ws open on the leaderboard while they answer,
// and watchers keep the leaderboard page open throughout. Ramp up, hold at the peak, ramp down.
//
// Knobs (set by `npm run load -- exam-eve`, overridable in the environment): PEAK_ANSWERS (answers/s
// at the peak), QUESTIONS per session, THINK_MS between answers, WS_SHARE, WATCHERS, RAMP/HOLD/DOWN,
// LEARNER_VUS (the most learners at once), SIGN_IN (api, or seeded: no sign-in requests).
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

const PEAK_ANSWERS = Number(__ENV.PEAK_ANSWERS || 200);
const QUESTIONS = Number(__ENV.QUESTIONS || 10);
const THINK_MS = Number(__ENV.THINK_MS || 3000);
const WS_SHARE = Number(__ENV.WS_SHARE || 0.2);
const WATCHERS = Number(__ENV.WATCHERS || 200);
const LEARNER_VUS = Number(__ENV.LEARNER_VUS || 1000);
const RAMP = Number(__ENV.RAMP_S || 60);
const HOLD = Number(__ENV.HOLD_S || 120);
const DOWN = Number(__ENV.DOWN_S || 30);
// Sessions that start per 10 s at the peak.
const peak = Math.max(1, Math.round((PEAK_ANSWERS / QUESTIONS) * 10));

export const options = {
  scenarios: {
    learners: {
      executor: 'ramping-arrival-rate',
      exec: 'study',
      startRate: 0,
      timeUnit: '10s',
      // Every VU made up front: k6 drops an arrival when it must make a VU mid-run, and the offered
      // rate falls short of the scenario's.
      preAllocatedVUs: LEARNER_VUS,
      maxVUs: LEARNER_VUS,
      stages: [
        { target: peak, duration: `${RAMP}s` },
        { target: peak, duration: `${HOLD}s` },
        { target: 0, duration: `${DOWN}s` },
      ],
      gracefulStop: sessionGracefulStop(QUESTIONS, THINK_MS),
    },
    ...watchersScenario(WATCHERS, RAMP + HOLD + DOWN + 30),
  },
  thresholds: thresholds({
    ...ANSWER_TARGETS,
    sign_in_errors: ['count<1'],
  }),
  summaryTrendStats,
};

// SIGN_IN=seeded starts the learners from seeded sessions instead (to measure without the sign-ins' scrypt).
export const study = studyExec(__ENV.SIGN_IN === 'seeded' ? 'seeded' : 'signIn', {
  questions: QUESTIONS,
  thinkMs: THINK_MS,
  wsShare: WS_SHARE,
});

export const watcher = watcherExec((RAMP + HOLD + DOWN) * 1000);

export const handleSummary = writeSummary;
