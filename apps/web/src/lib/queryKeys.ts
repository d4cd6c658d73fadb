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
  vocabularyRecords: (userId: string) => ['users', userId, 'vocabulary', 'records'] as const,
  vocabularyStats: (userId: string) => ['users', userId, 'vocabulary', 'stats'] as const,
  /** The error book: its records and (under the same prefix) its statistics. */
  errorQuestions: (userId: string) => ['users', userId, 'error-questions'] as const,
  errorStats: (userId: string) => ['users', userId, 'error-questions', 'stats'] as const,
  leaderboard: ['leaderboard'] as const,
  /** The mock papers' name and disclaimer (content data, read once). */
  dseAbout: ['dse-papers', 'about'] as const,
  /** A learner's roadmap node results of a lesson (best session score, completed or not). */
  nodeResults: (userId: string, lessonId: number) => ['users', userId, 'node-results', lessonId] as const,
  allNodeResults: (userId: string) => ['users', userId, 'node-results'] as const,
  adminStatus: ['admin', 'status'] as const,
  /** A learner's appeals and their outcome (我的申訴). */
  appeals: (userId: string) => ['appeals', userId] as const,
  teacher: {
    classes: ['teacher', 'classes'] as const,
    /** The appeals of the teacher's learners. */
    appeals: ['teacher', 'appeals'] as const,
    classLearners: (classId: string) => ['teacher', 'classes', classId, 'learners'] as const,
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
