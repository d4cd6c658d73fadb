/**
 * The attacker's pass of issue 37 against a started server, through the API and the websocket only:
 * key harvesting with a second account, bare homework claims, empty self-marking, a socket reconnect
 * flood (and a message flood), lock-out attempts and deletion password guessing. It prints what each
 * attack gained.
 *
 *   node load/attack.ts --url http://127.0.0.1:3000 [--keys 60] [--flood-seconds 10]
 *
 * Registers a few accounts of its own (attack_<time>_*). Run it against a throwaway server only.
 */
import { parseArgs } from 'node:util';
import WebSocket from 'ws';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.ATTACK_URL ?? 'http://127.0.0.1:3000' },
    keys: { type: 'string', default: '60' },
    'flood-seconds': { type: 'string', default: '10' },
  },
});
const BASE = values.url.replace(/\/$/, '');
const KEYS = Number(values.keys);
const FLOOD_MS = Number(values['flood-seconds']) * 1000;
const PASSWORD = 'correct horse battery';
const stamp = Date.now().toString(36);

/** An account with its cookie jar (session and device cookies). */
class Account {
  readonly jar = new Map<string, string>();
  id = '';
  readonly username: string;
  constructor(username: string) {
    this.username = username;
  }
  cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  keep(res: Response) {
    for (const raw of res.headers.getSetCookie()) {
      const [pair = ''] = raw.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(raw) || value === '') this.jar.delete(pair.slice(0, at));
      else this.jar.set(pair.slice(0, at), value);
    }
  }
  async call(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const res = await fetch(`${BASE}${path}`, {
      method,
      headers: {
        cookie: this.cookie(),
        origin: BASE,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    this.keep(res);
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json: json as Record<string, unknown> & unknown[] };
  }
}

async function register(name: string): Promise<Account> {
  const a = new Account(`attack_${stamp}_${name}`);
  const res = await a.call('POST', '/api/auth/register', {
    username: a.username,
    password: PASSWORD,
    firstName: name,
  });
  if (res.status !== 201) throw new Error(`register ${name}: ${res.status} ${JSON.stringify(res.json)}`);
  a.id = String(res.json.id);
  return a;
}

type Q = {
  id: string;
  type: string;
  options: string[] | null;
  served?: string;
  rubric?: { level: string }[] | null;
};
const totalXP = async (a: Account) => Number((await a.call('GET', '/api/auth/user')).json.totalXP);
const tally = (list: readonly (string | number | undefined)[]) =>
  Object.fromEntries([...new Set(list)].map((k) => [String(k), list.filter((x) => x === k).length]));
const report: Record<string, unknown> = {};
const print = (name: string, gained: Record<string, unknown>) => {
  report[name] = gained;
  console.log(`\n## ${name}\n${JSON.stringify(gained, null, 2)}`);
};

async function choiceQuestions(a: Account, count: number): Promise<Q[]> {
  const found: Q[] = [];
  for (let lesson = 1; found.length < count && lesson <= 40; lesson++) {
    const res = await a.call('GET', `/api/lessons/${lesson}/questions`);
    if (res.status !== 200 || !Array.isArray(res.json)) continue;
    found.push(...(res.json as Q[]).filter((q) => Array.isArray(q.options) && q.options.length > 1));
  }
  return found.slice(0, count);
}

async function answer(a: Account, q: Q, selectedAnswer: string, extra: Record<string, unknown> = {}) {
  return a.call('POST', '/api/users/answers', {
    userId: a.id,
    questionId: q.id,
    selectedAnswer,
    timeSpent: 3,
    ...extra,
  });
}

async function harvest() {
  const harvester = await register('harvester');
  const main = await register('main');
  const bank = await choiceQuestions(harvester, KEYS);
  const keys = new Map<string, string>();
  const t0 = performance.now();
  for (const q of bank) {
    const res = await answer(harvester, q, '（亂答）');
    if (typeof res.json.correctAnswer === 'string') keys.set(q.id, res.json.correctAnswer);
  }
  const harvestSeconds = (performance.now() - t0) / 1000;
  // Replay 1: bare answers with the keys (no served token).
  const before = await totalXP(main);
  const t1 = performance.now();
  const reasons: Array<string | undefined> = [];
  for (const q of bank) {
    const res = await answer(main, q, keys.get(q.id) ?? '');
    reasons.push(res.json.earnedXp ? 'paid' : (res.json.xpWithheld as string | undefined));
  }
  const bareSeconds = (performance.now() - t1) / 1000;
  const afterBare = await totalXP(main);
  // Replay 2: a second main account fetches the questions (served tokens) and answers at once.
  const served = await register('served');
  const servedBank = await choiceQuestions(served, KEYS);
  const before2 = await totalXP(served);
  const t2 = performance.now();
  const reasons2: Array<string | undefined> = [];
  for (const q of servedBank) {
    const key = keys.get(q.id);
    if (!key) continue;
    const res = await answer(served, q, key, { served: q.served });
    reasons2.push(res.json.earnedXp ? 'paid' : (res.json.xpWithheld as string | undefined));
  }
  const servedSeconds = (performance.now() - t2) / 1000;
  const after2 = await totalXP(served);
  // Alone: wrong, read the key, right at once.
  const alone = await register('alone');
  const [q0] = await choiceQuestions(alone, 1);
  const beforeAlone = await totalXP(alone);
  const wrong = await answer(alone, q0!, '（亂答）', { served: q0!.served });
  const right = await answer(alone, q0!, String(wrong.json.correctAnswer), { served: q0!.served });
  const afterAlone = await totalXP(alone);
  const board = await main.call('GET', '/api/leaderboard');
  print('key harvesting', {
    keysHarvested: keys.size,
    harvestSeconds: Number(harvestSeconds.toFixed(1)),
    bareReplay: {
      answers: bank.length,
      seconds: Number(bareSeconds.toFixed(1)),
      xpGained: afterBare - before,
      outcome: tally(reasons),
    },
    servedReplay: {
      answers: reasons2.length,
      seconds: Number(servedSeconds.toFixed(1)),
      xpGained: after2 - before2,
      xpPerSecond: Number(((after2 - before2) / servedSeconds).toFixed(1)),
      outcome: tally(reasons2),
    },
    wrongThenKeyAlone: { xpGained: afterAlone - beforeAlone, second: right.json.xpWithheld ?? 'paid' },
    mainOnBoard: JSON.stringify(board.json).includes(main.id),
  });
}

async function bareClaims() {
  const a = await register('claimer');
  const before = await totalXP(a);
  const vocab = await a.call('POST', '/api/vocabulary/records', {
    userId: a.id,
    exerciseType: 'quick_practice',
    exerciseId: 'claim-1',
    lessonIds: null,
    score: 100,
    timeSpent: 60,
    questionsAnswered: 20,
    correctAnswers: 20,
  });
  const recitation = await a.call('POST', '/api/recitations', {
    lessonId: 1,
    start: 0,
    end: 10,
    mode: 'choice',
    mistakes: 0,
    durationMs: 5000,
    correctCount: 10,
  });
  const lesson = (await a.call('GET', '/api/lessons/1')).json as { content?: string };
  const recall = await a.call('POST', '/api/recitations', {
    lessonId: 1,
    start: 0,
    end: 40,
    mode: 'recall',
    durationMs: 2000,
    written: String(lesson.content ?? '').slice(0, 40),
  });
  print('bare homework claims', {
    vocabularyClaimWithoutAnswers: {
      status: vocab.status,
      reply: pick(vocab.json, ['score', 'questionsAnswered', 'error']),
    },
    recitationCorrectCount: {
      status: recitation.status,
      code: (recitation.json.error as { code?: string })?.code,
    },
    recallCopiedUnserved: {
      status: recall.status,
      code: (recall.json.error as { code?: string })?.code,
      accuracy: recall.json.accuracy,
    },
    xpGained: (await totalXP(a)) - before,
  });
}

function pick(o: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
}

async function emptySelfMarks() {
  const a = await register('selfmarker');
  const papers = (await a.call('GET', '/api/dse-papers')).json as unknown as { id: string }[];
  const longs: Q[] = [];
  for (const p of Array.isArray(papers) ? papers : []) {
    const qs = (await a.call('GET', `/api/dse-papers/${p.id}/questions`)).json;
    if (Array.isArray(qs))
      longs.push(...(qs as Q[]).filter((q) => q.type === 'long_question' && q.rubric?.length));
    if (longs.length >= 4) break;
  }
  const before = await totalXP(a);
  const results = [];
  for (const [i, text] of ['。', '不知道', '唔識', '不知道不知道'].entries()) {
    const q = longs[i];
    if (!q) break;
    const res = await answer(a, q, text, {
      selfAssessedLevel: q.rubric![0]!.level,
      served: q.served,
      timeSpent: 600,
    });
    const m = res.json.marking as { earned: number; available: number } | undefined;
    results.push({
      text,
      status: res.status,
      marks: m ? `${m.earned}/${m.available}` : null,
      earnedXp: res.json.earnedXp,
    });
  }
  print('empty self-marking', { answers: results, xpGained: (await totalXP(a)) - before });
}

const wsUrl = `${BASE.replace(/^http/, 'ws')}/api/ws`;
function openSocket(a: Account) {
  return new Promise<
    { ws: WebSocket; first: Promise<{ type: string; code?: string }> } | { refused: number }
  >((resolve) => {
    const ws = new WebSocket(wsUrl, { headers: { cookie: a.cookie(), origin: BASE } });
    const first = new Promise<{ type: string }>((r) => ws.once('message', (d) => r(JSON.parse(String(d)))));
    ws.once('open', () => resolve({ ws, first }));
    ws.once('unexpected-response', (_q, res) => resolve({ refused: res.statusCode ?? 0 }));
    ws.once('error', () => resolve({ refused: -1 }));
  });
}

async function serverMemoryMb(): Promise<number | null> {
  const res = await fetch(`${BASE}/api/metrics`);
  if (res.status !== 200) return null;
  const m = /^(?:wyt_)?process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)/m.exec(await res.text());
  return m ? Math.round(Number(m[1]) / 1e6) : null;
}

