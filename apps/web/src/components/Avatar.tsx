import type { User } from '@wenyan/contracts';
import { displayName } from '@wenyan/domain';

/** The avatar: the profile picture, else the first character of the display name. */
export function Avatar({ user, size = 36 }: { user: User; size?: number }) {
  const name = displayName(user);
  if (user.profileImageUrl) {
    return (
      <img className="avatar" src={user.profileImageUrl} alt="" width={size} height={size} loading="lazy" />
    );
  }
  return (
    <span className="avatar" style={{ width: size, height: size }} aria-hidden="true">
      {Array.from(name)[0] ?? '學'}
    </span>
  );
}
