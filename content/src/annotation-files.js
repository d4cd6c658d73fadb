// The sixteen per-lesson annotation files (注釋 and 語譯), imported one by one so Node and bundlers
// (Vite) both see them. Plain JavaScript like question-files.js; index.ts parses every file.
import lesson01 from '../data/annotations/lesson-01.json' with { type: 'json' };
import lesson02 from '../data/annotations/lesson-02.json' with { type: 'json' };
import lesson03 from '../data/annotations/lesson-03.json' with { type: 'json' };
import lesson04 from '../data/annotations/lesson-04.json' with { type: 'json' };
import lesson05 from '../data/annotations/lesson-05.json' with { type: 'json' };
import lesson06 from '../data/annotations/lesson-06.json' with { type: 'json' };
import lesson07 from '../data/annotations/lesson-07.json' with { type: 'json' };
import lesson08 from '../data/annotations/lesson-08.json' with { type: 'json' };
import lesson09 from '../data/annotations/lesson-09.json' with { type: 'json' };
import lesson10 from '../data/annotations/lesson-10.json' with { type: 'json' };
import lesson11 from '../data/annotations/lesson-11.json' with { type: 'json' };
import lesson12 from '../data/annotations/lesson-12.json' with { type: 'json' };
import lesson13 from '../data/annotations/lesson-13.json' with { type: 'json' };
import lesson14 from '../data/annotations/lesson-14.json' with { type: 'json' };
import lesson15 from '../data/annotations/lesson-15.json' with { type: 'json' };
import lesson16 from '../data/annotations/lesson-16.json' with { type: 'json' };

/** The raw (unparsed) content of each lesson's annotation file, by lesson id. */
export const annotationFiles = Object.freeze({
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
