/** An assignment's task: checked against the content as the class stream stores it, and the titles that describe it. */
import type { AssignmentBody } from '@wenyan/contracts';
import { type AssignmentTask, PRACTICE_NODE_TYPES } from '@wenyan/domain';
import { type Db, findLesson, listPapers, paperQuestions } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../plugins/errors.ts';
import { lessonTitles } from '../../replay/queries.ts';
import type { Titles } from './describe.ts';

/** A field the content does not bear out (a lesson that does not exist, a range past the text): 400. */
const badField = (field: string, message: string) =>
  new ApiError(400, 'VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);

/** The task checked against the content and stored with what completion needs (a paper's question ids). */
export async function resolveTask(db: Db, body: AssignmentBody): Promise<AssignmentTask> {
  const task = body.task;
  const lessonLength = async (id: number) => {
    const lesson = await findLesson(db, id);
    return lesson ? Array.from(lesson.content).length : null;
  };
  switch (task.kind) {
    case 'practice':
      if ((await lessonLength(task.lessonId)) === null) throw badField('body.task.lessonId', '沒有這一課');
      if (!(PRACTICE_NODE_TYPES as readonly string[]).includes(task.nodeType)) {
        throw badField('body.task.nodeType', '沒有這個練習類型');
      }
      return task;
    case 'vocabulary':
      if (task.lessonId !== null && (await lessonLength(task.lessonId)) === null) {
        throw badField('body.task.lessonId', '沒有這一課');
      }
      return task;
    case 'paper': {
      const questions = await paperQuestions(db, task.paperId);
      if (questions.length === 0) throw badField('body.task.paperId', '沒有這份試卷');
      return {
        kind: 'paper',
        paperId: String(task.paperId),
        questionIds: questions.map((q) => String(q.id)),
      };
    }
    case 'recitation': {
      const length = await lessonLength(task.lessonId);
      if (length === null) throw badField('body.task.lessonId', '沒有這一課');
      if (task.end <= task.start || task.end > length) throw badField('body.task.end', '背誦範圍超出課文');
      return task;
    }
    case 'reviews':
      return task;
  }
}

/** The lessons' and papers' titles an assignment's description names (describe.ts). */
export async function homeworkTitles(app: FastifyInstance): Promise<Titles> {
  const { db } = app.deps;
  const [lessons, papers] = await Promise.all([
    lessonTitles(db),
    app.cachedContent('homework-paper-titles', async () => listPapers(db)),
  ]);
  return { lessons, papers: new Map(papers.map((p) => [String(p.id), p.title])) };
}
