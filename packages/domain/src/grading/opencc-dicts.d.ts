/** OpenCC's dictionaries as `opencc-js` ships them: "from to1 to2|from to1|…" (no types of their own). */
declare module 'opencc-js/dict/*' {
  const dictionary: string;
  export default dictionary;
}
