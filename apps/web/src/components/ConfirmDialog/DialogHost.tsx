import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { dialogStore } from './store.js';

const AntdDialogs = lazy(() => import('./AntdDialogs.js'));

/**
 * Renders the dialogs opened through confirmDialog / promptDialog. Their code (antd's Modal) is fetched with the
 * first one and stays mounted after it, so a closing dialog finishes its animation.
 */
export function DialogHost() {
  const dialogs = useSyncExternalStore(dialogStore.subscribe, dialogStore.get, dialogStore.get);
  const [wanted, setWanted] = useState(false);
  if (!wanted && dialogs.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AntdDialogs dialogs={dialogs} remove={dialogStore.remove} />
    </Suspense>
  );
}
