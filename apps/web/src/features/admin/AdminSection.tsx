import type { ReactNode } from 'react';

/** One part of the administrator's page: a section named by its heading (`id` ties the two). */
export function AdminSection({
  id,
  title,
  testId,
  children,
}: {
  id: string;
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h2 className="p2-section-title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
