import { Route } from 'react-router-dom';
import { LobbyPage } from '../pages/LobbyPage.tsx';

/** Spec part 1 screens and the practice flows of part 2 (lobby, lessons, quiz, vocabulary...). */
export function part1Routes() {
  return <Route path="/" element={<LobbyPage />} />;
}
