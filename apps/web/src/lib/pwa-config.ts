/**
 * The web app manifest and the service worker's runtime caches (used by vite.config.ts at build time;
 * kept here so a unit test checks which API calls are kept for offline use and which never are).
 *
 * What works offline after one visit: the shell and every screen's code (precached), the sixteen texts
 * (`/api/lessons`, `/api/lessons/:id`: reading, recitation, whose key is the text itself, and the mind
 * maps, whose data is in the code), the annotations of each passage opened (`/api/lessons/:id/annotations`), the question sets the learner opened recently (roadmap course sessions included), the signed-in user and
 * the learner's own reads that the screens they start from show (`LEARNER_PATTERN`: the library's stats,
 * 今日複習 and its session, the error book). The personal caches are dropped at sign-out
 * (`clearPersonalCaches`), so another learner on the same phone never sees them.
 * Each is network-first: online the learner always sees the server's current answer; the cache is used
 * only when the network fails or takes longer than NETWORK_TIMEOUT_SECONDS.
 */
import type { ManifestOptions } from 'vite-plugin-pwa';

type RuntimeCaching = NonNullable<
  NonNullable<import('vite-plugin-pwa').VitePWAOptions['workbox']>['runtimeCaching']
>;

/** From UI.md: paper background, seal red accent. */
export const THEME_COLOUR = '#B7312C';
export const BACKGROUND_COLOUR = '#FAF7F0';

export const webManifest: Partial<ManifestOptions> = {
  name: '文言通',
  short_name: '文言通',
  description: '香港中學文憑試十六篇文言經典範文的學習平台',
  lang: 'zh-Hant-HK',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME_COLOUR,
  background_color: BACKGROUND_COLOUR,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/** A slow network (an MTR tunnel) falls back to the cache after this long. */
export const NETWORK_TIMEOUT_SECONDS = 4;

/** The runtime caches, by name (signing out clears the personal ones: see service-worker.ts). */
export const RUNTIME_CACHES = {
  texts: 'wyt-texts',
  questionSets: 'wyt-question-sets',
  session: 'wyt-session',
  learner: 'wyt-learner',
} as const;

/** The caches that hold one learner's own data (dropped at sign-out; the texts stay). */
export const PERSONAL_CACHES = [
  RUNTIME_CACHES.session,
  RUNTIME_CACHES.questionSets,
  RUNTIME_CACHES.learner,
] as const;

/** The sixteen texts: the list, each text and its annotations (注釋 and 語譯; no answer keys). */
export const TEXTS_PATTERN = /\/api\/lessons(\/\d+(\/annotations)?)?(\?.*)?$/;
/** A lesson's question sets (all, a roadmap node's, a roadmap course's, adaptive) and the vocabulary quiz's. */
export const QUESTION_SETS_PATTERN =
  /\/api\/(lessons\/\d+\/(questions|nodes\/[^/?]+\/questions|adaptive-questions)|course-questions|vocabulary\/(questions|lessons|mixed-lessons))(\?.*)?$/;
/** Who is signed in, so the shell opens offline as the learner and not as a guest. */
export const SESSION_PATTERN = /\/api\/auth\/user(\?.*)?$/;

/**
 * A learner's own reads behind the screens they start from (issue 40): the library's per-lesson stats, the
 * due reviews, the review settings and a review session (今日複習), the error book (its items, stats,
 * knowledge tags, appeals, answers waiting for a teacher). Never a teacher's view of anyone.
 */
export const LEARNER_PATTERN =
  /\/api\/users\/[^/?]+\/(stats|error-questions(\/stats)?|reviews(\/(session|forecast))?|review-settings|knowledge-tags|appeals|pending-answers)(\?.*)?$/;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * A GET the service worker answers network first, from the cache `cacheName` when the network is slow
 * or gone (a 200 only kept), at most `expiration` of it.
 */
function networkFirst(
  urlPattern: RegExp,
  cacheName: string,
  expiration: { maxEntries: number; maxAgeSeconds?: number },
): RuntimeCaching[number] {
  return {
    urlPattern,
    method: 'GET',
    handler: 'NetworkFirst',
    options: {
      cacheName,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      cacheableResponse: { statuses: [200] },
      expiration,
    },
  };
}

export const offlineRuntimeCaching: RuntimeCaching = [
  networkFirst(TEXTS_PATTERN, RUNTIME_CACHES.texts, { maxEntries: 40, maxAgeSeconds: 60 * DAY_SECONDS }),
  networkFirst(QUESTION_SETS_PATTERN, RUNTIME_CACHES.questionSets, {
    maxEntries: 30,
    maxAgeSeconds: 14 * DAY_SECONDS,
  }),
  networkFirst(SESSION_PATTERN, RUNTIME_CACHES.session, { maxEntries: 1 }),
  networkFirst(LEARNER_PATTERN, RUNTIME_CACHES.learner, { maxEntries: 40, maxAgeSeconds: 14 * DAY_SECONDS }),
];
