/** The raw (unparsed) content of each lesson's question file and annotation file, by lesson id (see lesson-files.js). */
export declare const lessonFiles: Readonly<
  Record<number, { readonly questions: unknown; readonly annotations: unknown }>
>;
