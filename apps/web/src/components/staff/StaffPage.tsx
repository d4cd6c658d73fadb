import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TeacherGate } from './TeacherGate.tsx';

/**
 * A teacher page behind `TeacherGate`: its title and subtitle, a link back to 我的班別 unless it is the
 * classes page itself (`home`), then the page's content.
 */
export function StaffPage({
  title,
  subtitle,
  testId,
  home = false,
  children,
}: {
  title: string;
  subtitle: string;
  testId: string;
  home?: boolean;
  children: ReactNode;
}) {
  return (
    <TeacherGate>
      <main className="page tc-page" data-testid={testId}>
        <header className="page-header">
          <div>
            <h1 className="page-title">{title}</h1>
            <p className="page-subtitle">{subtitle}</p>
          </div>
          {home ? null : (
            <Link className="btn btn-sm" to="/teacher">
              我的班別
            </Link>
          )}
        </header>
        {children}
      </main>
    </TeacherGate>
  );
}
