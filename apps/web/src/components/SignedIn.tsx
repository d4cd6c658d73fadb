import type { User } from '@wenyan/contracts';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../lib/current-user.ts';
import { LoadingState } from './page.tsx';

/**
 * A screen's content for the signed-in user: the spinner while the user loads, nothing when there is no
 * user (the shell shows the login page then).
 *
 * @example <SignedIn>{(user) => <Plan user={user} />}</SignedIn>
 */
export function SignedIn({ children }: { children: (user: User) => ReactNode }) {
  const user = useCurrentUser();
  if (user.isPending) return <LoadingState />;
  if (!user.data) return null;
  return children(user.data);
}
