/**
 * A vitest reporter for the loop's cost (issue 39): one line per test file as it ends (its wall time,
 * split into imports, hooks and test bodies), and at the end the slowest files and each project's
 * span (first start to last end). Writes JSON lines to `FILE_TIMES` when set.
 *
 * @example npx vitest run --project integration --reporter=default --reporter=./tests/support/file-times.ts
 */
import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

interface FileTime {
  project: string;
  file: string;
  /** From the worker's start on the file to its end, ms. */
  wall: number;
  /** Importing the file and its modules (collect), ms. */
  imports: number;
  /** The sum of the test bodies, ms. */
  bodies: number;
  /** The rest: beforeAll/afterAll and the other hooks, ms. */
  hooks: number;
  tests: number;
  start: number;
  end: number;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);

export default class FileTimes implements Reporter {
  private readonly times: FileTime[] = [];

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const tests = [...module.children.allTests()];
    const bodies = tests.reduce((sum, t) => sum + (t.diagnostic()?.duration ?? 0), 0);
    const wall = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.duration;
    const time: FileTime = {
      project: module.project.name,
      file: module.moduleId.replace(`${process.cwd()}/`, ''),
      wall,
      imports: d.collectDuration,
      bodies,
      hooks: Math.max(0, d.duration - bodies),
      tests: tests.length,
      start: Date.now() - wall,
      end: Date.now(),
    };
    this.times.push(time);
    if (process.env.FILE_TIMES) appendFileSync(process.env.FILE_TIMES, `${JSON.stringify(time)}\n`);
  }

  onTestRunEnd(): void {
    const lines = ['', 'file times (s): wall = imports + hooks + bodies (+ worker start)'];
    for (const t of [...this.times].sort((a, b) => b.wall - a.wall).slice(0, 25)) {
      lines.push(
        `${seconds(t.wall)} ${seconds(t.imports)} ${seconds(t.hooks)} ${seconds(t.bodies)}  ${t.file}`,
      );
    }
    const projects = new Map<string, FileTime[]>();
    for (const t of this.times) projects.set(t.project, [...(projects.get(t.project) ?? []), t]);
    for (const [name, list] of projects) {
      const span = Math.max(...list.map((t) => t.end)) - Math.min(...list.map((t) => t.start));
      const sum = list.reduce((s, t) => s + t.wall, 0);
      lines.push(`${name}: ${list.length} files, span ${seconds(span)} s, sum of walls ${seconds(sum)} s`);
    }
    console.log(lines.join('\n'));
  }
}
