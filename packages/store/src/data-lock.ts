/**
 * One owner for the embedded data folder. PGlite is a single-process engine: two processes opening the
 * same folder each see their own copy, and one's writes are lost or never seen by the other (a role
 * granted by `npm run roles` while the server ran was gone after a restart). The owner writes
 * `<folder>.lock` with its pid; a second process refuses with a message that says who holds it. A lock
 * left by a process that died is taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/** A second process tried to open a data folder another running process holds. */
export class DataFolderInUseError extends Error {
  readonly code = 'DATA_FOLDER_IN_USE';
  readonly dataDir: string;
  readonly ownerPid: number;
  readonly ownerCommand: string;
  constructor(dataDir: string, ownerPid: number, ownerCommand: string) {
    super(
      `The embedded data folder ${dataDir} is in use by another process (pid ${ownerPid}: ${ownerCommand}). ` +
        'Only one process may open it at a time. Stop that process first, or make the change through the ' +
        'running server (an admin can set roles under /admin, or PUT /api/admin/users/{id}/roles).',
    );
    this.dataDir = dataDir;
    this.ownerPid = ownerPid;
    this.ownerCommand = ownerCommand;
  }
}

interface LockContent {
  pid: number;
  command: string;
  since: string;
}

/** Is a process with this pid alive (signal 0 checks without sending anything)? */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | null {
  try {
    const content = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof content.pid === 'number'
      ? { pid: content.pid, command: String(content.command ?? ''), since: String(content.since ?? '') }
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data folder's lock for this process, or throws `DataFolderInUseError` when a live process
 * holds it. Returns the release (deletes the lock if it is still ours).
 *
 * @example const release = lockDataFolder('.data/pglite', 'api server'); … release();
 */
export function lockDataFolder(dataDir: string, command: string): () => void {
  const file = `${dataDir}.lock`;
  const content: LockContent = { pid: process.pid, command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // 'wx': created only if absent, atomically, so two starting processes cannot both win.
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(content));
      closeSync(fd);
      return () => {
        if (readLock(file)?.pid === process.pid) unlinkSync(file);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readLock(file);
    if (holder && holder.pid !== process.pid && alive(holder.pid)) {
      throw new DataFolderInUseError(dataDir, holder.pid, holder.command);
    }
    // Stale (its process is gone), unreadable, or ours from before: take it over.
    try {
      unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
