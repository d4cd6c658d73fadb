/**
 * Where the tests get Postgres and Redis, in the order of docs/ARCHITECTURE.md:
 * TEST_DATABASE_URL / TEST_REDIS_URL; a Docker engine through testcontainers; throwaway servers from
 * the machine's binaries; otherwise a clear failure (never a silent skip).
 */
import { execFileSync } from 'node:child_process';
import { startThrowawayPostgres, startThrowawayRedis } from './throwaway.ts';

export interface ServiceEndpoints {
  databaseUrl: string;
  redisUrl: string;
  source: string;
  stop(): Promise<void>;
}

function dockerAnswers(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

async function fromTestcontainers(): Promise<ServiceEndpoints> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const pg = await new GenericContainer('postgres:17-alpine')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const redis = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
  return {
    databaseUrl: `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    source: 'testcontainers',
    async stop() {
      await Promise.all([pg.stop(), redis.stop()]);
    },
  };
}

export async function resolveServices(env: NodeJS.ProcessEnv = process.env): Promise<ServiceEndpoints> {
  if (env.TEST_DATABASE_URL && env.TEST_REDIS_URL) {
    return {
      databaseUrl: env.TEST_DATABASE_URL,
      redisUrl: env.TEST_REDIS_URL,
      source: 'TEST_DATABASE_URL/TEST_REDIS_URL',
      stop: async () => {},
    };
  }
  if (dockerAnswers()) return fromTestcontainers();
  const problems: string[] = [];
  try {
    const pg = await startThrowawayPostgres();
    try {
      const redis = await startThrowawayRedis();
      return {
        databaseUrl: pg.url,
        redisUrl: redis.url,
        source: 'throwaway local servers',
        async stop() {
          await Promise.all([pg.destroy(), redis.destroy()]);
        },
      };
    } catch (err) {
      await pg.destroy();
      problems.push(String(err));
    }
  } catch (err) {
    problems.push(String(err));
  }
  throw new Error(
    [
      'The integration and browser tests need Postgres and Redis, and none could be had:',
      '  - TEST_DATABASE_URL and TEST_REDIS_URL are not both set;',
      '  - no Docker engine answers (`docker info`);',
      `  - no local servers could be started (${problems.join('; ')}).`,
      'Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test and TEST_REDIS_URL=redis://127.0.0.1:6379,',
      'or install postgresql and redis-server (apt-get install postgresql redis-server).',
    ].join('\n'),
  );
}
