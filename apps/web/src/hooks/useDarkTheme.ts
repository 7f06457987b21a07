import { useSyncExternalStore } from 'react';

function subscribeTheme(render: () => void): () => void {
  const observer = new MutationObserver(render);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** Whether the page is in the dark theme now (for parts styled in script, such as antd's). */
export function useDarkTheme(): boolean {
  return useSyncExternalStore(
    subscribeTheme,
    () => document.documentElement.getAttribute('data-theme') === 'dark',
    () => false,
  );
}
