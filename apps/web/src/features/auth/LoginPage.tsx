import { LOGIN_PATH } from '@wenyan/contracts/light';
import { BookIcon, PenIcon, ScrollIcon } from '../../components/icons.tsx';
import './login.css';

const FEATURES = [
  { Icon: BookIcon, title: '文言文閱讀練習', text: '十六篇指定範文，逐篇精讀與練習' },
  { Icon: PenIcon, title: '文言詞彙系統', text: '重點字詞解釋，按字頻循序漸進' },
  { Icon: ScrollIcon, title: 'DSE 模擬試題', text: '按文憑試形式編寫的模擬卷，熟習考試要求' },
] as const;

/**
 * The signed-out page (every path when signed out): a spinner while the session loads, then one button
 * that sends the browser to the server's sign-in page, and the three features.
 */
export function LoginPage({ loading = false }: { loading?: boolean }) {
  return (
    <main className="login" data-testid="login-page">
      <div className="login-card">
        <div className="login-seal seal-stamp" aria-hidden="true">
          文
        </div>
        <h1 className="login-title">文言通</h1>
        <p className="login-tagline">AI智能學習平台</p>
        {loading ? (
          <div className="login-loading" role="status" aria-live="polite">
            <div className="spinner" aria-hidden="true" />
            <span className="visually-hidden">正在確認登入狀態...</span>
          </div>
        ) : (
          <>
            <p className="login-lead">為香港中學文憑試中文科十六篇文言範文而設的學習平台。</p>
            <a className="btn btn-primary btn-block" href={LOGIN_PATH}>
              登入
            </a>
            <ul className="login-features">
              {FEATURES.map(({ Icon, title, text }) => (
                <li key={title}>
                  <span className="login-feature-icon icon-tile">
                    <Icon />
                  </span>
                  <span>
                    <strong>{title}</strong>
                    <span className="muted">{text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </main>
  );
}
