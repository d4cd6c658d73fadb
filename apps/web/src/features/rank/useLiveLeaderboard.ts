/**
 * The leaderboard, fetched over HTTP and kept current by the websocket: newer snapshots go into the
 * query cache; a reconnect or a version gap refetches GET /api/leaderboard.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Leaderboard } from '@wenyan/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  connectLeaderboard,
  nextLeaderboard,
  type SocketLike,
  type SocketStatus,
} from '../../lib/leaderboard-socket.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { leaderboardQuery } from './api.ts';

function socketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
}

export function useLiveLeaderboard() {
  const queryClient = useQueryClient();
  const board = useQuery(leaderboardQuery);
  const [status, setStatus] = useState<SocketStatus>('connecting');

  useEffect(() => {
    const resync = () => void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard });
    const channel = connectLeaderboard({
      // The browser socket has the handlers SocketLike names (typed with `this`, hence the cast).
      open: () => new WebSocket(socketUrl()) as unknown as SocketLike,
      onStatus: setStatus,
      onResync: resync,
      onMessage: (message) => {
        const current = queryClient.getQueryData<Leaderboard>(queryKeys.leaderboard);
        const next = nextLeaderboard(current, message);
        if (next.board) queryClient.setQueryData(queryKeys.leaderboard, next.board);
        if (next.resync) resync();
      },
    });
    const online = () => channel.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      channel.close();
    };
  }, [queryClient]);

  return { board, status };
}

/**
 * Slides rows to their new places when the order changes (FLIP). Returns a ref callback per key.
 * Respects prefers-reduced-motion.
 */
export function useFlip(order: readonly string[]) {
  const nodes = useRef(new Map<string, HTMLElement>());
  const tops = useRef(new Map<string, number>());
  const signature = order.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the order changes
  useLayoutEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    for (const [key, node] of nodes.current) {
      const top = node.offsetTop;
      const before = tops.current.get(key);
      if (before !== undefined && before !== top && !reduce && typeof node.animate === 'function') {
        node.animate(
          [
            { transform: `translateY(${before - top}px)`, background: 'var(--amber-soft)' },
            { transform: 'translateY(0)' },
          ],
          { duration: 600, easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)' },
        );
        node.dataset.moved = String(Date.now());
      }
      tops.current.set(key, top);
    }
  }, [signature]);
  return (key: string) => (node: HTMLElement | null) => {
    if (node) nodes.current.set(key, node);
    else {
      nodes.current.delete(key);
      tops.current.delete(key);
    }
  };
}
