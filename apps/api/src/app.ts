import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import type { DecideContext } from '@wenyan/domain';
import type {
  Broadcast,
  Channel,
  ContentChanged,
  Db,
  LeaderboardIndex,
  ProjectionQueue,
  RedisClient,
  SessionEnded,
} from '@wenyan/store';
import { ensureServerSecret } from '@wenyan/store';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { clusterNews, hearNews, inCluster } from './cluster.ts';
import type { ApiEnv } from './config.ts';
import { createLearnerHeads } from './learner/commands.ts';
import { redisAttemptStore } from './plugins/attempt-store.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerContentFacts } from './plugins/content-facts.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebClient } from './plugins/web.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { appealRoutes } from './routes/appeals/index.ts';
import { registerRenderingScope } from './routes/appeals/scope.ts';
import { createDeviceKeys } from './routes/auth/devices.ts';
import { authRoutes } from './routes/auth/index.ts';
import { classroomRoutes } from './routes/classroom/index.ts';
import { classroomQuestionRoutes } from './routes/classroom/questions.ts';
import { worksheetRoutes } from './routes/classroom/worksheets.ts';
import { docsRoutes } from './routes/docs/index.ts';
import { dseRoutes } from './routes/dse/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { homeworkRoutes } from './routes/homework/index.ts';
import { leaderboardRoutes } from './routes/leaderboard/index.ts';
import { learnerRoutes } from './routes/learner/index.ts';
import { lessonRoutes } from './routes/lessons/index.ts';
import { privacyRoutes } from './routes/privacy/index.ts';
import { progressRoutes } from './routes/progress/index.ts';
import { questionRoutes } from './routes/questions/index.ts';
import { reminderRoutes } from './routes/reminders/index.ts';
import { createForecastCache } from './routes/reviews/forecast-cache.ts';
import { reviewRoutes } from './routes/reviews/index.ts';
import { classReportRoutes } from './routes/teacher/class-report.ts';
import { fairPlayRoutes } from './routes/teacher/fair-play.ts';
import { registerTeacherAccess, teacherRoutes } from './routes/teacher/index.ts';
import { selfMarkRoutes } from './routes/teacher/self-marks.ts';
import { teacherMarkingRoutes } from './routes/teacher-marking/index.ts';

export interface AppDeps {
  env: ApiEnv;
  db: Db;
  /**
   * Reads that tolerate a replica's lag (the leaderboard, lessons and past papers, the admin's figures):
   * a replica's Kysely when DATABASE_READ_URL is set, else `db`. Never a command or a read-your-writes.
   */
  readDb: Db;
  dbKind: 'postgres' | 'pglite';
  mode: 'embedded' | 'distributed';
  queue: ProjectionQueue;
  broadcast: Broadcast;
  /** Sign-outs and role changes, so every API process's session cache forgets them. */
  sessionNotices: Channel<SessionEnded>;
  /** Content changes, so every API process forgets its cached content reads (`invalidateContent`). */
  contentNotices: Channel<ContentChanged>;
  /** Checks the queue's backing service (Redis) answers; the embedded queue always does. */
  queueHealthy: () => Promise<boolean>;
  /** Ranks: SQL in the embedded mode, the Redis sorted set in the distributed mode. */
  leaderboard: LeaderboardIndex;
  /** The leaderboard version the newest change carried. */
  leaderboardVersion: () => Promise<number>;
  /** Distributed mode: the Redis connection that keeps the attempt counts every API process shares. */
  redis?: RedisClient | undefined;
  /**
   * Grades answers (the domain's `gradeAnswer` when absent). An injection point for tests only: an
   * integration test marks a question uncertain (待老師批閱) with it, before the marker can say so itself.
   */
  grade?: DecideContext['grade'];
  /** The built web client to serve, if any. */
  webDist?: string | undefined;
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Set on SIGTERM: health answers 503 so balancers stop sending, in-flight requests finish. */
    shuttingDown: boolean;
  }
}

/** The log levels at which the request line is written. */
const LOGS_INFO = new Set(['info', 'debug', 'trace']);

/**
 * The request log: one line per request, at `info`, when it completes (Fastify's default writes two,
 * the first with the URL and the client's address). The line holds the method, the route's pattern
 * (`/api/users/:id`, never the path or query, which can name a person), the status, the time in
 * milliseconds and the request id (`reqId`, from the request's logger); no address, no headers.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override routeNotFound(): void {}
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Above info (warn, in load runs and benches) the line is not even built.
    if (!error && !LOGS_INFO.has(reply.log.level)) return;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Builds the HTTP app: plugins, routes and the one error handler. Listening is main.ts's job. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? {
      level: deps.env.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 64 * 1024,
    // X-Forwarded-* are believed only from the proxies the operator names (none by default): anyone
    // else could choose the address their sign-in attempts are counted under.
    trustProxy: deps.env.TRUST_PROXY.length > 0 ? deps.env.TRUST_PROXY : false,
    logController: new OneLinePerRequest(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('shuttingDown', false);
  // In a cluster, what this process learns (heads appended, sessions looked up) goes to the others.
  const news = inCluster() ? clusterNews(deps.env.CLUSTER_NEWS_MS) : undefined;
  const learnerHeads = createLearnerHeads(deps.env.LEARNER_HEAD_CACHE_MB * 1024 * 1024, news?.head);
  app.decorate('learnerHeads', learnerHeads);
  app.decorate('forecasts', createForecastCache(deps.db));
  registerErrorHandling(app);

  await app.register(cookie);
  // Responses over 1 KiB are compressed (brotli, else gzip) at a quality that costs little CPU; the
  // built client's files are compressed once at build time and served as they are (plugins/web.ts).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerSecurityHeaders(app);
  // Attempt counts in Redis when distributed, so N processes and instances do not give N times the
  // attempts; while Redis is away the limits are skipped rather than refusing every sign-in.
  await app.register(rateLimit, {
    global: false,
    ...(deps.redis
      ? { store: redisAttemptStore(deps.redis, `${deps.env.REDIS_PREFIX}:attempts:`), skipOnError: true }
      : {}),
  });
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await registerAuth(app, news?.session);
  app.decorate('devices', createDeviceKeys(await ensureServerSecret(deps.db, 'device-cookie')));
  if (news) {
    // The other processes' new learner heads and sessions: this process serves them from memory too.
    const stopHearing = hearNews({ head: learnerHeads?.hear, session: app.sessions.hear });
    app.addHook('onClose', async () => stopHearing());
  }
  await registerContentFacts(app);
  await registerMetrics(app);
  await registerTeacherAccess(app);
  await registerRenderingScope(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(lessonRoutes);
  await app.register(learnerRoutes);
  await app.register(appealRoutes);
  await app.register(teacherMarkingRoutes);
  await app.register(progressRoutes);
  await app.register(reviewRoutes);
  await app.register(questionRoutes);
  await app.register(dseRoutes);
  await app.register(leaderboardRoutes);
  await app.register(adminRoutes);
  await app.register(docsRoutes);
  await app.register(teacherRoutes);
  await app.register(selfMarkRoutes);
  await app.register(fairPlayRoutes);
  await app.register(classReportRoutes);
  await app.register(homeworkRoutes);
  await app.register(privacyRoutes);
  await app.register(reminderRoutes);
  await app.register(classroomRoutes);
  await app.register(classroomQuestionRoutes);
  await app.register(worksheetRoutes);

  if (deps.webDist) await registerWebClient(app, deps.webDist);
  return app;
}
