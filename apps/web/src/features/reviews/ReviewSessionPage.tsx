/**
 * /review: a review session (issue 21). The server draws it (`?mode=due`, the default: today's due cards,
 * error-book items first, interleaved across lessons; `?mode=error_book`: the open error book, 「練習錯題」;
 * `?mode=tag&tag=…`: one kind of knowledge). It runs in the adaptive quiz's machine with the questions
 * preloaded, so answers go through the one answer flow (features/answers) with the same marking and
 * feedback as practice; each verdict shows the review XP the server gave and when the card comes back.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeTag, ReviewSession, ReviewSessionMode, User } from '@wenyan/contracts';
import { KNOWLEDGE_TAG_LABELS, KNOWLEDGE_TAGS, REVIEW_SESSION_MODES } from '@wenyan/contracts/light';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, PageHeader } from '../../components/page.tsx';
import { SignedIn } from '../../components/SignedIn.tsx';
import { Spinner } from '../../components/states.tsx';
import { refreshAfterReview } from '../../lib/cache.ts';
import { lessonsQuery } from '../../lib/lessons.ts';
import { reviewSessionQuery } from '../../lib/reviews.ts';
import './reviews.css';

const AdaptiveQuiz = lazy(async () => ({
  default: (await import('../../components/quiz/AdaptiveQuiz.tsx')).AdaptiveQuiz,
}));

const TITLES: Record<ReviewSessionMode, string> = {
  due: '今日複習',
  error_book: '練習錯題',
  tag: '溫習弱項',
};

function isMode(value: string | null): value is ReviewSessionMode {
  return (REVIEW_SESSION_MODES as readonly string[]).includes(value ?? '');
}
function isTag(value: string | null): value is KnowledgeTag {
  return (KNOWLEDGE_TAGS as readonly string[]).includes(value ?? '');
}

/** The session's kind from the address (unknown values fall back to today's due cards). */
export function sessionFromSearch(search: URLSearchParams): {
  mode: ReviewSessionMode;
  tag: KnowledgeTag | null;
} {
  const mode = search.get('mode');
  const tag = search.get('tag');
  return { mode: isMode(mode) ? mode : 'due', tag: isTag(tag) ? tag : null };
}

export function ReviewSessionPage() {
  return <SignedIn>{(user) => <Review user={user} />}</SignedIn>;
}

function Review({ user }: { user: User }) {
  const [search] = useSearchParams();
  const { mode, tag } = sessionFromSearch(search);
  const session = useQuery(reviewSessionQuery(user.id, mode, tag));
  const title = mode === 'tag' && tag ? `溫習弱項：${KNOWLEDGE_TAG_LABELS[tag]}` : TITLES[mode];

  let body: React.ReactNode;
  if (session.isPending) body = <Spinner label="正在準備複習題目..." />;
  else if (session.isError) {
    body = <ErrorState message="未能載入複習題目，請稍後再試。" onRetry={() => void session.refetch()} />;
  } else if (session.data.items.length === 0) {
    body = <NothingToReview mode={mode} />;
  } else {
    return <Session key={`${mode}-${tag}`} user={user} session={session.data} title={title} />;
  }
  return (
    <main className="page review-page" data-testid="review-page">
      <PageHeader title={title} back="/" backLabel="返回主頁" />
      {body}
    </main>
  );
}

function NothingToReview({ mode }: { mode: ReviewSessionMode }) {
  return (
    <EmptyState title={mode === 'error_book' ? '錯題簿暫時沒有待練習的題目' : '現在沒有要複習的題目'}>
      <p className="muted">
        {mode === 'due'
          ? '現在沒有到期的題目。答過的題目會按你的考試日期，在合適的日子回來。'
          : '先做一些練習，答過的題目會成為複習卡。'}
      </p>
      <div className="row review-empty-actions">
        <Link className="btn btn-primary" to="/">
          返回主頁
        </Link>
        <Link className="btn" to="/review/plan">
          溫習計劃
        </Link>
      </div>
    </EmptyState>
  );
}

function Session({ user, session, title }: { user: User; session: ReviewSession; title: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lessons = useQuery(lessonsQuery);
  const questions = useMemo(() => session.items.map((item) => item.question), [session]);
  const first = questions[0]!;
  // Leaving the session refreshes what its answers moved: the due count, the error book, the tag figures.
  useEffect(() => () => void refreshAfterReview(queryClient, user.id), [queryClient, user.id]);
  const titleOf = (id: number) => lessons.data?.find((l) => l.id === id)?.title ?? `第 ${id} 課`;
  return (
    <main className="page review-page" data-testid="review-session">
      <Suspense fallback={<Spinner />}>
        <AdaptiveQuiz
          lessonId={0}
          user={user}
          preloadedQuestions={questions}
          config={{ type: first.type, questionCount: questions.length, characterThreshold: 0 }}
          title={title}
          review
          completionTitle="複習完成！"
          questionNote={(_question, index) => {
            const item = session.items[index];
            if (!item) return null;
            return (
              <>
                <span>《{titleOf(item.question.lessonId)}》</span>
                {item.inErrorBook ? <span className="badge badge-seal">錯題</span> : null}
                {item.tags.slice(0, 2).map((t) => (
                  <span key={t} className="badge">
                    {KNOWLEDGE_TAG_LABELS[t]}
                  </span>
                ))}
                {item.isDue ? null : <span className="muted">（未到期）</span>}
              </>
            );
          }}
          onExit={() => navigate('/')}
          onContinue={() => navigate('/')}
        />
      </Suspense>
    </main>
  );
}
