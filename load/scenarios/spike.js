// Spike: from idle to the peak answer rate in ten seconds (a push notification at nine in the evening),
// hold, and stop. The learners signed in earlier (the runner's sessions), so the spike is answers and
// the lobby, not sign-ins. Watchers keep the leaderboard open throughout.
//
// Knobs: PEAK_ANSWERS, QUESTIONS, THINK_MS, WS_SHARE, WATCHERS, HOLD_S, LEARNER_VUS.
import {
  answeringOptions,
  rampingArrivals,
  sessionKnobs,
  sessionsPer10s,
  studyExec,
  watcherExec,
} from './lib.js';

const PEAK_ANSWERS = Number(__ENV.PEAK_ANSWERS || 1100);
const knobs = sessionKnobs({ THINK_MS: 2000, WS_SHARE: 0.1, WATCHERS: 500, LEARNER_VUS: 3000 });
const HOLD = Number(__ENV.HOLD_S || 60);
const peak = sessionsPer10s(PEAK_ANSWERS, knobs);

export const options = answeringOptions(
  knobs,
  rampingArrivals([
    [peak, 10],
    [peak, HOLD],
  ]),
  HOLD + 60,
  { http_req_failed: ['rate<0.0001'] },
);

export const study = studyExec('seeded', knobs);

export const watcher = watcherExec((HOLD + 25) * 1000);

export { writeSummary as handleSummary } from './lib.js';
