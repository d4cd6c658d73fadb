// The sixteen per-lesson question files, imported one by one so Node and bundlers (Vite) both see them.
// This module is plain JavaScript on purpose: content/tsconfig.json includes `data/*.json` but not
// `data/questions/*.json`, so importing these files from TypeScript fails `tsc -b` (TS6307). The
// declaration beside it types the export; index.ts parses every file with QuestionSchema anyway.
// If the tsconfig include becomes `data/**/*.json`, these imports can move into index.ts.
import lesson01 from '../data/questions/lesson-01.json' with { type: 'json' };
import lesson02 from '../data/questions/lesson-02.json' with { type: 'json' };
import lesson03 from '../data/questions/lesson-03.json' with { type: 'json' };
import lesson04 from '../data/questions/lesson-04.json' with { type: 'json' };
import lesson05 from '../data/questions/lesson-05.json' with { type: 'json' };
import lesson06 from '../data/questions/lesson-06.json' with { type: 'json' };
import lesson07 from '../data/questions/lesson-07.json' with { type: 'json' };
import lesson08 from '../data/questions/lesson-08.json' with { type: 'json' };
import lesson09 from '../data/questions/lesson-09.json' with { type: 'json' };
import lesson10 from '../data/questions/lesson-10.json' with { type: 'json' };
import lesson11 from '../data/questions/lesson-11.json' with { type: 'json' };
import lesson12 from '../data/questions/lesson-12.json' with { type: 'json' };
import lesson13 from '../data/questions/lesson-13.json' with { type: 'json' };
import lesson14 from '../data/questions/lesson-14.json' with { type: 'json' };
import lesson15 from '../data/questions/lesson-15.json' with { type: 'json' };
import lesson16 from '../data/questions/lesson-16.json' with { type: 'json' };

/** The raw (unparsed) content of each lesson's question file, by lesson id. */
export const questionFiles = Object.freeze({
  1: lesson01,
  2: lesson02,
  3: lesson03,
  4: lesson04,
  5: lesson05,
  6: lesson06,
  7: lesson07,
  8: lesson08,
  9: lesson09,
  10: lesson10,
  11: lesson11,
  12: lesson12,
  13: lesson13,
  14: lesson14,
  15: lesson15,
  16: lesson16,
});
