import { AGREEMENT_VERSION, DELETION_COOLING_OFF_DAYS } from '@shiju/contract/core';
import { Link } from 'react-router';

/** 隐私政策, versioned together with the user agreement (AGREEMENT_VERSION). */
export default function Privacy() {
  return (
    <article className="page page--reading about legal">
      <header className="about__head">
        <h1 className="page__title">拾句隐私政策</h1>
        <p className="page__lead">版本 {AGREEMENT_VERSION}，自该日起生效</p>
      </header>
      <section>
        <h2>一、我们收集哪些信息</h2>
        <ul>
          <li>注册信息：用户名、密码（只保存不可逆的哈希值）、昵称，以及你同意本政策的版本和时间；</li>
          <li>你主动填写或发布的内容：头像、个人简介、作品、评论、喜欢、收藏、关注、拉黑、兴趣标签和订单；</li>
          <li>登录信息：登录令牌（只保存哈希值）、登录时间、IP 地址和浏览器标识，用于保障账号安全和限制频繁请求；</li>
          <li>阅读记录：为统计阅读数，每小时对同一读者去重，不对外展示。</li>
        </ul>
      </section>
      <section>
        <h2>二、我们如何使用</h2>
        <p>
          上述信息只用于提供拾句的功能：展示你的作品与主页、生成“为你推荐”和“关注”信息流、发送站内通知、处理订单和保障安全。我们不出售你的个人信息，也不向第三方提供，法律法规另有规定的除外。
        </p>
      </section>
      <section>
        <h2>三、你的权利</h2>
        <ul>
          <li>在“个人中心 → 设置”中修改资料、密码，以及喜欢和收藏是否公开；</li>
          <li>拉黑不想见到的人，并随时管理黑名单；</li>
          <li>在“个人中心 → 设置”中下载个人数据副本：资料、作品（HTML 与 Markdown）、评论、喜欢、收藏、关注、黑名单、兴趣和订单；</li>
          <li>
            在“个人中心 → 设置”中申请注销账号：有 {DELETION_COOLING_OFF_DAYS}{' '}
            天冷静期，期间可以撤销；到期后你的资料、登录信息、喜欢、收藏、关注、兴趣、黑名单和通知被删除，作品和评论按你的选择一并删除或以“已注销用户”的名义保留。订单作为交易记录依法保留，但不再与可识别的个人关联；
          </li>
          <li>政策更新时，你会在登录后看到新版本并可以选择是否同意。</li>
        </ul>
      </section>
      <section>
        <h2>四、保存与安全</h2>
        <p>
          数据保存在中华人民共和国境内的服务器上。密码和登录令牌只以哈希形式保存；传输和访问受到严格限制。更多使用规则见
          <Link to="/agreement">《用户协议》</Link>。
        </p>
      </section>
    </article>
  );
}
