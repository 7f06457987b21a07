import { AGREEMENT_VERSION } from '@shiju/contract/core';
import { Link } from 'react-router';

/** 用户协议, versioned with AGREEMENT_VERSION: raising the version asks signed-in users to accept again. */
export default function Agreement() {
  return (
    <article className="page page--reading about legal">
      <header className="about__head">
        <h1 className="page__title">拾句用户协议</h1>
        <p className="page__lead">版本 {AGREEMENT_VERSION}，自该日起生效</p>
      </header>
      <section>
        <h2>一、协议的范围</h2>
        <p>
          本协议是你与拾句之间关于注册、登录和使用拾句（网站及其接口）的约定。注册时勾选“我已阅读并同意”即表示你接受本协议和
          <Link to="/privacy">《隐私政策》</Link>
          。协议更新后，你再次登录时会看到新版本，同意后方可继续使用需要登录的功能。
        </p>
      </section>
      <section>
        <h2>二、账号</h2>
        <p>你应妥善保管用户名和密码，不得出借、转让或出售账号。通过你的账号进行的操作视为你本人的操作。</p>
      </section>
      <section>
        <h2>三、你发布的内容</h2>
        <p>
          你对自己发布的句子、美文、评论享有著作权。发布即表示你许可拾句在本站展示、传播这些内容。引用他人作品请注明出处；不得发布违反法律法规、侵犯他人权益或含有违禁词语的内容，这类内容可能被退回审核、隐藏或删除。
        </p>
      </section>
      <section>
        <h2>四、相处的规则</h2>
        <p>
          请友善地评论与交流。遇到骚扰，你可以在对方的主页把 TA
          拉黑：被拉黑的人不能关注你、不能在你的作品下评论或回复你、也不会再给你发送通知，你也不会再在列表、信息流和评论区里看到 TA
          的作品和评论。你可以在“个人中心 → 设置 → 黑名单”中随时解除。
        </p>
      </section>
      <section>
        <h2>五、违规处理</h2>
        <p>对违反本协议的账号，拾句可以采取隐藏内容、删除评论、限期或永久封禁等措施，并在你登录时告知原因与期限。</p>
      </section>
      <section>
        <h2>六、其他</h2>
        <p>本协议适用中华人民共和国法律。对协议有疑问，可以通过“关于我们”页面的联系方式联系我们。</p>
      </section>
    </article>
  );
}
