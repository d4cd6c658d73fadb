// The sixteen lessons' own files, imported one by one so Node and bundlers (Vite) both see them: each
// lesson's question bank and its annotations (注釋 and 語譯).
// This module is plain JavaScript on purpose: content/tsconfig.json includes `data/*.json` but not
// `data/questions/*.json` or `data/annotations/*.json`, so importing these files from TypeScript fails
// `tsc -b` (TS6307). The declaration beside it types the export; index.ts parses every file anyway.
// If the tsconfig include becomes `data/**/*.json`, these imports can move into index.ts.

import annotations01 from '../data/annotations/lesson-01.json' with { type: 'json' };
import annotations02 from '../data/annotations/lesson-02.json' with { type: 'json' };
import annotations03 from '../data/annotations/lesson-03.json' with { type: 'json' };
import annotations04 from '../data/annotations/lesson-04.json' with { type: 'json' };
import annotations05 from '../data/annotations/lesson-05.json' with { type: 'json' };
import annotations06 from '../data/annotations/lesson-06.json' with { type: 'json' };
import annotations07 from '../data/annotations/lesson-07.json' with { type: 'json' };
import annotations08 from '../data/annotations/lesson-08.json' with { type: 'json' };
import annotations09 from '../data/annotations/lesson-09.json' with { type: 'json' };
import annotations10 from '../data/annotations/lesson-10.json' with { type: 'json' };
import annotations11 from '../data/annotations/lesson-11.json' with { type: 'json' };
import annotations12 from '../data/annotations/lesson-12.json' with { type: 'json' };
import annotations13 from '../data/annotations/lesson-13.json' with { type: 'json' };
import annotations14 from '../data/annotations/lesson-14.json' with { type: 'json' };
import annotations15 from '../data/annotations/lesson-15.json' with { type: 'json' };
import annotations16 from '../data/annotations/lesson-16.json' with { type: 'json' };
import questions01 from '../data/questions/lesson-01.json' with { type: 'json' };
import questions02 from '../data/questions/lesson-02.json' with { type: 'json' };
import questions03 from '../data/questions/lesson-03.json' with { type: 'json' };
import questions04 from '../data/questions/lesson-04.json' with { type: 'json' };
import questions05 from '../data/questions/lesson-05.json' with { type: 'json' };
import questions06 from '../data/questions/lesson-06.json' with { type: 'json' };
import questions07 from '../data/questions/lesson-07.json' with { type: 'json' };
import questions08 from '../data/questions/lesson-08.json' with { type: 'json' };
import questions09 from '../data/questions/lesson-09.json' with { type: 'json' };
import questions10 from '../data/questions/lesson-10.json' with { type: 'json' };
import questions11 from '../data/questions/lesson-11.json' with { type: 'json' };
import questions12 from '../data/questions/lesson-12.json' with { type: 'json' };
import questions13 from '../data/questions/lesson-13.json' with { type: 'json' };
import questions14 from '../data/questions/lesson-14.json' with { type: 'json' };
import questions15 from '../data/questions/lesson-15.json' with { type: 'json' };
import questions16 from '../data/questions/lesson-16.json' with { type: 'json' };

/** The raw (unparsed) content of each lesson's question file and annotation file, by lesson id. */
export const lessonFiles = Object.freeze({
  1: { questions: questions01, annotations: annotations01 },
  2: { questions: questions02, annotations: annotations02 },
  3: { questions: questions03, annotations: annotations03 },
  4: { questions: questions04, annotations: annotations04 },
  5: { questions: questions05, annotations: annotations05 },
  6: { questions: questions06, annotations: annotations06 },
  7: { questions: questions07, annotations: annotations07 },
  8: { questions: questions08, annotations: annotations08 },
  9: { questions: questions09, annotations: annotations09 },
  10: { questions: questions10, annotations: annotations10 },
  11: { questions: questions11, annotations: annotations11 },
  12: { questions: questions12, annotations: annotations12 },
  13: { questions: questions13, annotations: annotations13 },
  14: { questions: questions14, annotations: annotations14 },
  15: { questions: questions15, annotations: annotations15 },
  16: { questions: questions16, annotations: annotations16 },
});
