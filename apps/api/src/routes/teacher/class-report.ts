/**
 * The per-question class report (issue 40): which items of a lesson, a practice type of it, or an
 * assignment most of the class got wrong, with their common wrong answers counted (no names), and the
 * worksheets of those items. Computed from the read models (`readClassQuestionReport`); the class's
 * teacher or an admin only (403 otherwise).
 */
import { type ClassReport, MOST_WRONG_SHARE, QuestionTypeSchema } from '@wenyan/contracts';
import {
  classMembers,
  loadClassAssignments,
  type QuestionReportScope,
  readClassQuestionReport,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';
import { lessonTitles } from '../../replay/queries.ts';
import { PRACTICE_TYPE_TITLES } from '../questions/shared.ts';
import { ownClass } from './index.ts';

const noItems = (message: string) =>
  new ApiError(400, 'VALIDATION_FAILED', `query.assignmentId: ${message}`, [
    { field: 'query.assignmentId', message },
  ]);

export async function classReportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'getClassQuestionReport', async ({ input, user }): Promise<ClassReport> => {
    const found = await ownClass(app, user, input.params.id);
    const { lessonId, type, assignmentId } = input.query;
    const [members, titles] = await Promise.all([classMembers(db, found.id), lessonTitles(db)]);
    let scope: QuestionReportScope;
    let title: string;
    let reportScope: ClassReport['scope'];
    if (assignmentId !== undefined) {
      const { state } = await loadClassAssignments(db, found.id);
      const assignment = state.assignments[assignmentId];
      if (!assignment) throw notFound('assignment');
      const task = assignment.task;
      if (task.kind === 'practice') {
        scope = { lessonId: task.lessonId, type: task.nodeType };
      } else if (task.kind === 'paper') {
        scope = { questionIds: task.questionIds };
      } else {
        throw noItems('只有練習及試卷功課有逐題報告');
      }
      title = assignment.title;
      reportScope = { kind: 'assignment', assignmentId };
    } else {
      const lesson = titles.get(lessonId!);
      if (lesson === undefined) throw notFound('lesson');
      scope = { lessonId: lessonId!, type: type ?? null };
      title = `《${lesson}》${type ? (PRACTICE_TYPE_TITLES[type] ?? type) : ''}`;
      reportScope = { kind: 'lesson', lessonId: lessonId!, type: type ?? null };
    }
    const rows = await readClassQuestionReport(
      db,
      members.map((m) => m.userId),
      scope,
    );
    const items = rows.map((r) => {
      const wrongShare = r.answered === 0 ? 0 : r.wrong / r.answered;
      return { ...r, wrongShare, mostWrong: r.wrong > 0 && wrongShare >= MOST_WRONG_SHARE };
    });
    // A worksheet per lesson and practice type of the items most got wrong (a paper's items print from
    // the paper itself).
    const sheets = new Map<string, ClassReport['worksheets'][number]>();
    if (!('questionIds' in scope)) {
      for (const item of items) {
        const sheetType = QuestionTypeSchema.safeParse(item.type);
        if (!item.mostWrong || !sheetType.success) continue;
        const key = `${item.lessonId}/${item.type}`;
        const sheet = sheets.get(key) ?? { lessonId: item.lessonId, type: sheetType.data, questionIds: [] };
        sheet.questionIds.push(item.questionId);
        sheets.set(key, sheet);
      }
    }
    return {
      classId: found.id,
      title,
      scope: reportScope,
      learnerCount: members.length,
      items,
      worksheets: [...sheets.values()],
    };
  });
}
