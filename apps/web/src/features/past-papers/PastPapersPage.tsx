/**
 * /dse-past-papers and /dse-pastpapers: the paper list, a paper's questions, and the mixed mode.
 */
import { useQuery } from '@tanstack/react-query';
import type { DsePaper, Question, User } from '@wenyan/contracts';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { EmptyState, ErrorState, LoadingState, PageHeader, Tabs } from '../../components/page.tsx';
import { useAnswerSubmission } from '../../lib/answers/useAnswerSubmission.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import { QUESTION_TYPE_LABELS } from '../../lib/question-types.ts';
import { dseAboutQuery, pastPaperCalls } from './api.ts';
import { CheckGroup, GenerateButton } from './filters.tsx';
import { PaperQuestion } from './PaperQuestion.tsx';
import { type MixRequest, pastPapersMachine } from './pastPapersMachine.ts';
import './past-papers.css';

/** What the papers are called until the content's own name arrives (it is the same words). */
export const DSE_PAPERS_NAME = 'DSE 模擬試題';

function usePastPapers() {
  const [machine] = useState(() =>
    pastPapersMachine.provide({
      actors: {
        fetchPapers: fromPromise(pastPaperCalls.papers),
        fetchPaperQuestions: fromPromise(({ input }: { input: { paperId: number } }) =>
          pastPaperCalls.paperQuestions(input),
        ),
        fetchMetadata: fromPromise(pastPaperCalls.metadata),
        fetchMix: fromPromise(({ input }: { input: MixRequest }) => pastPaperCalls.mix(input)),
      },
    }),
  );
  return useMachine(machine);
}

/** The content's own disclaimer: the product's mock papers in the exam's form, not the authority's. */
export function Disclaimer() {
  const { data } = useQuery(dseAboutQuery);
  if (!data) return null;
  return (
    <p className="p2-alert p2-alert-info pp-disclaimer" data-testid="dse-disclaimer">
      <strong>說明：</strong>
      {data.disclaimer}
    </p>
  );
}

/** The papers' name from the content data. */
export function usePapersName(): string {
  return useQuery(dseAboutQuery).data?.name ?? DSE_PAPERS_NAME;
}

export function PastPapersPage() {
  const [snapshot, send] = usePastPapers();
  const { context } = snapshot;
  const inMixed = snapshot.matches('mixed');
  const name = usePapersName();

  if (snapshot.matches('paper')) {
    const paper = context.paper;
    return (
      <main className="page page-wide past-papers" data-testid="past-papers-page">
        <PageHeader title={paper?.title ?? name}>
          <button type="button" className="btn btn-sm" onClick={() => send({ type: 'paper.back' })}>
            返回試卷列表
          </button>
        </PageHeader>
        {paper ? (
          <p className="muted">
            <span className="badge badge-seal pp-badge-form" data-testid="paper-badge">
              {paper.badge}
            </span>{' '}
            共 {paper.questionCount} 題
          </p>
        ) : null}
        <Disclaimer />
        {snapshot.matches({ paper: 'loading' }) ? <LoadingState label="載入試題中..." /> : null}
        {snapshot.matches({ paper: 'failure' }) ? (
          <ErrorState onRetry={() => send({ type: 'retry' })} />
        ) : null}
        {snapshot.matches({ paper: 'processing' }) ? (
          <div className="p2-alert p2-alert-info" role="status" data-testid="paper-processing">
            試題正在處理中，請稍後再試。
          </div>
        ) : null}
        {snapshot.matches({ paper: 'ready' }) ? <QuestionList questions={context.questions} /> : null}
      </main>
    );
  }

  return (
    <main className="page page-wide past-papers" data-testid="past-papers-page">
      <PageHeader title={name} back="/" backLabel="返回主頁" />
      <Tabs
        label="練習方式"
        tabs={[
          { value: 'papers', label: '試卷列表' },
          { value: 'mixed', label: '混合練習' },
        ]}
        selected={inMixed ? 'mixed' : 'papers'}
        onSelect={() => send({ type: 'mixed.toggle' })}
      />
      <Disclaimer />
      {inMixed ? (
        <MixedMode snapshot={snapshot} send={send} />
      ) : (
        <PaperList snapshot={snapshot} send={send} />
      )}
    </main>
  );
}

