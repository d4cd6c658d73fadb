/** The names the board shows: each entry's name, with a tag where two learners show the same one. */
import type { Leaderboard } from '@wenyan/contracts';
import { displayName, tellNamesakesApart } from '@wenyan/domain';

/**
 * The shown name of every learner on the board (the top ten and the viewer's own place), by user id.
 * Two 陳大文 get their namesake tags (「陳大文 #0421」): the board never shows usernames.
 */
export function boardNames(board: Pick<Leaderboard, 'top' | 'me'> | undefined): ReadonlyMap<string, string> {
  const entries = [...(board?.top ?? []), ...(board?.me ? [board.me.entry] : [])];
  const names = tellNamesakesApart(entries.map((e) => ({ id: e.id, name: displayName(e) })));
  return new Map(entries.map((e, i) => [e.id, names[i]!]));
}
