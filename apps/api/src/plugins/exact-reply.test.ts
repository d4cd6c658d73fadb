/**
 * Replies are exact: a key the contract has not, at any depth and however the reply is built (a literal,
 * a `.map`, a spread), fails `tsc`. The `@ts-expect-error` lines are the proof: if the check ever let one
 * through, `tsc -b` would fail on the unused directive. The handlers are registered on a throwaway
 * Fastify instance and never called.
 */
import type { DsePaper, Output } from '@wenyan/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CommandReply } from '../learner/commands.ts';
import type { UnknownKeys } from './exact-reply.ts';
import { defineRoute } from './route.ts';

declare const paper: DsePaper;
declare const answerRest: Omit<Output<'submitAnswer'>, 'isCorrect'>;

/** Hands a reply builder on unchanged (the type check is the point). */
const answerReply = <R extends Output<'submitAnswer'>>(reply: CommandReply<'submitAnswer', undefined, R>) =>
  reply;

describe('exact replies', () => {
  it('name the unknown keys of a reply at any depth', () => {
    const none: [UnknownKeys<{ id: string }, { id: string; name?: string }>] extends [never] ? true : false =
      true;
    const nested: UnknownKeys<{ items: { id: string; nmae: string }[] }, { items: { id: string }[] }> =
      'items[].nmae';
    // @ts-expect-error the only unknown key is items[].nmae
    const wrong: UnknownKeys<{ items: { id: string; nmae: string }[] }, { items: { id: string }[] }> =
      'items';
    expect([none, nested, wrong]).toHaveLength(3);
  });

  it('refuse a route handler whose reply has a key its contract has not', () => {
    const app = Fastify();
    defineRoute(app, 'getDseAbout', async () => ({ name: '', disclaimer: '' }));
    defineRoute(app, 'listDsePapers', async () => [paper].map((p) => ({ ...p })));
    // @ts-expect-error a misspelled key beside the right ones fails the build
    defineRoute(Fastify(), 'getDseAbout', async () => ({ name: '', disclaimer: '', disclaimr: '' }));
    // @ts-expect-error an extra key inside a mapped list fails the build too
    defineRoute(Fastify(), 'listDsePapers', async () => [paper].map((p) => ({ ...p, questionCout: 1 })));
    expect(app.hasRoute({ method: 'GET', url: '/api/dse-papers/about' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/api/dse-papers' })).toBe(true);
  });

  it('refuse a command reply with a key its contract has not', () => {
    const good = answerReply(() => ({ ...answerRest, isCorrect: true }));
    // @ts-expect-error an extra key in a command's reply fails the build
    const extra = answerReply(() => ({ ...answerRest, isCorrect: true, isCorect: true }));
    expect([good, extra].every((r) => typeof r === 'function')).toBe(true);
  });
});
