import type { User } from '@wenyan/contracts';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../lib/current-user.ts';
import { LoadingState } from './page.tsx';
import { QueryBoundary } from './QueryBoundary.tsx';

/**
 * A screen's content for the signed-in user: the spinner while the user loads, nothing when there is no
 * user (the shell shows the login page then). With `retryOnError`, a failed read of the user shows the
 * error with 重試 instead of nothing.
 *
 * @example <SignedIn>{(user) => <Plan user={user} />}</SignedIn>
 */
export function SignedIn({
  children,
  retryOnError = false,
}: {
  children: (user: User) => ReactNode;
  retryOnError?: boolean;
}) {
  const user = useCurrentUser();
  if (retryOnError) {
    return (
      <QueryBoundary query={user} loading={<LoadingState />}>
        {(signedIn) => signedIn && children(signedIn)}
      </QueryBoundary>
    );
  }
  if (user.isPending) return <LoadingState />;
  if (!user.data) return null;
  return children(user.data);
}