async function socketFloods() {
  const a = await register('flooder');
  const rssBefore = await serverMemoryMb();
  // Hold as many sockets as it lets us.
  const held: WebSocket[] = [];
  const holdOutcomes: string[] = [];
  for (let i = 0; i < 10; i++) {
    const s = await openSocket(a);
    if (!('ws' in s)) {
      holdOutcomes.push(String(s.refused));
      continue;
    }
    const first = await s.first;
    holdOutcomes.push(first.type === 'welcome' ? 'welcome' : (first.code ?? first.type));
    if (first.type === 'welcome') held.push(s.ws);
  }
  for (const ws of held) ws.close();
  // A message flood on one socket (before the reconnect loop uses up the address's handshakes).
  const b = await register('msgflood');
  const s = await openSocket(b);
  let closeCode: number | null = null;
  let sent = 0;
  if ('ws' in s) {
    await s.first;
    const closed = new Promise<number>((r) => s.ws.once('close', (code) => r(code)));
    const msg = JSON.stringify({ type: 'subscribe' });
    for (; sent < 20_000 && s.ws.readyState === WebSocket.OPEN; sent++) s.ws.send(msg);
    closeCode = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(0), 5000))]);
  }
  // Reconnect loop for FLOOD_MS.
  const outcomes: Array<string | number> = [];
  const end = Date.now() + FLOOD_MS;
  while (Date.now() < end) {
    const s = await openSocket(a);
    if ('ws' in s) {
      outcomes.push('opened');
      s.ws.terminate();
    } else outcomes.push(s.refused);
  }
  print('websocket floods', {
    socketsHeldOfTen: tally(holdOutcomes),
    reconnectLoop: { seconds: FLOOD_MS / 1000, attempts: outcomes.length, outcome: tally(outcomes) },
    messageFlood: { sent, closedWith: closeCode },
    serverRssMb: { before: rssBefore, after: await serverMemoryMb() },
  });
}

