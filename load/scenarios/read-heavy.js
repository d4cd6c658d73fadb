// Read-heavy: the lobby, the leaderboard and the learner's stats read at a high rate (everyone checking
// their rank after the evening's practice), beside a trickle of answers that keeps the leaderboard
// moving.
//
// Knobs: READS (read iterations/s; each is a lobby, a leaderboard and a stats read), ANSWERS, DURATION_S,
// LEARNER_VUS.
import {
  answer,
  learner,
  lobby,
  readLeaderboard,
  readStats,
  startSession,
  summaryTrendStats,
  thresholds,
  writeSummary,
} from './lib.js';

const READS = Number(__ENV.READS || 200);
const ANSWERS = Number(__ENV.ANSWERS || 20);
const DURATION = Number(__ENV.DURATION_S || 90);
const LEARNER_VUS = Number(__ENV.LEARNER_VUS || 600);

export const options = {
  scenarios: {
    readers: {
      executor: 'constant-arrival-rate',
      exec: 'reader',
      rate: READS,
      timeUnit: '1s',
      duration: `${DURATION}s`,
      preAllocatedVUs: Math.min(LEARNER_VUS, 200),
      maxVUs: LEARNER_VUS,
    },
    answerers: {
      executor: 'constant-arrival-rate',
      exec: 'answerer',
      rate: ANSWERS,
      timeUnit: '1s',
      duration: `${DURATION}s`,
      preAllocatedVUs: 50,
      maxVUs: 100,
    },
  },
  thresholds: thresholds({
    'http_req_duration{ep:lobby}': ['p(95)<100', 'p(99)<250'],
    'http_req_duration{ep:leaderboard}': ['p(95)<100', 'p(99)<250'],
    'http_req_duration{ep:stats}': ['p(95)<100', 'p(99)<250'],
  }),
  summaryTrendStats,
};

export function reader() {
  const s = learner('seeded');
  if (!s) return;
  lobby(s);
  readLeaderboard(s);
  readStats(s);
}

let questions = null;

export function answerer() {
  const s = learner('seeded');
  if (!s) return;
  if (!questions) questions = startSession(s);
  if (questions.length > 0) answer(s, questions[Math.floor(Math.random() * questions.length)]);
}

export const handleSummary = writeSummary;
