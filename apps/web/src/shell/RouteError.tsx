import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { RouterButton } from '../components/RouterButton.js';
import { Button } from '../components/ui/Button.js';
import { Icon } from '../components/ui/Icon.js';
import { WarningFilled } from '../components/ui/icons.js';
import { ChunkLoadError } from './lazyPage.js';
import { reloadForChunk } from './chunkReload.js';

/**
 * Errors while rendering a page: a failed chunk reloads the page's address; anything else says sorry. Drawn without
 * antd or any further chunk: it may show because chunks cannot be fetched.
 */
export function RouteError() {
  const error = useRouteError();
  const isChunk = error instanceof ChunkLoadError;
  const [reloading, setReloading] = useState(isChunk);

  useEffect(() => {
    if (isChunk && !reloadForChunk()) setReloading(false);
  }, [isChunk]);

  if (reloading) return null;
  return (
    <div className="page page--narrow">
      <div className="result" role="alert">
        <Icon icon={WarningFilled} className="result__icon result__icon--warning" />
        <h1 className="result__title">{isChunk ? '页面加载失败' : '页面出了点问题'}</h1>
        <p className="result__subtitle">
          {isChunk ? '网络可能不太稳定，请检查网络后刷新重试。' : '我们已经记下了，请刷新重试或先回到首页。'}
        </p>
        <div className="result__extra">
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
          <RouterButton to="/home">回到首页</RouterButton>
        </div>
      </div>
    </div>
  );
}
