import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { CheckIcon, GiftIcon } from '../../components/icons.tsx';
import { BackLink } from '../../components/states.tsx';
import { currentUserQuery } from '../../lib/current-user.ts';
import { lessonQuery } from '../../lib/lessons.ts';
import { isPracticeType, PRACTICE_TYPE_CARDS } from '../../lib/question-types.ts';
import { DEFAULT_CHARACTER_THRESHOLD, nodeAvailabilityQuery, nodeResultsQuery } from './api.ts';
import { UnknownPracticeType } from './UnknownPracticeType.tsx';
import './practice.css';
import { roadmapProgress } from './roadmap-progress.ts';

/**
 * The fixed four lessons of a type roadmap (spec part 2), plus the completion reward. The server serves
 * them easier to harder (`pickCourse`), which the level under each title says.
 */
const COURSES = [
  { id: 'course1', title: '第一課', level: '入門' },
  { id: 'course2', title: '第二課', level: '基礎' },
  { id: 'course3', title: '第三課', level: '進階' },
  { id: 'course4', title: '第四課', level: '挑戰' },
] as const;

/** This type's state and the lesson's count of completed types, above the path. */
function Progress({ progress }: { progress: ReturnType<typeof roadmapProgress> }) {
  return (
    <div className={`course-progress is-${progress.state}`} data-testid="roadmap-progress" role="status">
      <strong>{progress.label}</strong>
      <span className="muted">{progress.lessonLabel}</span>
      <progress max={progress.total || 1} value={progress.completed} aria-label={progress.lessonLabel} />
    </div>
  );
}

/** Session storage key of the lesson information the question session may read. */
export const CURRENT_COURSE_KEY = 'wyt-current-course';

/**
 * The type roadmap (/lesson/:lessonId/:questionType/roadmap): four lessons, all open, then a reward.
 * Clicking a lesson stores its information for the session and opens the question session.
 */
export function TypeRoadmapPage() {
  const { lessonId: raw, questionType } = useParams();
  const lessonId = Number(raw);
  const navigate = useNavigate();
  const lesson = useQuery(lessonQuery(lessonId));
  const user = useQuery(currentUserQuery).data;
  // The node's completion is the server's (80 % of its answers): asked again each time the page opens.
  const results = useQuery({
    ...nodeResultsQuery(user?.id ?? '', lessonId),
    enabled: Boolean(user) && lessonId > 0,
    refetchOnMount: 'always',
  });
  const nodes = useQuery({
    ...nodeAvailabilityQuery(lessonId, user?.characterThreshold ?? DEFAULT_CHARACTER_THRESHOLD),
    enabled: lessonId > 0,
  });
  const types = (nodes.data ?? []).map((n) => n.type as string);
  if (!isPracticeType(questionType) || !(lessonId > 0)) {
    return <UnknownPracticeType />;
  }
  const card = PRACTICE_TYPE_CARDS.find((c) => c.type === questionType);
  const progress = results.data && nodes.data ? roadmapProgress(results.data, questionType, types) : null;
  const open = (courseId: string, title: string) => {
    try {
      sessionStorage.setItem(
        CURRENT_COURSE_KEY,
        JSON.stringify({ lessonId, type: questionType, courseId, title, lessonTitle: lesson.data?.title }),
      );
    } catch {
      // storage disabled: the session does not need it
    }
    navigate(`/lesson/${lessonId}/questions/${questionType}/${courseId}`);
  };
  return (
    <main className="page">
      <BackLink to={`/lesson/${lessonId}/types`} label="返回練習類型" />
      <h1 className="page-title">{card?.title}</h1>
      <p className="page-subtitle">{lesson.data?.title ?? '\u00a0'}</p>
      {progress ? <Progress progress={progress} /> : null}
      <ol className={`course-path is-${progress?.state ?? 'new'}`}>
        {COURSES.map((course, i) => (
          <li key={course.id} className={`course-step step-${i % 2 === 0 ? 'left' : 'right'}`}>
            <button
              type="button"
              className="course-node"
              onClick={() => open(course.id, course.title)}
              data-testid="course-node"
            >
              <span className="course-number" aria-hidden="true">
                {results.data?.nodes.find((n) => n.type === questionType)?.completed ? (
                  <CheckIcon size={22} />
                ) : (
                  i + 1
                )}
              </span>
              <span>{course.title}</span>
              <span className="course-level">{course.level}</span>
            </button>
          </li>
        ))}
        <li className="course-step step-center">
          <div className="course-node course-reward">
            <GiftIcon />
            <span>完成獎勵</span>
          </div>
        </li>
      </ol>
    </main>
  );
}
