/** Spec part 2 screens: recitation, past papers, mind maps, streak, profile, rank, error book, admin. */
export function part2Routes() {
  return null;
}
