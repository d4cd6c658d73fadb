import { useMemo } from 'react';
import { ReadAloudControl } from './ReadAloudControl.tsx';
import { splitSentences } from './speech.ts';
import { useReadAloud } from './useReadAloud.ts';

/** A text with its 朗讀 control: the sentence being read is highlighted (recitation's preview). */
export function ReadAloudText({ text, className }: { text: string; className?: string }) {
  const sentences = useMemo(() => splitSentences(text), [text]);
  const readAloud = useReadAloud(sentences);
  let cursor = 0;
  const pieces: React.ReactNode[] = [];
  sentences.forEach((sentence, index) => {
    if (sentence.start > cursor) pieces.push(text.slice(cursor, sentence.start));
    pieces.push(
      <span key={sentence.start} className={readAloud.reading === index ? 'is-reading' : undefined}>
        {sentence.text}
      </span>,
    );
    cursor = sentence.end;
  });
  if (cursor < text.length) pieces.push(text.slice(cursor));
  return (
    <>
      <ReadAloudControl readAloud={readAloud} sentences={sentences} />
      <p className={className} data-testid="read-aloud-text">
        {pieces}
      </p>
    </>
  );
}
