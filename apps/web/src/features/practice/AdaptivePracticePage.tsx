import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink, Spinner } from '../../components/states.tsx';
import { currentUserQuery } from '../../lib/current-user.ts';
import { lessonQuery } from '../../lib/lessons.ts';
import { ADAPTIVE_TYPE_CARDS } from './adaptive-types.ts';
import { DEFAULT_CHARACTER_THRESHOLD } from './api.ts';
import { UnknownPracticeType } from './UnknownPracticeType.tsx';

const AdaptiveQuiz = lazy(async () => ({
  default: (await import('../../components/quiz/AdaptiveQuiz.tsx')).AdaptiveQuiz,
}));

/** Questions in one adaptive quiz of a practice type. */
export const ADAPTIVE_QUESTION_COUNT = 8;

/**
 * The adaptive quiz of one practice type of a lesson (/lesson/:lessonId/adaptive/:questionType), opened
 * from the practice-type page: the server picks the questions for the learner
 * (`GET /api/lessons/:id/adaptive-questions`), free-text items are marked by their scheme.
 */
export function AdaptivePracticePage() {
  const { lessonId: raw, questionType } = useParams();
  const lessonId = Number(raw);
  const navigate = useNavigate();
  const user = useQuery(currentUserQuery).data;
  const lesson = useQuery(lessonQuery(lessonId));
  const card = ADAPTIVE_TYPE_CARDS.find((c) => c.type === questionType);
  if (!card || !(lessonId > 0)) {
    return <UnknownPracticeType />;
  }
  if (!user) return null;
  const back = () => navigate(`/lesson/${lessonId}/types`);
  return (
    <main className="page quiz-page">
      <BackLink to={`/lesson/${lessonId}/types`} label="返回練習類型" />
      <Suspense fallback={<Spinner />}>
        <AdaptiveQuiz
          key={`${lessonId}-${card.type}`}
          lessonId={lessonId}
          user={user}
          config={{
            type: card.type,
            questionCount: ADAPTIVE_QUESTION_COUNT,
            characterThreshold: user.characterThreshold || DEFAULT_CHARACTER_THRESHOLD,
            adaptive: true,
          }}
          title={`${card.title} · 智能適應練習${lesson.data ? ` · ${lesson.data.title}` : ''}`}
          onExit={back}
          onReturn={back}
          onContinue={back}
        />
      </Suspense>
    </main>
  );
}
