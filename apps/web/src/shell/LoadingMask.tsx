import { useSyncExternalStore } from 'react';
import { loadingStore } from '../api/loading.js';
import { Icon } from '../components/ui/Icon.js';
import { LoadingOutlined } from '../components/ui/icons.js';

/** The request layer's fullscreen mask (docs/rules.md#loading-mask): dark, 加载中, fades in and out over 400 ms. */
export function LoadingMask() {
  const loading = useSyncExternalStore(loadingStore.subscribe, loadingStore.isShown, () => false);
  return (
    <div className={loading ? 'loading-mask is-visible' : 'loading-mask'} role="status" aria-hidden={!loading}>
      <Icon icon={LoadingOutlined} className="loading-mask__icon" spin />
      <span className="loading-mask__text">加载中</span>
    </div>
  );
}
