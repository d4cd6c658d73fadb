import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { currentUserQuery } from '../../lib/current-user.ts';
import { EmptyState, Spinner } from '../states.tsx';
import './staff.css';

/** True for a user who may use the teacher pages (teachers and admins). */
export function isTeacher(roles: readonly string[]): boolean {
  return roles.includes('teacher') || roles.includes('admin');
}

/** Shows the teacher pages to teachers and admins; everyone else is told where to go instead. */
export function TeacherGate({ children }: { children: ReactNode }) {
  const user = useQuery(currentUserQuery);
  if (user.isPending) return <Spinner />;
  if (!user.data || !isTeacher(user.data.roles)) {
    return (
      <main className="page tc-page">
        <EmptyState title="此頁只供教師使用">
          <p className="muted">如需教師權限，請聯絡學校的系統管理員。</p>
          <Link className="btn" to="/">
            返回主頁
          </Link>
        </EmptyState>
      </main>
    );
  }
  return <>{children}</>;
}

/**
 * A staff screen of one class (`/teacher/class/:id…`): the gate, then the view of the class the path names.
 *
 * @example export const ClassPage = () => <TeacherClassPage view={ClassView} />;
 */
export function TeacherClassPage({ view: View }: { view: ComponentType<{ classId: string }> }) {
  const { id = '' } = useParams();
  return (
    <TeacherGate>
      <View classId={id} />
    </TeacherGate>
  );
}
