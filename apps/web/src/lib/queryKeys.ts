/**
 * The one query-key factory of the client. Every cached read and every invalidation takes its key from
 * here, so a write refreshes exactly what the spec says; no screen writes a literal key. Keys start with
 * their resource, so invalidating `queryKeys.user(id)` refreshes everything of that user.
 */
export const queryKeys = {
  currentUser: ['auth', 'user'] as const,
  /** Every user-scoped key (a recitation or a role change may touch any of them). */
  users: ['users'] as const,
  user: (userId: string) => ['users', userId] as const,
  lessons: ['lessons'] as const,
  lesson: (id: number) => ['lessons', id] as const,
  /** A passage's notes and 語譯. */
  annotations: (id: number) => ['lessons', id, 'annotations'] as const,
  /** A lesson's questions as the learner sees them (no keys). */
  lessonQuestions: (id: number) => ['lessons', id, 'questions'] as const,
  userStats: (userId: string) => ['users', userId, 'stats'] as const,
  completedActivities: (userId: string, lessonId: number) =>
    ['users', userId, 'completed-activities', lessonId] as const,
  allCompletedActivities: (userId: string) => ['users', userId, 'completed-activities'] as const,
  nodeAvailability: (lessonId: number, threshold: number) =>
    ['lessons', lessonId, 'nodes', 'availability', threshold] as const,
  nodeQuestions: (lessonId: number, type: string, threshold: number) =>
    ['lessons', lessonId, 'nodes', type, 'questions', threshold] as const,
  courseQuestions: (lessonId: number, courseId: number, type: string) =>
    ['course-questions', lessonId, courseId, type] as const,
  /** Everything of the word quizzes (lessons, mixed sessions); a new question refreshes it. */
  vocabulary: ['vocabulary'] as const,
  vocabularyLessons: ['vocabulary', 'lessons'] as const,
  mixedLessons: ['vocabulary', 'mixed-lessons'] as const,
  /** The 句式 sessions and a session's questions. */
  sentencePatterns: ['vocabulary', 'sentence-patterns'] as const,
  sentencePatternQuestions: (id: string) => ['vocabulary', 'sentence-patterns', id, 'questions'] as const,
  vocabularyRecords: (userId: string) => ['users', userId, 'vocabulary', 'records'] as const,
  vocabularyStats: (userId: string) => ['users', userId, 'vocabulary', 'stats'] as const,
  /** The error book: its records and (under the same prefix) its statistics. */
  errorQuestions: (userId: string) => ['users', userId, 'error-questions'] as const,
  errorStats: (userId: string) => ['users', userId, 'error-questions', 'stats'] as const,
  /** A learner's review cards: the due list (counts), the forecast and review sessions. */
  reviews: (userId: string) => ['users', userId, 'reviews'] as const,
  dueReviews: (userId: string) => ['users', userId, 'reviews', 'due'] as const,
  reviewForecast: (userId: string) => ['users', userId, 'reviews', 'forecast'] as const,
  reviewSession: (userId: string, mode: string, tag: string | null) =>
    ['users', userId, 'reviews', 'session', mode, tag ?? 'any'] as const,
  /** Exam date, target recall, daily goal, whether the first-sign-in guide is done. */
  reviewSettings: (userId: string) => ['users', userId, 'review-settings'] as const,
  /** Accuracy and open items by kind of knowledge. */
  knowledgeTags: (userId: string) => ['users', userId, 'knowledge-tags'] as const,
  leaderboard: ['leaderboard'] as const,
  /** The learner's daily reminder: on or off, the hour, the devices subscribed. */
  reminders: (userId: string) => ['users', userId, 'reminders'] as const,
  /** The mock papers' name and disclaimer (content data, read once). */
  dseAbout: ['dse-papers', 'about'] as const,
  /** A learner's roadmap node results of a lesson (best session score, completed or not). */
  nodeResults: (userId: string, lessonId: number) => ['users', userId, 'node-results', lessonId] as const,
  allNodeResults: (userId: string) => ['users', userId, 'node-results'] as const,
  adminStatus: ['admin', 'status'] as const,
  /** The default exam date of each school year (admin). */
  examDates: ['admin', 'exam-dates'] as const,
  /** A learner's appeals and their outcome (我的申訴). */
  appeals: (userId: string) => ['appeals', userId] as const,
  /** A learner's answers that waited for a teacher's marks (待老師批閱). */
  myPendingAnswers: (userId: string) => ['pending-answers', userId] as const,
  /** Homework and class leagues (the learner's own and a class's). */
  homework: {
    mine: ['homework', 'mine'] as const,
    ofClass: (classId: string) => ['homework', 'class', classId] as const,
    history: (classId: string, assignmentId: string) =>
      ['homework', 'class', classId, 'history', assignmentId] as const,
    leagues: ['homework', 'leagues'] as const,
    visibility: ['homework', 'leaderboard-visibility'] as const,
  },
  teacher: {
    classes: ['teacher', 'classes'] as const,
    /** The appeals of the teacher's learners. */
    appeals: ['teacher', 'appeals'] as const,
    /** The renderings accepted on appeal (a teacher's own; an admin's all) and their log. */
    renderings: ['teacher', 'renderings'] as const,
    /** Answers waiting for a teacher's marks (待老師批閱). */
    pendingAnswers: ['teacher', 'pending-answers'] as const,
    classLearners: (classId: string) => ['teacher', 'classes', classId, 'learners'] as const,
    classForecast: (classId: string) => ['teacher', 'classes', classId, 'reviews', 'forecast'] as const,
    /** The class's self-marked answers waiting for confirmation (issue 37). */
    selfMarks: (classId: string) => ['teacher', 'classes', classId, 'self-marks'] as const,
    /** How the class's self-marks count (issue 37). */
    selfMarkRule: (classId: string) => ['teacher', 'classes', classId, 'self-mark-rule'] as const,
    learnerEvents: (learnerId: string) => ['teacher', 'learners', learnerId, 'events'] as const,
    learnerState: (learnerId: string, at: number | null) =>
      ['teacher', 'learners', learnerId, 'state', at ?? 'now'] as const,
  },
  /** Teachers running their classes (issue 25). */
  classroom: {
    myClasses: ['classroom', 'my-classes'] as const,
    invitations: ['classroom', 'invitations'] as const,
    myQuestions: ['classroom', 'my-questions'] as const,
    review: ['classroom', 'review'] as const,
    worksheet: (lessonId: number, type: string, key: boolean) =>
      ['classroom', 'worksheet', lessonId, type, key ? 'key' : 'sheet'] as const,
  },
} as const;
