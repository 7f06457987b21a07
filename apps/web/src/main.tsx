// Styles first: the stylesheet keeps the order styles are met in, so these come before any a module brings along.
import './styles/global.css';
import './styles/shell.css';
import './styles/content.css';
import './styles/ui.css';
import './styles/ssr.css';
import './features/reading/components/reading.css';
// The reader's first pages arrive drawn by the server (ssr/render.tsx): their styles must be there at first paint.
import './styles/essay.css';
import './features/text/pages/BellesDetails/details.css';
import './features/attributions/components/attributions.css';
import './features/notes/components/notes.css';
import './features/meter/components/meter.css';
import './features/authors/pages/Author/author.css';
import './features/authors/components/workLine.css';
import './features/classify/pages/ClassifyDetails/classify.css';
import './features/discovery/pages/Leaderboard/Leaderboard.css';
import './features/discovery/pages/BestWeek/BestWeek.css';
import './features/people/components/people.css';
import './features/discovery/components/discovery.css';
import './features/discovery/pages/GlobalSearch/GlobalSearch.css';
import './features/collections/components/collections.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setMessageLoader } from './api/feedback.js';
import { applyServerState } from './api/queryClient.js';
import { isSignedIn } from './lib/session.js';
import { quietly } from './api/request.js';
import { loadTheme, pingActivity } from './features/site/index.js';
import { setNavigator } from './lib/navigation.js';
import { readLocal, STORAGE, writeLocal } from './lib/storage.js';
import { createRouter, preloadPage } from './router.js';
import { startReading } from './features/reading/index.js';
import { AppProviders } from './shell/AppProviders.js';
import { keepServerPage, takeOverServerPage } from './shell/serverPage.js';

// Toasts come with antd's message, loaded with the first one.
setMessageLoader(() => import('./components/antd/messages.js').then((m) => m.message));

// The shell restores scroll itself (top on every navigation, kept pages where they were).
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

/**
 * Lets the browser run whatever waits (input, painting) between the steps of the start, so none of them holds the
 * main thread long. A message, not a timer: pages whose clock is stopped (as in tests) still start.
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function start(): Promise<void> {
  // The page's code is fetched now, alongside the rest, rather than once the router has started.
  preloadPage(window.location.pathname);
  // Reading preferences (theme, size, 繁體…): 繁體's converter is ready before anything is drawn.
  await startReading();
  await yieldToBrowser();

  const router = createRouter();
  setNavigator((to, opts) => void router.navigate(to, opts));
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  await yieldToBrowser();

  // The server drew 首页 and a text's page as a visitor sees them, with the app's own components and answers. For a
  // visitor React takes that markup over as it is (hydration; in a transition, so in slices that leave the browser
  // free): nothing is drawn twice, and the start-up calls run without the loading mask (the reader is reading). A
  // signed-in reader's page differs (their lists leave out whom they blocked, their likes show): the app draws it
  // behind the server's copy and swaps, as on the other public pages.
  // A page the server drew in 繁體 is not taken over as it is (the app's own words are 简体 until converted).
  const zh = document.documentElement.hasAttribute('data-zh');
  if (!isSignedIn() && !zh && applyServerState()) {
    quietly(() => {
      void loadTheme();
      pingActivity();
    });
    takeOverServerPage();
    await yieldToBrowser();
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    void loadTheme();
    pingActivity();
    // Anything else the server put there (its plain markup of other public pages, or a visitor's copy for a
    // signed-in reader) stays on screen until the app has drawn its page beside it (serverPage.ts).
    createRoot(keepServerPage(root)).render(app);
  }
}

// From now on this browser has been here: its next first paint leaves out the hero (public/boot.js reads it).
if (!readLocal(STORAGE.visited)) writeLocal(STORAGE.visited, new Date().toISOString().slice(0, 10));

void start();
