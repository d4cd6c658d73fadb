// Exam eve: learners arrive at a ramping rate, sign in, open the lobby, start a session and answer a
// question every few seconds; a share of them keep /api/ws open on the leaderboard while they answer,
// and watchers keep the leaderboard page open throughout. Ramp up, hold at the peak, ramp down.
//
// Knobs (set by `npm run load -- exam-eve`, overridable in the environment): PEAK_ANSWERS (answers/s
// at the peak), QUESTIONS per session, THINK_MS between answers, WS_SHARE, WATCHERS, RAMP/HOLD/DOWN,
// LEARNER_VUS (the most learners at once), SIGN_IN (api, or seeded: no sign-in requests).
import {
  answeringOptions,
  rampingArrivals,
  sessionKnobs,
  sessionsPer10s,
  studyExec,
  watcherExec,
} from './lib.js';

const PEAK_ANSWERS = Number(__ENV.PEAK_ANSWERS || 200);
const knobs = sessionKnobs();
const RAMP = Number(__ENV.RAMP_S || 60);
const HOLD = Number(__ENV.HOLD_S || 120);
const DOWN = Number(__ENV.DOWN_S || 30);
const peak = sessionsPer10s(PEAK_ANSWERS, knobs);

export const options = answeringOptions(
  knobs,
  rampingArrivals([
    [peak, RAMP],
    [peak, HOLD],
    [0, DOWN],
  ]),
  RAMP + HOLD + DOWN + 30,
  { sign_in_errors: ['count<1'] },
);

// SIGN_IN=seeded starts the learners from seeded sessions instead (to measure without the sign-ins' scrypt).
export const study = studyExec(__ENV.SIGN_IN === 'seeded' ? 'seeded' : 'signIn', knobs);

export const watcher = watcherExec((RAMP + HOLD + DOWN) * 1000);

export { writeSummary as handleSummary } from './lib.js';
