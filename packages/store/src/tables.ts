import type { MarkingScheme, RubricLevel } from '@wenyan/content';
import type { MasteredBy } from '@wenyan/domain';
import type { ColumnType, Generated, JSONColumnType, Kysely } from 'kysely';

/** Table types of the database; one interface per table, composed into `Database`. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A column with a default in the database: an insert may leave it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface LessonsTable {
  id: number;
  title: string;
  author: string;
  era: string;
  genre: string;
  lesson_group: string | null;
  source: string;
  extract: string | null;
  content: string;
  character_count: number;
  category: string;
  difficulty: string;
  description: string;
}

export interface QuestionsTable {
  id: string;
  lesson_id: number;
  type: string;
  difficulty: string;
  character_frequency: number | null;
  content: string;
  target_text: string | null;
  highlight: string | null;
  options: JSONColumnType<string[] | null, string | null, string | null>;
  correct_answer: string;
  /** Retired (the keyword rule); null for every question since the marking schemes. */
  keywords: JSONColumnType<string[] | null, string | null, string | null>;
  /** A free-text question's marking scheme (`MarkingScheme` of the domain), else null. */
  marking: JSONColumnType<MarkingScheme | null, string | null, string | null>;
  /** A long paper question's 評分準則 levels, highest first, else null. */
  rubric: JSONColumnType<RubricLevel[] | null, string | null, string | null>;
  explanation: string;
  cultural_context: string | null;
  session_id: number | null;
  paper_id: number | null;
  position: Defaulted<number>;
  points: number | null;
  origin: Defaulted<string>;
  created_by: string | null;
  created_at: Timestamp;
  /** The kinds of 文言 knowledge the question tests, main first; `[]` when not tagged yet (0010). */
  tags: ColumnType<string[], string | undefined, string>;
  /** A teacher's question (`origin = 'user'`) is served beyond its author's classes once published (0013). */
  published_at: Defaulted<Date | null>;
  published_by: Defaulted<string | null>;
  /** A withdrawn teacher's question is served to nobody (the row stays for recorded answers). */
  withdrawn_at: Defaulted<Date | null>;
}

/** Every addition, edit, publication and withdrawal of a teacher's question, with who and when (0013). */
export interface QuestionChangesTable {
  id: Generated<string>;
  question_id: string;
  change: 'added' | 'edited' | 'published' | 'withdrawn';
  actor_id: string | null;
  recorded_at: ColumnType<Date, Date | undefined, never>;
}

/** An admin's one-time invitation to become a teacher: the code's SHA-256 only (0013). */
export interface TeacherInvitationsTable {
  id: Generated<string>;
  code_hash: string;
  note: Defaulted<string>;
  created_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Timestamp;
  redeemed_by: Defaulted<string | null>;
  redeemed_at: Defaulted<Date | null>;
  revoked_at: Defaulted<Date | null>;
}

export interface VocabularySessionsTable {
  id: number;
  title: string;
  description: string;
}

export interface DsePapersTable {
  id: number;
  year: string;
  title: string;
  status: string;
}

