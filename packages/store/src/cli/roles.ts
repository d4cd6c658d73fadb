/**
 * `npm run roles -- grant <username> <role>` / `revoke <username> <role>` / `list <username>`:
 * grants and revokes roles (student, teacher, admin) on DATABASE_URL or the embedded PGlite. With
 * REDIS_URL (the distributed mode), the running API processes hear of the change and forget the user's
 * cached sessions at once.
 */
import path from 'node:path';
import { DataFolderInUseError } from '../data-lock.ts';
import { openDatabase } from '../db.ts';
import { type Role, setRolesByUsername } from '../identity-repo.ts';
import { createRedisSessionNotices } from '../redis.ts';

const ROLES: readonly Role[] = ['student', 'teacher', 'admin'];
const [action, username, role] = process.argv.slice(2);

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    'usage: npm run roles -- grant|revoke <username> <student|teacher|admin>\n       npm run roles -- list <username>',
  );
  process.exit(2);
}

if (!action || !username) usage();
if (action !== 'list' && !ROLES.includes(role as Role)) usage(`unknown role: ${role ?? '(none)'}`);

const databaseUrl = process.env.DATABASE_URL;
const handle = await openDatabase({
  databaseUrl,
  dataDir: databaseUrl ? undefined : path.join(process.env.DATA_DIR ?? '.data', 'pglite'),
  owner: `npm run roles -- ${action}`,
}).catch((err: unknown) => {
  // The embedded server holds the folder: change nothing, and say so.
  if (err instanceof DataFolderInUseError) {
    console.error(`nothing changed: ${err.message}`);
    process.exit(1);
  }
  throw err;
});
try {
  const user = await handle.db
    .selectFrom('users')
    .select(['roles'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!user) {
    console.error(`no user named ${username}`);
    process.exitCode = 1;
  } else if (action === 'list') {
    console.log(`${username}: ${user.roles.join(', ')}`);
  } else if (action === 'grant' || action === 'revoke') {
    const roles = action === 'grant' ? [...user.roles, role as Role] : user.roles.filter((r) => r !== role);
    const updated = await setRolesByUsername(handle.db, username, roles as Role[]);
    if (!updated) {
      console.error(`no user named ${username}; nothing changed`);
      process.exitCode = 1;
    } else console.log(`${username}: ${updated.roles.join(', ')}`);
    if (updated && process.env.REDIS_URL) {
      const notices = createRedisSessionNotices(process.env.REDIS_URL, process.env.REDIS_PREFIX || 'wyt');
      await notices
        .publish({ userId: updated.id })
        .catch(() =>
          console.error('the running API processes were not told; they will see it within SESSION_CACHE_MS'),
        );
      await notices.close();
    }
  } else {
    usage(`unknown action: ${action}`);
  }
} finally {
  await handle.close();
}