type Snapshot = ReturnType<typeof usePastPapers>[0];
type Send = ReturnType<typeof usePastPapers>[1];

function PaperList({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  if (snapshot.matches({ list: 'loading' })) return <LoadingState label="載入試卷中..." />;
  if (snapshot.matches({ list: 'failure' })) return <ErrorState onRetry={() => send({ type: 'retry' })} />;
  const papers = snapshot.context.papers;
  if (papers.length === 0) {
    return (
      <EmptyState title="暫無模擬試題">
        <p className="muted">管理員上載試卷後，便會在這裏顯示。</p>
        <Link className="btn" to="/">
          返回主頁
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <p className="muted">
        想按年份、篇章或題型練習？
        <Link to="/dse-mixed-practice">試試跨年份混合練習</Link>
      </p>
      <div className="grid">
        {papers.map((paper) => (
          <PaperCard key={paper.id} paper={paper} onOpen={() => send({ type: 'paper.open', paper })} />
        ))}
      </div>
    </>
  );
}

function PaperCard({ paper, onOpen }: { paper: DsePaper; onOpen: () => void }) {
  const available = paper.status === 'available';
  return (
    <article className="card pp-paper" data-testid="paper-card">
      <div className="pp-paper-year">{paper.year}</div>
      <div className="pp-paper-body">
        <h2>{paper.title}</h2>
        <span className="badge badge-seal pp-badge-form" data-testid="paper-badge">
          {paper.badge}
        </span>
        <p className="muted">
          共 {paper.questionCount} 題 ·{' '}
          <span className={available ? 'text-jade' : 'text-amber'}>{available ? '可供練習' : '準備中'}</span>
        </p>
        <button type="button" className="btn btn-primary" disabled={!available} onClick={onOpen}>
          {available ? '開始作答' : '準備中...'}
        </button>
      </div>
    </article>
  );
}

function MixedMode({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  if (snapshot.matches({ mixed: 'loading' })) return <LoadingState label="載入篩選條件中..." />;
  if (snapshot.matches({ mixed: 'failure' })) return <ErrorState onRetry={() => send({ type: 'retry' })} />;
  const { metadata, mixTypes, mixPassages, questions, notice } = snapshot.context;
  const generating = snapshot.matches({ mixed: 'generating' });
  return (
    <>
      <section className="card pp-filters">
        <CheckGroup
          title="題型（最少選一種）"
          items={(metadata?.types ?? []).map((type) => ({ value: type, label: QUESTION_TYPE_LABELS[type] }))}
          checked={mixTypes}
          onToggle={(value) => send({ type: 'mix.type.toggle', value })}
        />
        <CheckGroup
          title="篇章"
          items={(metadata?.passages ?? []).map((passage) => ({ value: passage.id, label: passage.title }))}
          checked={mixPassages}
          onToggle={(value) => send({ type: 'mix.passage.toggle', value })}
        />
        <GenerateButton
          alert={notice}
          generating={generating}
          onGenerate={() => send({ type: 'mix.generate' })}
        />
      </section>
      {generating ? <LoadingState label="正在生成練習題目..." /> : null}
      {!generating && questions.length > 0 ? <QuestionList questions={questions} /> : null}
    </>
  );
}

/** A list of paper questions, each answered and marked through the page's one answer flow. */
export function QuestionList({
  questions,
  typeLabel,
}: {
  questions: Question[];
  typeLabel?: (question: Question) => string | undefined;
}) {
  const { data: user } = useQuery(currentUserQuery);
  const answers = useAnswerSubmission();
  if (!user) return null;
  return (
    <div className="stack pp-questions">
      {questions.map((question, index) => (
        <PaperQuestion
          key={question.id}
          question={question}
          index={index}
          user={user as User}
          answers={answers}
          typeLabel={typeLabel?.(question)}
        />
      ))}
    </div>
  );
}
