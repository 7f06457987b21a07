import { Button } from 'antd';
import { Link, useLocation } from 'react-router';

export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <div className="page page--narrow not-found">
      <p className="not-found__code serif">404</p>
      <h1 className="page__title">这一页没有找到</h1>
      <p className="page__lead">
        地址 <code>{pathname}</code> 不存在，可能是链接写错了，或者内容已经移走。
      </p>
      <blockquote className="not-found__quote serif">山重水复疑无路，柳暗花明又一村。</blockquote>
      <p className="not-found__source serif">—— 陆游《游山西村》</p>
      <div className="not-found__actions">
        <Link to="/home">
          <Button type="primary">回到首页</Button>
        </Link>
        <Link to="/classifyDetails">
          <Button>逛逛分类</Button>
        </Link>
      </div>
    </div>
  );
}
