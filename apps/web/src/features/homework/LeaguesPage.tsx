/**
 * /leagues: the weekly league of each of the learner's classes (XP since Monday 00:00 in Hong Kong),
 * the one shown kept live over the websocket (the same socket protocol as the global board).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassLeague } from '@wenyan/contracts';
import { useEffect, useState } from 'react';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { Skeletons } from '../../components/states.tsx';
import { myLeaguesQuery } from '../../lib/homework.ts';
import { dueLabel } from '../../lib/homework-format.ts';
import { connectLeaderboard, type SocketLike, type SocketStatus } from '../../lib/leaderboard-socket.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

function socketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
}

/** Keeps one league of the cached list current from the socket. */
function useLiveLeague(classId: string | null) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SocketStatus>('connecting');
  useEffect(() => {
    if (!classId) return;
    const channel = connectLeaderboard({
      open: () => new WebSocket(socketUrl()) as unknown as SocketLike,
      subscribe: { type: 'subscribe', channel: 'league', classId },
      onStatus: setStatus,
      onResync: () => void queryClient.invalidateQueries({ queryKey: queryKeys.homework.leagues }),
      onMessage: () => {},
      onLeague: ({ league }) =>
        queryClient.setQueryData<ClassLeague[]>(queryKeys.homework.leagues, (leagues) =>
          (leagues ?? []).map((l) => (l.classId === league.classId ? league : l)),
        ),
    });
    return () => channel.close();
  }, [classId, queryClient]);
  return status;
}

export function LeaguesPage() {
  const leagues = useQuery(myLeaguesQuery);
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = leagues.data?.find((l) => l.classId === chosen) ?? leagues.data?.[0] ?? null;
  const status = useLiveLeague(shown?.classId ?? null);
  return (
    <main className="page rank" data-testid="leagues-page">
      <div className="page-header">
        <h1 className="page-title">班級聯賽</h1>
        {shown ? (
          <span className={`rk-live is-${status}`}>{status === 'live' ? '即時更新' : '連線中...'}</span>
        ) : null}
      </div>
      <QueryBoundary
        query={leagues}
        loading={<Skeletons count={3} height={72} />}
        errorMessage="未能載入班級聯賽。"
        isEmpty={() => !shown}
        emptyTitle="你未加入任何班別"
        emptyHint="在「設定」輸入老師給你的班別代碼，就可以和同學比賽。"
      >
        {(leagueList) =>
          shown && (
            <>
              {leagueList.length > 1 ? (
                <fieldset className="chips">
                  <legend className="visually-hidden">選擇班別</legend>
                  {leagueList.map((l) => (
                    <button
                      key={l.classId}
                      type="button"
                      className="chip"
                      aria-pressed={l.classId === shown.classId}
                      onClick={() => setChosen(l.classId)}
                    >
                      {l.className}
                    </button>
                  ))}
                </fieldset>
              ) : null}
              <p className="muted">
                {shown.className}：本週（{dueLabel(shown.weekStart)} 起）賺取的經驗值，
                {dueLabel(shown.resetsAt)} 重新開始。
              </p>
              <ol className="card" data-testid="league-table" style={{ listStyle: 'none', padding: 16 }}>
                {shown.entries.map((e) => (
                  <li
                    key={`${e.rank}-${e.name}`}
                    className={e.isMe ? 'rk-row is-me' : 'rk-row'}
                    data-testid="league-row"
                    style={{ display: 'flex', justifyContent: 'space-between', padding: '8px 0' }}
                  >
                    <span>
                      {e.rank}. {e.name}
                      {e.isMe ? '（你）' : ''}
                    </span>
                    <strong data-testid="league-xp">{e.weeklyXp} XP</strong>
                  </li>
                ))}
              </ol>
            </>
          )
        }
      </QueryBoundary>
    </main>
  );
}
