import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { type BoundaryQuery, QueryBoundary } from './QueryBoundary.tsx';
import { EmptyState } from './states.tsx';

const query = (over: Partial<BoundaryQuery<string[]>>): BoundaryQuery<string[]> => ({
  isPending: false,
  isError: false,
  data: undefined,
  refetch: () => undefined,
  ...over,
});

const list = (data: string[]) => (
  <ul>
    {data.map((d) => (
      <li key={d}>{d}</li>
    ))}
  </ul>
);

describe('QueryBoundary', () => {
  it('shows the spinner while pending, or the screen’s own placeholder', () => {
    const html = renderToStaticMarkup(
      <QueryBoundary query={query({ isPending: true })}>{list}</QueryBoundary>,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain('載入中...');
    const own = renderToStaticMarkup(
      <QueryBoundary query={query({ isPending: true })} loading={<p>載入課文中...</p>}>
        {list}
      </QueryBoundary>,
    );
    expect(own).toBe('<p>載入課文中...</p>');
  });

  it('shows the error in Chinese with 重試, which refetches', () => {
    const refetch = vi.fn();
    const element = QueryBoundary({
      query: query({ isError: true, refetch }),
      children: list,
    }) as ReactElement<{
      message?: string;
      onRetry: () => void;
    }>;
    const html = renderToStaticMarkup(element);
    expect(html).toContain('role="alert"');
    expect(html).toContain('未能載入資料，請檢查網絡後再試。');
    expect(html).toContain('重試');
    element.props.onRetry();
    expect(refetch).toHaveBeenCalledTimes(1);
    const own = renderToStaticMarkup(
      <QueryBoundary query={query({ isError: true })} errorMessage="未能載入功課，請稍後再試。">
        {list}
      </QueryBoundary>,
    );
    expect(own).toContain('未能載入功課，請稍後再試。');
  });

  it('shows the empty state when the data is empty, else the content', () => {
    const empty = renderToStaticMarkup(
      <QueryBoundary
        query={query({ data: [] })}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState title="暫時沒有功課" />}
      >
        {list}
      </QueryBoundary>,
    );
    expect(empty).toContain('data-testid="empty-state"');
    expect(empty).toContain('暫時沒有功課');
    const shown = renderToStaticMarkup(
      <QueryBoundary query={query({ data: ['師說'] })} isEmpty={(d) => d.length === 0}>
        {list}
      </QueryBoundary>,
    );
    expect(shown).toBe('<ul><li>師說</li></ul>');
  });

  it('titles its own empty state, with a muted hint when given one', () => {
    const empty = (hint?: string) =>
      renderToStaticMarkup(
        <QueryBoundary
          query={query({ data: [] })}
          isEmpty={(d) => d.length === 0}
          emptyTitle="暫時沒有功課"
          {...(hint ? { emptyHint: hint } : {})}
        >
          {list}
        </QueryBoundary>,
      );
    expect(empty()).toBe(renderToStaticMarkup(<EmptyState title="暫時沒有功課" />));
    expect(empty('老師出功課後，會在這裏顯示。')).toBe(
      renderToStaticMarkup(
        <EmptyState title="暫時沒有功課">
          <p className="muted">老師出功課後，會在這裏顯示。</p>
        </EmptyState>,
      ),
    );
  });
});
