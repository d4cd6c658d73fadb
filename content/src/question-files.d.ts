/** The raw (unparsed) content of each lesson's question file, by lesson id (see question-files.js). */
export declare const questionFiles: Readonly<Record<number, unknown>>;
