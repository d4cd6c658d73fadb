/** The learner's export (Hong Kong PDPO): everything kept about them as JSON, a table as CSV, a readable page. */
import { exportLearnerData } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route.ts';
import { hongKongIsoDay, readableExportHtml } from './readable-export.ts';

/**
 * One CSV cell: quoted when it must be, and a text that a spreadsheet would run as a formula (starting
 * with =, +, -, @, a tab or a carriage return) is kept as text with a leading apostrophe.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV (UTF-8 with a BOM, so Excel reads Chinese), columns from the first row. */
export function toCsv(rows: ReadonlyArray<Record<string, unknown>>): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [
    columns.map(csvCell).join(','),
    ...rows.map((row) => columns.map((c) => csvCell(row[c])).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The learner's export: JSON, one table as CSV, and the readable page. */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'exportMyData', async ({ user, reply }) => {
    const data = await exportLearnerData(db, user.id);
    reply.header('content-disposition', `attachment; filename="wenyan-data-${user.id}.json"`);
    reply.header('cache-control', 'no-store');
    return data;
  });

  defineRoute(app, 'exportMyDataCsv', async ({ input, user, reply }) => {
    const data = await exportLearnerData(db, user.id);
    const { table } = input.query;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="wenyan-${table}-${user.id}.csv"`)
      .header('cache-control', 'no-store')
      .send(toCsv(data.tables[table] ?? []));
  });

  // The same data for a person: Chinese labels, Hong Kong times, named by the Hong Kong day.
  defineRoute(app, 'exportMyDataReadable', async ({ user, reply }) => {
    const data = await exportLearnerData(db, user.id);
    const fileName = `文言通-我的資料-${hongKongIsoDay(data.exportedAt)}.html`;
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'content-disposition',
        `inline; filename="wenyan-my-data-${hongKongIsoDay(data.exportedAt)}.html"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      )
      .header('cache-control', 'no-store')
      .send(readableExportHtml(data));
  });
}
