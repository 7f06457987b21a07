import { LoadingOutlined } from '@ant-design/icons';
import { useSyncExternalStore } from 'react';
import { loadingStore } from '../api/loading.js';

/** The request layer's fullscreen mask (seed §9): dark, 加载中, fades in and out over 400 ms. */
export function LoadingMask() {
  const loading = useSyncExternalStore(loadingStore.subscribe, loadingStore.isLoading, () => false);
  return (
    <div className={loading ? 'loading-mask is-visible' : 'loading-mask'} role="status" aria-hidden={!loading}>
      <LoadingOutlined className="loading-mask__icon" spin aria-hidden />
      <span className="loading-mask__text">加载中</span>
    </div>
  );
}
