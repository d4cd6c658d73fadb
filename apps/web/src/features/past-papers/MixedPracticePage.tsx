/**
 * /dse-mixed-practice: past-paper questions across years, filtered by passage, type and year.
 */
import { MIXED_PRACTICE_COUNTS, type QuestionType } from '@wenyan/contracts';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { choicesOf, SelectField } from '../../components/fields.tsx';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../components/page.tsx';
import { QUESTION_TYPE_LABELS } from '../../lib/question-types.ts';
import { pastPaperCalls } from './api.ts';
import {
  type MixedPracticeCount,
  type MixedPracticeRequest,
  mixedPracticeMachine,
} from './mixedPracticeMachine.ts';
import { Disclaimer, QuestionList, usePapersName } from './PastPapersPage.tsx';
import './past-papers.css';

/** This page's own type labels (spec: multiple choice, fill in blank, long question). */
const MIXED_TYPE_LABELS: Partial<Record<QuestionType, string>> = {
  multiple_choice: '選擇題',
  fill_in_blank: '填空題',
  short_answer: '短答題',
  sentence_translation: '語譯',
  long_question: '長題目',
};

export function MixedPracticePage() {
  const papersName = usePapersName();
  const [machine] = useState(() =>
    mixedPracticeMachine.provide({
      actors: {
        fetchFilters: fromPromise(pastPaperCalls.mixedPracticeFilters),
        generate: fromPromise(({ input }: { input: MixedPracticeRequest }) =>
          pastPaperCalls.mixedPractice(input),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { context } = snapshot;
  const generating = snapshot.matches('generating');

  return (
    <main className="page page-wide past-papers" data-testid="mixed-practice-page">
      <PageHeader
        title={`${papersName}：跨年份混合練習`}
        back="/dse-past-papers"
        backLabel={`返回${papersName}`}
      />
      <Disclaimer />
      {snapshot.matches('loading') ? <LoadingState label="載入篩選條件中..." /> : null}
      {snapshot.matches('failure') ? <ErrorState onRetry={() => send({ type: 'retry' })} /> : null}
      {context.filters ? (
        <section className="card pp-filters" aria-label="篩選條件">
          <h2 className="rc-subtitle">篇章</h2>
          <div className="pp-checks">
            {context.filters.availableTexts.map((text) => (
              <label key={text.id} className="pp-check">
                <input
                  type="checkbox"
                  checked={context.lessonIds.includes(text.id)}
                  onChange={() => send({ type: 'filter.lesson.toggle', value: text.id })}
                />
                {text.title}
              </label>
            ))}
          </div>
          <h2 className="rc-subtitle">題型</h2>
          <div className="pp-checks">
            {context.filters.availableTypes.map((type) => (
              <label key={type} className="pp-check">
                <input
                  type="checkbox"
                  checked={context.types.includes(type)}
                  onChange={() => send({ type: 'filter.type.toggle', value: type })}
                />
                {MIXED_TYPE_LABELS[type] ?? QUESTION_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
          <h2 className="rc-subtitle">年份</h2>
          <div className="pp-checks">
            {context.filters.availableYears.map((year) => (
              <label key={year} className="pp-check">
                <input
                  type="checkbox"
                  checked={context.years.includes(year)}
                  onChange={() => send({ type: 'filter.year.toggle', value: year })}
                />
                {year}
              </label>
            ))}
          </div>
          <SelectField
            id="mixed-count"
            className="pp-count"
            label="題目數量"
            value={context.count}
            choices={choicesOf(MIXED_PRACTICE_COUNTS, (count) => `${count} 題`)}
            onChange={(value) => send({ type: 'count.set', value: Number(value) as MixedPracticeCount })}
          />
          {context.alert ? (
            <p className="p2-alert" role="alert" data-testid="mixed-alert">
              {context.alert}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={generating}
            onClick={() => send({ type: 'generate' })}
          >
            {generating ? '生成中...' : '生成練習'}
          </button>
        </section>
      ) : null}
      {generating ? <LoadingState label="正在生成練習題目..." /> : null}
      {!generating && context.generated && context.questions.length === 0 ? (
        <EmptyState title="找不到符合條件的題目">
          <p className="muted">請放寬篩選條件再試。</p>
        </EmptyState>
      ) : null}
      {!generating && context.questions.length > 0 ? (
        <>
          <h2 className="p2-section-title" data-testid="mixed-count">
            共 {context.questions.length} 題
          </h2>
          <QuestionList
            questions={context.questions}
            typeLabel={(question) => MIXED_TYPE_LABELS[question.type]}
          />
        </>
      ) : null}
    </main>
  );
}
