/**
 * The load runner's scenarios: the built-in ones (load/scenarios/*.js) with their default knobs and the
 * virtual learners they need, and a k6 script of one's own given by its path.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './system.ts';

export interface Profile {
  defaults: Record<string, string>;
  /** Learner VUs the scenario needs at most, from its settings. */
  learnerVus(s: Record<string, number>): number;
  watchers(s: Record<string, number>): number;
}

/** Concurrent learners of an arrival rate: sessions per second × how long one lasts, with headroom. */
const concurrent = (answersPerS: number, s: Record<string, number>) =>
  Math.ceil((answersPerS / s.QUESTIONS!) * ((s.QUESTIONS! * s.THINK_MS!) / 1000 + 6) * 1.3);

export const PROFILES: Record<string, Profile> = {
  'exam-eve': {
    defaults: {
      PEAK_ANSWERS: '200',
      QUESTIONS: '10',
      THINK_MS: '3000',
      WS_SHARE: '0.2',
      WATCHERS: '300',
      RAMP_S: '60',
      HOLD_S: '120',
      DOWN_S: '30',
      LAG_SAMPLE: '0.02',
    },
    learnerVus: (s) => concurrent(s.PEAK_ANSWERS!, s),
    watchers: (s) => s.WATCHERS!,
  },
  spike: {
    defaults: {
      PEAK_ANSWERS: '1100',
      QUESTIONS: '10',
      THINK_MS: '2000',
      WS_SHARE: '0.1',
      WATCHERS: '500',
      HOLD_S: '60',
      LAG_SAMPLE: '0.01',
    },
    learnerVus: (s) => concurrent(s.PEAK_ANSWERS!, s),
    watchers: (s) => s.WATCHERS!,
  },
  soak: {
    defaults: {
      ANSWERS: '150',
      QUESTIONS: '10',
      THINK_MS: '3000',
      WS_SHARE: '0.2',
      WATCHERS: '200',
      DURATION_S: '600',
      LAG_SAMPLE: '0.02',
    },
    learnerVus: (s) => concurrent(s.ANSWERS!, s),
    watchers: (s) => s.WATCHERS!,
  },
  'read-heavy': {
    defaults: { READS: '200', ANSWERS: '20', DURATION_S: '90', LAG_SAMPLE: '0' },
    learnerVus: (s) => Math.ceil(s.READS! * 1.5) + 100,
    watchers: () => 0,
  },
};

/**
 * A k6 script of one's own, by its path: the runner seeds `ACCOUNTS` learners (`learner1`...,
 * LOAD_PASSWORD, each with a session in SESSIONS_FILE) and reports what the server saw. k6's own
 * summary is read when the script writes it to SUMMARY_FILE (as load/scenarios/lib.js does).
 */
export const OWN_SCRIPT: Profile = {
  defaults: { ACCOUNTS: '8000' },
  learnerVus: (s) => s.ACCOUNTS!,
  watchers: () => 0,
};

/**
 * The scenario's k6 script and the name its report goes under, or null when there is none: a built-in
 * scenario by its name, or a script of one's own by its path from `cwd` (npm runs the runner from the
 * project's folder; a relative path is meant from where npm was run, INIT_CWD).
 */
export function resolveScenario(
  arg: string,
  cwd: string,
): { script: string; name: string; profile: Profile } | null {
  const builtIn = PROFILES[arg];
  if (builtIn)
    return { script: path.join(root, 'load', 'scenarios', `${arg}.js`), name: arg, profile: builtIn };
  const script = path.resolve(cwd, arg);
  if (!/\.[cm]?js$/.test(script) || !existsSync(script)) return null;
  return { script, name: path.basename(script).replace(/\.[cm]?js$/, ''), profile: OWN_SCRIPT };
}

/**
 * The learners a run seeds: a built-in scenario's learner VUs and watchers with room to spare; a script
 * of one's own exactly the `ACCOUNTS` it asks for.
 */
export function accountsToSeed(profile: Profile, learnerVus: number, s: Record<string, number>): number {
  return profile === OWN_SCRIPT ? learnerVus : learnerVus + profile.watchers(s) + 100;
}
