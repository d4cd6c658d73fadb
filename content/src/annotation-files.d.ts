/** The raw (unparsed) content of each lesson's annotation file, by lesson id (see annotation-files.js). */
export declare const annotationFiles: Readonly<Record<number, unknown>>;
