import { PagePlaceholder } from '../../components/PagePlaceholder.js';
import { RequireSignIn } from '../../components/RequireSignIn.js';

export default function MyOrder() {
  return (
    <RequireSignIn what="我的订单">
      <PagePlaceholder
        title="我的订单"
        description="这里将展示会员套餐和你的订单，可以查看订单状态、继续支付或取消，也能看到会员到期时间。"
      />
    </RequireSignIn>
  );
}
