/**
 * /settings: dark mode and sound, kept on this device (spec part 2 bottom navigation); the review plan
 * (exam date, target recall, daily goal: issue 21), the daily reminder, class, password, privacy, account.
 */
import { useAtom } from 'jotai';
import { Link } from 'react-router-dom';
import { ChangePasswordCard } from '../../components/ChangePasswordCard.tsx';
import { PageHeader } from '../../components/page.tsx';
import { darkModeAtom, soundAtom } from '../../lib/preferences.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import './settings.css';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../../lib/current-user.ts';
import { JoinClassCard } from './JoinClassCard.tsx';
import { MyClassesCard } from './MyClassesCard.tsx';
import { PrivacyCard } from './PrivacyCard.tsx';
import { ReminderCard } from './ReminderCard.tsx';
import { ReviewSettingsCard } from './ReviewSettingsCard.tsx';
import { TeacherInvitationCard } from './TeacherInvitationCard.tsx';

function Switch({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="st-row">
      <div className="st-text">
        <label htmlFor={id} className="st-label">
          {label}
        </label>
        <p className="muted st-hint">{hint}</p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        className="st-switch"
        onClick={() => onChange(!checked)}
      >
        <span className="st-knob" />
      </button>
    </div>
  );
}

export function SettingsPage() {
  const [dark, setDark] = useAtom(darkModeAtom);
  const [sound, setSound] = useAtom(soundAtom);
  const signOut = useSignOut();
  const { data: user } = useQuery(currentUserQuery);
  return (
    <main className="page" data-testid="settings-page">
      <PageHeader title="設定" back="/" backLabel="返回主頁" />
      <section className="card st-group" aria-label="顯示及聲音">
        <Switch
          id="setting-dark"
          label="深色模式"
          hint="晚上溫習時較為護眼，設定會保存在這部裝置。"
          checked={dark}
          onChange={setDark}
        />
        <Switch
          id="setting-sound"
          label="音效"
          hint="背誦練習答對、答錯及完成時播放提示音。"
          checked={sound}
          onChange={setSound}
        />
      </section>
      {user ? <ReviewSettingsCard userId={user.id} /> : null}
      {user ? <ReminderCard userId={user.id} /> : null}
      <section className="card st-group" aria-label="班別">
        <MyClassesCard />
        <JoinClassCard />
      </section>
      {user && !user.roles.includes('teacher') && !user.roles.includes('admin') ? (
        <section className="card st-group" aria-label="教師">
          <TeacherInvitationCard />
        </section>
      ) : null}
      <section className="card st-group" aria-label="密碼">
        <ChangePasswordCard />
      </section>
      <PrivacyCard />
      <section className="card st-group" aria-label="帳戶">
        <Link className="st-link" to="/profile">
          個人檔案
        </Link>
        {user && (user.roles.includes('teacher') || user.roles.includes('admin')) ? (
          <Link className="st-link" to="/teacher">
            教師專區
          </Link>
        ) : null}
        <Link className="st-link" to="/streak">
          連續學習紀錄
        </Link>
        <button type="button" className="st-link st-logout" onClick={signOut}>
          登出
        </button>
      </section>
    </main>
  );
}
