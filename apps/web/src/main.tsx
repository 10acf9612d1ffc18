import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import './index.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);
// The server sends the landing page pre-rendered (decision 013): React takes over that markup
// instead of painting it again. Every other page arrives empty and is rendered here.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
