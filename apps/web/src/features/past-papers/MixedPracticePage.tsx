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
import { CheckGroup, GenerateButton } from './filters.tsx';
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
          <CheckGroup
            title="篇章"
            items={context.filters.availableTexts.map((text) => ({ value: text.id, label: text.title }))}
            checked={context.lessonIds}
            onToggle={(value) => send({ type: 'filter.lesson.toggle', value })}
          />
          <CheckGroup
            title="題型"
            items={context.filters.availableTypes.map((type) => ({
              value: type,
              label: MIXED_TYPE_LABELS[type] ?? QUESTION_TYPE_LABELS[type],
            }))}
            checked={context.types}
            onToggle={(value) => send({ type: 'filter.type.toggle', value })}
          />
          <CheckGroup
            title="年份"
            items={context.filters.availableYears.map((year) => ({ value: year, label: year }))}
            checked={context.years}
            onToggle={(value) => send({ type: 'filter.year.toggle', value })}
          />
          <SelectField
            id="mixed-count"
            className="pp-count"
            label="題目數量"
            value={context.count}
            choices={choicesOf(MIXED_PRACTICE_COUNTS, (count) => `${count} 題`)}
            onChange={(value) => send({ type: 'count.set', value: Number(value) as MixedPracticeCount })}
          />
          <GenerateButton
            alert={context.alert}
            alertTestId="mixed-alert"
            generating={generating}
            onGenerate={() => send({ type: 'generate' })}
          />
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
