import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { startShell } from './lib/startup';
import { applyStoredTheme } from './lib/theme';
import { applyHeldStyles } from './boot/held-styles';
import { createAppRouter } from './router';
import { takeEarlySelection } from './features/reader/early-selection';
import './styles/tokens.css';
import './styles/base.css';
import './styles/navigation.css';
import './styles/components.css';
import './styles/overlays.css';
import './styles/screens.css';
import './styles/admin.css';
import './styles/controls.css';
import './styles/articles.css';
import './styles/explore.css';
import './styles/reader.css';
import './styles/editorial.css';
import './styles/tasks.css';

// First, before anything renders: the stored theme on <html>, so the first frame has the
// right colours. (An inline script in index.html would be earlier, but the CSP forbids it.)
applyStoredTheme();

const queryClient = createQueryClient();
const router = createAppRouter();
startShell(router, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const mount = () =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
// The server drew the article into #root (http/web-app.ts): it stays until the route's code has
// loaded and the app's styles are applied, so the first render replaces it with the same page
// rather than with a spinner.
if (root.dataset.drawn) {
  const styled = applyHeldStyles();
  const ready = router.state.initialized
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const unsubscribe = router.subscribe((state) => {
          if (!state.initialized) return;
          unsubscribe();
          resolve();
        });
      });
  void Promise.all([styled, ready]).then(() => {
    // A selection on the drawn text goes with it: kept here, put back by the reader.
    takeEarlySelection();
    mount();
  });
} else mount();