export interface ContentDocumentsTable {
  key: string;
  data: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface UploadedTextsTable {
  id: Generated<string>;
  title: string;
  content: string;
  type: string;
  uploaded_by: string;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  username: string;
  /** The username after NFKC and case folding (unique): see `usernameKey`. */
  username_key: Defaulted<string>;
  password_hash: string | null;
  oidc_subject: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  profile_image_url: string | null;
  roles: Defaulted<string[]>;
  character_threshold: Defaulted<number>;
  /** Personal data lives here, never in the event log (migration 0006). */
  school_name: Defaulted<string | null>;
  nickname: Defaulted<string | null>;
  leaderboard_opt_out: Defaulted<boolean>;
  erased_at: Defaulted<Date | null>;
  /** An account a teacher made for a class: its one-time password must be replaced first (0013). */
  must_change_password: Defaulted<boolean>;
  created_for_class: Defaulted<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One live reset code per learner: its SHA-256, who issued it, when it ends. */
export interface PasswordResetsTable {
  user_id: string;
  code_hash: string;
  issued_by: string | null;
  created_at: Defaulted<Date>;
  expires_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  remember_me: boolean;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface StreamsTable {
  stream_id: string;
  version: number;
  snapshot: ColumnType<unknown, string | null, string | null> | null;
  snapshot_schema: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A part of a stream's state, at the stream's version (migration 0020, issue 38). */
export interface StreamPartsTable {
  stream_id: string;
  key: string;
  schema: number;
  value: ColumnType<unknown, string, string>;
}

export interface EventsTable {
  position: Generated<string>;
  tx_id: Generated<string>;
  event_id: string;
  stream_id: string;
  version: number;
  type: string;
  schema_version: number;
  data: JSONColumnType<Record<string, unknown>, string, never>;
  metadata: JSONColumnType<Record<string, unknown>, string, never>;
  recorded_at: Timestamp;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  /** Unused since migration 0005 (the store keeps no HTTP status); rows before it have one. */
  status_code: ColumnType<number | null, never, never>;
  response: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export interface LearnerProjectionsTable {
  user_id: string;
  checkpoint: number;
  view: ColumnType<unknown, string, string>;
  view_schema: number;
  last_event_at: Date | null;
  projected_at: Timestamp;
}

export interface UserTotalsTable {
  user_id: string;
  total_xp: number;
  level: number;
  streak_days: number;
  last_active_date: string | null;
  last_active_at: Date | null;
  completed_lessons: number;
  average_accuracy: number;
  answers_count: number;
  correct_count: number;
  /** False while the learner keeps off the leaderboard (or was erased). */
  ranked: Defaulted<boolean>;
  updated_at: Timestamp;
}

export interface UserLessonStatsTable {
  user_id: string;
  lesson_id: number;
  questions_completed: number;
  total_questions: number;
  correct_answers: number;
  xp_earned: number;
  accuracy: number;
  updated_at: Date | null;
}

export interface CompletedActivitiesTable {
  user_id: string;
  lesson_id: number;
  activity_type: string;
  completed_at: Date | null;
}

export interface ErrorQuestionsTable {
  user_id: string;
  question_id: string;
  attempt_count: number;
  incorrect_answer: string | null;
  correct_answer: string | null;
  user_explanation: string | null;
  is_active: boolean;
  mastered_at: Date | null;
  /** Who closed the record (migration 0024): 'self', 'appeal' or 'teacher'; null while open. */
  mastered_by: MasteredBy | null;
  first_error_at: Date | null;
  last_attempt_at: Date | null;
}

export interface VocabularyRecordsTable {
  user_id: string;
  seq: number;
  exercise_type: string;
  exercise_id: string;
  lesson_ids: JSONColumnType<number[] | null, string | null, string | null>;
  score: number;
  time_spent: number;
  questions_answered: number;
  correct_answers: number;
  difficulty: string | null;
  completed_at: Date | null;
}

export interface ClassesTable {
  id: Generated<string>;
  teacher_id: string;
  name: string;
  join_code: string;
  created_at: Timestamp;
  hide_global_leaderboard: Defaulted<boolean>;
}

export interface ClassMembersTable {
  class_id: string;
  user_id: string;
  joined_at: Timestamp;
}

export interface ClassMembershipChangesTable {
  id: Generated<string>;
  class_id: string;
  user_id: string;
  change: 'joined' | 'left';
  actor_id: string;
  recorded_at: Timestamp;
}

/** One review card of a learner (migration 0010): a read model written by the projector. */
export interface ReviewCardsTable {
  user_id: string;
  question_id: string;
  lesson_id: number;
  question_type: string;
  state: string;
  stability: number;
  difficulty: number;
  reps: number;
  correct: number;
  lapses: number;
  last_rating: string;
  last_review: Date;
  due: Date;
}

/** A learner's exam plan, review settings and today's due reviews (migration 0010): a read model. */
export interface ReviewSettingsTable {
  user_id: string;
  exam_date: string | null;
  exam_date_source: string | null;
  exam_year: number | null;
  target_recall: number;
  daily_goal: number;
  guide_completed: boolean;
  reviewed_day: string | null;
  reviewed_count: number;
}

/**
 * An answer the marker left pending (待老師批閱), and a teacher's marks once given (migration 0016):
 * a read model, keyed by the learner and the answer's stream version.
 */
export interface PendingAnswersTable {
  user_id: string;
  answer_version: number;
  question_id: string;
  lesson_id: number;
  question_type: string;
  selected_answer: string;
  /** The marker's provisional verdict on each scoring point (RecordedPoint[]). */
  points: ColumnType<unknown, string, string>;
  points_earned: number;
  points_available: number;
  submitted_at: Timestamp;
  status: 'pending' | 'marked';
  marked_points_earned: number | null;
  marked_is_correct: boolean | null;
  marked_by: string | null;
  teacher_note: string | null;
  marked_at: Timestamp | null;
}

/** The admin's default exam date of an exam year (migration 0010). */
export interface ExamDatesTable {
  year: number;
  exam_date: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** Folds of a learner's stream kept every few hundred versions, so a replay starts near any moment. */
export interface LearnerReplaySnapshotsTable {
  user_id: string;
  version: number;
  view_schema: number;
  /** The `at` of the event at `version`. */
  at: string | null;
  view: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

/** The deployment's VAPID key pair (one row, id 1; migration 0011). */
/** A deployment key for one purpose (migration 0018), base64url. */
export interface ServerSecretsTable {
  name: string;
  secret: string;
  created_at: Defaulted<Date>;
}

/** A learner's data key (migration 0018), base64: their free text in the log is sealed under it. */
export interface LearnerKeysTable {
  user_id: string;
  data_key: string;
  created_at: Defaulted<Date>;
}

export interface VapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: Defaulted<Date>;
}

/** A learner's device that takes Web Push: the push service's endpoint and the browser's keys. */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: Defaulted<Date>;
}

/** The learner's daily reminder: opted in or not, and the Hong Kong hour it may go from. */
export interface ReminderSettingsTable {
  user_id: string;
  enabled: boolean;
  hour: number;
  updated_at: Defaulted<Date>;
}

/** One row per learner per Hong Kong day a reminder went: the once-a-day bound. */
export interface RemindersSentTable {
  user_id: string;
  day: string;
  kind: string;
  due_count: number;
  streak_days: number;
  devices: Defaulted<number>;
  sent_at: Defaulted<Date>;
}

export interface Database {
  lessons: LessonsTable;
  questions: QuestionsTable;
  vocabulary_sessions: VocabularySessionsTable;
  dse_papers: DsePapersTable;
  content_documents: ContentDocumentsTable;
  uploaded_texts: UploadedTextsTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  streams: StreamsTable;
  stream_parts: StreamPartsTable;
  events: EventsTable;
  idempotency_keys: IdempotencyKeysTable;
  learner_projections: LearnerProjectionsTable;
  user_totals: UserTotalsTable;
  user_lesson_stats: UserLessonStatsTable;
  completed_activities: CompletedActivitiesTable;
  error_questions: ErrorQuestionsTable;
  vocabulary_records: VocabularyRecordsTable;
  classes: ClassesTable;
  class_members: ClassMembersTable;
  class_membership_changes: ClassMembershipChangesTable;
  learner_replay_snapshots: LearnerReplaySnapshotsTable;
  vapid_keys: VapidKeysTable;
  server_secrets: ServerSecretsTable;
  learner_keys: LearnerKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_settings: ReminderSettingsTable;
  reminders_sent: RemindersSentTable;
  review_cards: ReviewCardsTable;
  review_settings: ReviewSettingsTable;
  pending_answers: PendingAnswersTable;
  exam_dates: ExamDatesTable;
  question_changes: QuestionChangesTable;
  teacher_invitations: TeacherInvitationsTable;
}

/** The database as the store's code sees it (opened by db.ts's `openDatabase`). */
export type Db = Kysely<Database>;
