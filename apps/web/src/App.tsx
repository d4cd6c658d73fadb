import { Route, Routes } from 'react-router-dom';
import { LobbyPage } from './pages/LobbyPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

export function App() {
  return (
    <Routes>
      <Route path="/" element={<LobbyPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
