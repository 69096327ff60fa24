import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyColorMode } from '../ui/color-mode.ts';
import { router } from './router.ts';
import '../styles.css';

// Before the first paint, so a dark system does not flash the light theme.
applyColorMode('auto');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
