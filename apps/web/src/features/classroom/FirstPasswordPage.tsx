/**
 * What an account a teacher made for a class sees until it sets its own password: the one-time
 * password from the slip and a new one (the sign-up page's rules). Every other call answers 403 meanwhile.
 */
import { useQueryClient } from '@tanstack/react-query';
import { ChangePasswordCard } from '../../components/ChangePasswordCard.tsx';
import { queryKeys } from '../../lib/queryKeys.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import '../../components/staff/classroom.css';

export function FirstPasswordPage() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  return (
    <main className="page" data-testid="first-password">
      <h1 className="page-title">設定你的密碼</h1>
      <section className="card">
        <p>歡迎使用文言通！請先把老師給你的臨時密碼換成你自己的密碼（最少 8 個字元），才可開始學習。</p>
        <ChangePasswordCard
          currentLabel="臨時密碼"
          onChanged={() => void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser })}
        />
      </section>
      <button type="button" className="btn btn-ghost" onClick={signOut}>
        登出
      </button>
    </main>
  );
}
