import { Result } from 'antd';
import { RouterButton } from '../../../../components/RouterButton.js';
import AntdScope from '../../../../components/antd/AntdScope.js';

/** A text that does not exist or is not published (loaded only then: antd's Result and its 404 picture). */
export default function MissingText() {
  return (
    <AntdScope>
      <Result
        status="404"
        title="这段文字不存在或尚未发布"
        subTitle="它可能已被作者删除，或者还在审核中。去看看别的好句子吧。"
        extra={
          <RouterButton to="/home" type="primary">
            回到首页
          </RouterButton>
        }
      />
    </AntdScope>
  );
}
