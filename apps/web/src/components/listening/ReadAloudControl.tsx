import { useId } from 'react';
import { Options } from '../fields.tsx';
import { SPEECH_RATES } from './speech.ts';
import type { ReadAloud } from './useReadAloud.ts';
import './listening.css';

/**
 * The 朗讀 control: play or stop, the speed, and what is being read. Without a Cantonese voice it says
 * so instead of reading in another language.
 */
export function ReadAloudControl({
  readAloud,
  sentences,
}: {
  readAloud: ReadAloud;
  sentences: readonly { text: string }[];
}) {
  const rateId = useId();
  const { availability, reading } = readAloud;
  if (availability === 'unsupported' || availability === 'no-voice') {
    return (
      <p className="read-aloud-missing" data-testid="read-aloud-missing">
        {availability === 'unsupported'
          ? '此瀏覽器不支援朗讀。'
          : '此裝置沒有粵語語音，未能朗讀（不會改用普通話）。可在系統設定加入「粵語（香港）」語音。'}
      </p>
    );
  }
  const speaking = reading !== null;
  return (
    <fieldset className="read-aloud" data-testid="read-aloud">
      <legend className="visually-hidden">朗讀</legend>
      <button
        type="button"
        className={`btn btn-sm${speaking ? '' : ' btn-primary'}`}
        onClick={() => (speaking ? readAloud.stop() : readAloud.play())}
        disabled={availability === 'checking' || sentences.length === 0}
        aria-pressed={speaking}
      >
        {speaking ? '停止朗讀' : '朗讀'}
      </button>
      <label className="read-aloud-rate" htmlFor={rateId}>
        語速
        <select
          id={rateId}
          value={readAloud.rate}
          onChange={(event) => readAloud.setRate(Number(event.target.value))}
        >
          <Options choices={SPEECH_RATES.map(({ rate, label }) => ({ value: rate, label }))} />
        </select>
      </label>
      <p className="read-aloud-now" aria-live="polite" data-testid="read-aloud-now">
        {speaking ? `正在朗讀第 ${reading + 1} 句，共 ${sentences.length} 句` : ''}
      </p>
    </fieldset>
  );
}
