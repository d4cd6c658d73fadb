// Soak: a steady, moderate answer rate for a long run (minutes here, hours on a real deployment), with
// watchers on the leaderboard. The runner samples the processes' memory and the projection backlog
// meanwhile; the thresholds hold the latency and the projection lag steady to the end.
//
// Knobs: ANSWERS (answers/s), QUESTIONS, THINK_MS, WS_SHARE, WATCHERS, DURATION_S, LEARNER_VUS.
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
      // Every VU made up front: k6 drops an arrival when it must make a VU mid-run, and the offered
      // rate falls short of the scenario's.
      preAllocatedVUs: LEARNER_VUS,
      maxVUs: LEARNER_VUS,
      gracefulStop: sessionGracefulStop(QUESTIONS, THINK_MS),
    },
    ...watchersScenario(WATCHERS, DURATION + 60),
  },
  thresholds: thresholds({
    ...ANSWER_TARGETS,
  }),
  summaryTrendStats,
};

export const study = studyExec('seeded', { questions: QUESTIONS, thinkMs: THINK_MS, wsShare: WS_SHARE });

export const watcher = watcherExec(DURATION * 1000);

export const handleSummary = writeSummary;
