import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from './lazyPage.js';
import { reloadForChunk } from './chunkReload.js';
import { RouterButton } from '../components/RouterButton.js';

/** Errors while rendering a page: a failed chunk reloads the page's address; anything else says sorry. */
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
      <Result
        status="warning"
        title={isChunk ? '页面加载失败' : '页面出了点问题'}
        subTitle={isChunk ? '网络可能不太稳定，请检查网络后刷新重试。' : '我们已经记下了，请刷新重试或先回到首页。'}
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>,
          <RouterButton key="home" to="/home">
            回到首页
          </RouterButton>,
        ]}
      />
    </div>
  );
}
