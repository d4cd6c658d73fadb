// Soak: a steady, moderate answer rate for a long run (minutes here, hours on a real deployment), with
// watchers on the leaderboard. The runner samples the processes' memory and the projection backlog
// meanwhile; the thresholds hold the latency and the projection lag steady to the end.
//
// Knobs: ANSWERS (answers/s), QUESTIONS, THINK_MS, WS_SHARE, WATCHERS, DURATION_S, LEARNER_VUS.
import { answeringOptions, sessionKnobs, sessionsPer10s, studyExec, watcherExec } from './lib.js';

const ANSWERS = Number(__ENV.ANSWERS || 150);
const knobs = sessionKnobs({ LEARNER_VUS: 800 });
const DURATION = Number(__ENV.DURATION_S || 600);

export const options = answeringOptions(
  knobs,
  {
    executor: 'constant-arrival-rate',
    rate: sessionsPer10s(ANSWERS, knobs),
    duration: `${DURATION}s`,
  },
  DURATION + 60,
);

export const study = studyExec('seeded', knobs);

export const watcher = watcherExec(DURATION * 1000);

export { writeSummary as handleSummary } from './lib.js';
