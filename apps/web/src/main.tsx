import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadTheme, pingActivity } from './lib/startup.js';
import { setNavigator } from './lib/navigation.js';
import { createRouter } from './router.js';
import { AppProviders } from './shell/AppProviders.js';
import { keepServerPage } from './shell/serverPage.js';
import './styles/global.css';
import './styles/shell.css';
import './styles/content.css';
import './styles/ssr.css';

dayjs.locale('zh-cn');
// The shell restores scroll itself (top on every navigation, kept pages where they were).
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

const router = createRouter();
setNavigator((to, opts) => void router.navigate(to, opts));

void loadTheme();
pingActivity();

const container = document.getElementById('root')!;
keepServerPage(container);
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