async function lockouts() {
  const owner = await register('owner');
  const stranger = new Account(owner.username);
  const statuses: number[] = [];
  for (let i = 0; i < 15; i++) {
    const res = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE },
      body: JSON.stringify({ username: stranger.username, password: `wrong guess ${i}` }),
    });
    statuses.push(res.status);
  }
  // The owner, from the browser they signed up in (session and device cookies).
  const ownerLogin = await owner.call('POST', '/api/auth/login', {
    username: owner.username,
    password: PASSWORD,
  });
  // The owner from a fresh browser with the right password (a stranger's device).
  const fresh = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ username: owner.username, password: PASSWORD }),
  });
  print('lock-out attempts', {
    strangerGuesses: tally(statuses),
    ownerFromRecognisedDevice: ownerLogin.status,
    rightPasswordFromUnknownDevice: fresh.status,
  });
}

async function deletionGuessing() {
  const victim = await register('victim');
  const statuses: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < 30; i++) {
    const res = await victim.call('POST', '/api/users/me/delete-account', {
      confirm: '刪除帳戶',
      password: `guess ${i}`,
    });
    statuses.push(res.status);
  }
  const seconds = (performance.now() - t0) / 1000;
  const sameLimitLogin = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ username: victim.username, password: 'another guess' }),
  });
  print('deletion password guessing', {
    guesses: statuses.length,
    seconds: Number(seconds.toFixed(1)),
    outcome: tally(statuses),
    passwordChecksRun: statuses.filter((s) => s === 401 || s === 403).length,
    // The session's device has its own budget (a stranger's guesses cannot lock the owner out), so a
    // stranger's sign-in still gets its own answer.
    strangerLoginAfterwards: sameLimitLogin.status,
  });
}

const attacks: Array<[string, () => Promise<void>]> = [
  ['key harvesting', harvest],
  ['bare homework claims', bareClaims],
  ['empty self-marking', emptySelfMarks],
  ['websocket floods', socketFloods],
  ['lock-out attempts', lockouts],
  ['deletion password guessing', deletionGuessing],
];
console.log(`# attacker's pass against ${BASE}`);
for (const [name, attack] of attacks) {
  try {
    await attack();
  } catch (err) {
    print(name, { failed: String(err) });
  }
}
