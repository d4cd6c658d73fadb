/**
 * Generates learner histories through the real decider and event store, with a chosen clock, so tests
 * can build months of activity (streaks, broken streaks, error books) in seconds.
 */
import { type DecideContext, decide, type LearnerCommand, seededRandom } from '@wenyan/domain';
import { type Db, handleCommand, learnerStreamId, usernameKey } from '@wenyan/store';
import { learnerModel } from '../../apps/api/src/learner/commands.ts';

export interface BankQuestion {
  id: string;
  lesson_id: number;
  type: string;
  difficulty: string;
  correct_answer: string;
  keywords: string[] | null;
  options: string[] | null;
}

/** A bare account (no password, no names) for a generated history; returns its id. */
export async function insertLearner(db: Db, username: string): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({
      username,
      username_key: usernameKey(username),
      password_hash: null,
      oidc_subject: null,
      first_name: null,
      last_name: null,
      email: null,
      profile_image_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(user.id);
}

export async function loadBank(db: Db): Promise<BankQuestion[]> {
  return db
    .selectFrom('questions')
    .select(['id', 'lesson_id', 'type', 'difficulty', 'correct_answer', 'keywords', 'options'])
    .where('origin', '=', 'bank')
    .where('options', 'is not', null)
    .orderBy('id')
    .execute();
}

/** A bank question's row as the domain's answer command reads it (`keywords` null when the row has none). */
export type AnswerableQuestion = Pick<
  BankQuestion,
  'id' | 'lesson_id' | 'type' | 'difficulty' | 'correct_answer'
> & {
  keywords?: string[] | null;
};

/** The `SubmitAnswer` command for a question row, as the API builds it from the question it loads. */
export function answerCommand(
  q: AnswerableQuestion,
  selectedAnswer: string,
  timeSpent: number,
): LearnerCommand {
  return {
    type: 'SubmitAnswer',
    data: {
      question: {
        id: q.id,
        lessonId: q.lesson_id,
        type: q.type,
        difficulty: q.difficulty,
        correctAnswer: q.correct_answer,
        keywords: q.keywords ?? null,
      },
      selectedAnswer,
      timeSpent,
    },
  };
}

/** Appends one command for a learner at a given time, as the API would (decide on fresh state, append). */
export async function act(db: Db, userId: string, command: LearnerCommand, now: Date): Promise<number> {
  return decideAndAppend(db, userId, command, { now: now.toISOString() }, false);
}

/**
 * As `act`, with the API's whole decide context (`app.learnerContext()` and a chosen `now`); a refusal
 * throws its message, for histories a test needs whole. Returns how many events it appended.
 */
export async function actOrThrow(
  db: Db,
  userId: string,
  command: LearnerCommand,
  context: DecideContext,
): Promise<number> {
  return decideAndAppend(db, userId, command, context, true);
}

async function decideAndAppend(
  db: Db,
  userId: string,
  command: LearnerCommand,
  context: DecideContext,
  throwOnRefusal: boolean,
): Promise<number> {
  const outcome = await handleCommand(
    db,
    learnerStreamId(userId),
    learnerModel,
    (state) => {
      const decision = decide(command, state, context);
      if (!decision.ok) {
        if (throwOnRefusal) throw new Error(decision.error.message);
        return { ok: false, refusal: decision.error };
      }
      return {
        ok: true,
        events: decision.events.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data })),
        reply: () => null,
      };
    },
    { metadata: { actor: userId } },
  );
  return outcome.ok ? outcome.appended : 0;
}

/** A random but reproducible stream of learner actions over `days` days. */
export async function generateHistory(
  db: Db,
  userId: string,
  options: { seed: number; actions: number; days: number; start: Date; bank: BankQuestion[] },
): Promise<number> {
  const random = seededRandom(options.seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  let appended = 0;
  const wrongAnswers: string[] = [];
  for (let i = 0; i < options.actions; i++) {
    const day = Math.floor((i / options.actions) * options.days);
    const skip = random() < 0.15 ? 1 : 0; // sometimes a day is missed: streaks break
    const now = new Date(options.start.getTime() + (day + skip) * 86_400_000 + i * 1000);
    const roll = random();
    let command: LearnerCommand;
    if (roll < 0.7) {
      const q = pick(options.bank);
      const right = random() < 0.65;
      const selected = right
        ? q.correct_answer
        : ((q.options ?? []).find((o) => o !== q.correct_answer) ?? 'x');
      if (!right) wrongAnswers.push(q.id);
      command = answerCommand(q, selected, 5 + Math.floor(random() * 30));
    } else if (roll < 0.78) {
      const answered = 4 + Math.floor(random() * 5);
      const correct = Math.floor(random() * (answered + 1));
      command = {
        type: 'CompleteNode',
        data: {
          lessonId: 1 + Math.floor(random() * 16),
          nodeType: pick([
            'word_interpretation',
            'sentence_translation',
            'theme_understanding',
            'writing_techniques',
          ]),
          score: Math.round((correct / answered) * 100),
          questionsAnswered: answered,
          correctAnswers: correct,
          timeSpent: 60,
        },
      };
    } else if (roll < 0.84) {
      const correct = Math.floor(random() * 11);
      command = {
        type: 'CompleteVocabularyExercise',
        data: {
          exerciseType: 'mixed_session',
          exerciseId: String(1 + Math.floor(random() * 6)),
          lessonIds: null,
          score: correct * 10,
          questionsAnswered: 10,
          correctAnswers: correct,
          timeSpent: 120,
        },
      };
    } else if (roll < 0.9 && wrongAnswers.length > 0) {
      command = { type: 'SaveErrorNote', data: { questionId: pick(wrongAnswers), note: `筆記 ${i}` } };
    } else if (roll < 0.94 && wrongAnswers.length > 0) {
      command = { type: 'MasterErrorQuestion', data: { questionId: pick(wrongAnswers) } };
    } else if (roll < 0.96) {
      command = {
        type: 'ChangeSchoolName',
        data: { schoolName: pick(['聖保羅書院', '皇仁書院', '拔萃女書院']), currentSchoolName: null },
      };
    } else {
      command = { type: 'SignIn', data: {} };
    }
    appended += await act(db, userId, command, now);
  }
  return appended;
}
