/**
 * The review forecast without reading and simulating every card on every request (issue 38): each
 * learner's cards' outlooks (`cardOutlook`: what a card adds to the forecast) are kept in the process
 * with the version of the learner's projection they are of (`readCardsVersion`), the horizon of the
 * read that gave them, and the plan they were made under.
 *
 * - Same version: the cards are the ones read before. An outlook still holding (`outlookHolds`: the
 *   card not due yet, the exam to come) is reused; the others (due cards: their first planned review
 *   is now) are made again. One lookup by key, and the due cards' simulation.
 * - Another version (the projector wrote the learner's read models: an answer, a replan, a rebuild):
 *   the cards written since the last read are read (`readForecastCards` with its horizon) and put in
 *   place, each made anew; the others keep their outlooks. When the learner's count of cards does not
 *   match (a card deleted) or the horizon is too old, every card is read again.
 * - No entry: every card is read with its version, and every outlook made.
 *
 * So the forecast never shows cards older than the read model, and its figures are `reviewForecast`'s
 * of those cards in `forecastOrder` (the same to the last bit). Bounded by cards kept
 * (`FORECAST_CACHE_CARDS`), least recently used learners first.
 */
import {
  type CardOutlook,
  type ExamPlan,
  forecastOfOutlooks,
  forecastOrder,
  outlooksAt,
  type ReviewForecastFigures,
  renewOutlooks,
} from '@wenyan/domain';
import { type Db, readCardsVersion, readForecastCards } from '@wenyan/store';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The learners' forecasts kept in this process (see forecast-cache.ts). */
    forecasts: ForecastCache;
  }
}

/**
 * Cards whose outlooks one process keeps at most: about 390 bytes each (measured with its question id
 * and review days), so about 40 MB; 20 learners of 5,000 cards, or 1,000 of 100.
 */
export const FORECAST_CACHE_CARDS = 100_000;

type Entry = {
  readonly version: string;
  readonly horizon: string;
  readonly planKey: string;
  /** In `forecastOrder`. */
  readonly outlooks: CardOutlook[];
};

/** How a forecast was answered: from the kept cards, with the cards changed since, or all read. */
export type ForecastOutcome = 'hit' | 'changed' | 'read';

export interface ForecastCache {
  /** The forecast of a learner's projected cards under `plan` at `nowMs`, and how it was answered. */
  forecast(
    learnerId: string,
    plan: ExamPlan,
    nowMs: number,
  ): Promise<{ figures: ReviewForecastFigures; outcome: ForecastOutcome }>;
}

export function createForecastCache(db: Db, maxCards = FORECAST_CACHE_CARDS): ForecastCache {
  const entries = new LRUCache<string, Entry>({
    maxSize: maxCards,
    sizeCalculation: (entry) => entry.outlooks.length + 1,
  });

  /** The outlooks of every card of the learner, each kept one reused while it holds. */
  async function readAll(learnerId: string, plan: ExamPlan, nowMs: number, kept: CardOutlook[]) {
    const read = await readForecastCards(db, learnerId);
    const known = new Map(kept.map((o) => [o.questionId, o]));
    // Already in this order from the statement; sorting a sorted list is one pass.
    return { read, outlooks: outlooksAt(read.cards, plan, nowMs, known).sort(forecastOrder) };
  }

  return {
    async forecast(learnerId, plan, nowMs) {
      const planKey = `${plan.examDate}|${plan.targetRecall}`;
      const entry = entries.get(learnerId);
      // Outlooks made under another plan are of no use; their cards are.
      const samePlan = entry !== undefined && entry.planKey === planKey;
      const kept = samePlan ? entry.outlooks : [];
      const renew = (outlooks: CardOutlook[]) =>
        samePlan ? renewOutlooks(outlooks, plan, nowMs) : outlooksAt(outlooks, plan, nowMs);
      let outcome: ForecastOutcome;
      let read: { version: string | null; horizon: string };
      let outlooks: CardOutlook[];
      if (entry === undefined) {
        outcome = 'read';
        ({ read, outlooks } = await readAll(learnerId, plan, nowMs, kept));
      } else if ((await readCardsVersion(db, learnerId)) === entry.version) {
        outcome = 'hit';
        read = entry;
        outlooks = renew(entry.outlooks);
      } else {
        outcome = 'changed';
        const since = await readForecastCards(db, learnerId, entry.horizon);
        const changed = new Set(since.cards.map((c) => c.questionId));
        const unchanged = entry.outlooks.filter((o) => !changed.has(o.questionId));
        if (since.complete) {
          read = since;
          const known = new Map(kept.map((o) => [o.questionId, o]));
          outlooks = outlooksAt(since.cards, plan, nowMs, known).sort(forecastOrder);
        } else if (unchanged.length + since.cards.length !== since.count) {
          // A card kept is no longer there: every card as it is now.
          ({ read, outlooks } = await readAll(learnerId, plan, nowMs, kept));
        } else {
          read = since;
          const known = new Map(kept.filter((o) => changed.has(o.questionId)).map((o) => [o.questionId, o]));
          outlooks = [...renew(unchanged), ...outlooksAt(since.cards, plan, nowMs, known)].sort(
            forecastOrder,
          );
        }
      }
      const { version, horizon } = read;
      if (version === null) entries.delete(learnerId);
      else entries.set(learnerId, { version, horizon, planKey, outlooks });
      return { figures: forecastOfOutlooks(outlooks, plan, nowMs), outcome };
    },
  };
}
