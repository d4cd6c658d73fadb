import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { PLAY_TICK_MS, replayPlayerMachine } from './replayPlayerMachine.ts';

function start(input?: { max?: number; position?: number }) {
  const clock = new SimulatedClock();
  const actor = createActor(replayPlayerMachine, { clock, input });
  actor.start();
  const now = () => actor.getSnapshot();
  return { actor, clock, now };
}

describe('the replay scrubber', () => {
  describe('before the history is known', () => {
    it('sits at 0, paused, and does not play an empty history', () => {
      const { actor, now } = start();
      expect(now().value).toBe('paused');
      expect(now().context).toEqual({ position: 0, max: 0, followEnd: true });
      actor.send({ type: 'play.toggle' });
      expect(now().value).toBe('paused');
    });

    it('jumps to the end when the history arrives, and follows the end while it grows', () => {
      const { actor, now } = start();
      actor.send({ type: 'bounds.set', max: 40 });
      expect(now().context.position).toBe(40);
      actor.send({ type: 'bounds.set', max: 55 });
      expect(now().context.position).toBe(55);
    });
  });

  describe('when the teacher scrubs', () => {
    it('moves to the chosen version, clamped to the history, and stays there when the end moves', () => {
      const { actor, now } = start({ max: 30 });
      actor.send({ type: 'scrub.set', position: 12.4 });
      expect(now().context).toMatchObject({ position: 12, followEnd: false });
      actor.send({ type: 'bounds.set', max: 35 });
      expect(now().context.position).toBe(12);
      actor.send({ type: 'scrub.set', position: 99 });
      expect(now().context.position).toBe(35);
      actor.send({ type: 'scrub.set', position: -3 });
      expect(now().context.position).toBe(0);
    });

    it('steps one event back and forth, and jumps to either end', () => {
      const { actor, now } = start({ max: 10, position: 5 });
      actor.send({ type: 'scrub.step', delta: 1 });
      expect(now().context.position).toBe(6);
      actor.send({ type: 'scrub.step', delta: -2 });
      expect(now().context.position).toBe(4);
      actor.send({ type: 'scrub.start' });
      expect(now().context.position).toBe(0);
      actor.send({ type: 'scrub.step', delta: -1 });
      expect(now().context.position).toBe(0);
      actor.send({ type: 'scrub.end' });
      expect(now().context).toMatchObject({ position: 10, followEnd: true });
    });

    it('keeps the position inside a history that shrinks (a filter or a reload)', () => {
      const { actor, now } = start({ max: 10, position: 8 });
      actor.send({ type: 'bounds.set', max: 6 });
      expect(now().context.position).toBe(6);
    });
  });

  describe('when playing', () => {
    it('steps one event per tick and pauses at the end', () => {
      const { actor, clock, now } = start({ max: 3, position: 1 });
      actor.send({ type: 'play.toggle' });
      expect(now().value).toBe('playing');
      clock.increment(PLAY_TICK_MS);
      expect(now().context.position).toBe(2);
      clock.increment(PLAY_TICK_MS);
      expect(now().context.position).toBe(3);
      clock.increment(PLAY_TICK_MS);
      expect(now().value).toBe('paused');
      expect(now().context.position).toBe(3);
    });

    it('plays from the start when started at the end', () => {
      const { actor, clock, now } = start({ max: 5 });
      actor.send({ type: 'play.toggle' });
      expect(now().context.position).toBe(0);
      clock.increment(PLAY_TICK_MS);
      expect(now().context.position).toBe(1);
    });

    it('pauses on a second press or when the teacher scrubs', () => {
      const { actor, clock, now } = start({ max: 9, position: 0 });
      actor.send({ type: 'play.toggle' });
      clock.increment(PLAY_TICK_MS);
      actor.send({ type: 'play.toggle' });
      expect(now().value).toBe('paused');
      clock.increment(PLAY_TICK_MS * 3);
      expect(now().context.position).toBe(1);
      actor.send({ type: 'play.toggle' });
      actor.send({ type: 'scrub.set', position: 7 });
      expect(now().value).toBe('paused');
      clock.increment(PLAY_TICK_MS * 3);
      expect(now().context.position).toBe(7);
    });
  });
});
