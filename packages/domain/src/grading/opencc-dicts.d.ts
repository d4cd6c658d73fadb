/** OpenCC's dictionaries as `opencc-js` ships them: "from to1 to2|from to1|…" (no types of their own). */
declare module 'opencc-js/dict/*' {
  const dictionary: string;
  export default dictionary;
}

/** The CJK decomposition data `hanzi` ships ("困:s(囗,木)" a line), as one string. */
declare module 'hanzi/lib/data/cjk-decomp.txt.js' {
  const data: string;
  export default data;
}
