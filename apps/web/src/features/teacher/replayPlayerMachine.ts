/**
 * The replay's scrubber: a position in the learner's stream (0 = before the first event, max = the
 * latest), moved by dragging, stepping, jumping to either end, or playing one event per tick.
 * It follows the end while the teacher has not moved away from it, so a history that grows (or
 * finishes loading) keeps showing the present.
 */
import { assign, not, setup } from 'xstate';

/** Milliseconds between two steps while playing. */
export const PLAY_TICK_MS = 700;

export interface PlayerContext {
  position: number;
  max: number;
  /** True while the position is the end and should stay there when the end moves. */
  followEnd: boolean;
}

export type PlayerEvent =
  | { type: 'bounds.set'; max: number }
  | { type: 'scrub.set'; position: number }
  | { type: 'scrub.step'; delta: number }
  | { type: 'scrub.start' }
  | { type: 'scrub.end' }
  | { type: 'play.toggle' };

const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));

const moveTo = (context: PlayerContext, position: number): Partial<PlayerContext> => {
  const next = clamp(position, context.max);
  return { position: next, followEnd: next === context.max };
};

export const replayPlayerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as { max?: number; position?: number } | undefined,
  },
  delays: { tick: PLAY_TICK_MS },
  guards: {
    isAtEnd: ({ context }) => context.position >= context.max,
    hasHistory: ({ context }) => context.max > 0,
  },
  actions: {
    setBounds: assign(({ context, event }) => {
      if (event.type !== 'bounds.set') return {};
      const max = Math.max(0, Math.round(event.max));
      return { max, position: context.followEnd ? max : clamp(context.position, max) };
    }),
    scrubTo: assign(({ context, event }) =>
      event.type === 'scrub.set' ? moveTo(context, event.position) : {},
    ),
    stepBy: assign(({ context, event }) =>
      event.type === 'scrub.step' ? moveTo(context, context.position + event.delta) : {},
    ),
    toStart: assign(({ context }) => moveTo(context, 0)),
    toEnd: assign(({ context }) => moveTo(context, context.max)),
    stepForward: assign(({ context }) => moveTo(context, context.position + 1)),
  },
}).createMachine({
  id: 'replayPlayer',
  context: ({ input }) => {
    const max = Math.max(0, input?.max ?? 0);
    const position = clamp(input?.position ?? max, max);
    return { max, position, followEnd: position === max };
  },
  initial: 'paused',
  on: {
    'bounds.set': { actions: 'setBounds' },
    'scrub.set': { target: '.paused', actions: 'scrubTo' },
    'scrub.step': { target: '.paused', actions: 'stepBy' },
    'scrub.start': { target: '.paused', actions: 'toStart' },
    'scrub.end': { target: '.paused', actions: 'toEnd' },
  },
  states: {
    paused: {
      on: {
        'play.toggle': [
          { guard: not('hasHistory') },
          // Playing from the end plays the whole history again.
          { guard: 'isAtEnd', target: 'playing', actions: 'toStart' },
          { target: 'playing' },
        ],
      },
    },
    playing: {
      on: { 'play.toggle': { target: 'paused' } },
      after: {
        tick: [
          { guard: 'isAtEnd', target: 'paused' },
          { target: 'playing', reenter: true, actions: 'stepForward' },
        ],
      },
    },
  },
});
