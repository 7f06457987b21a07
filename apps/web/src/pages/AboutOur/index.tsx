import { Link } from 'react-router';

/** What 拾句 is and how it works (PRODUCT §1, §6). Static text: the rules here are the product's own. */
export default function AboutOur() {
  return (
    <article className="page page--reading about">
      <header className="about__head">
        <h1 className="page__title">关于拾句</h1>
        <p className="page__lead serif">拾起散落的好句子，也写下自己的。</p>
      </header>

      <section>
        <h2>拾句是什么</h2>
        <p>
          拾句是一个读句子、品美文的地方。这里有唐诗宋词、《论语》《诗经》、《古文观止》里流传千年的文字，也有每一位用户写下的句子和文章。
        </p>
        <p>
          不登录也可以随意浏览、搜索和阅读；登录之后，你可以写句子、发美文、仿写喜欢的句子，也可以评论、喜欢、收藏、关注作者，挑选感兴趣的标签，拥有一份为你推荐的阅读清单。
        </p>
      </section>

      <section>
        <h2>排行榜怎么排</h2>
        <p>排行榜按「热度」排序。每篇作品的互动先折算成分值：</p>
        <ul>
          <li>每个喜欢 3 分，每次收藏 4 分，每条评论 2 分，每篇仿写 3 分；</li>
          <li>每次阅读 0.05 分，也就是 20 次阅读抵一个评论。</li>
        </ul>
        <p>
          热度 = （互动分 + 1）÷（发布后的小时数 + 2）<sup>1.5</sup>
          。新作品有机会冒头，时间久了热度会慢慢回落，真正好的文字靠持续的喜爱留在榜上。
        </p>
        <p>日榜、周榜、月榜只计算这段时间内发生的互动；总榜计算全部互动。</p>
      </section>

      <section>
        <h2>每周精选怎么选</h2>
        <p>
          每周一零点（北京时间），系统会把上一周（按 ISO 周计算）发布的作品里热度最高的 20
          篇定格为当周精选。编辑可以置顶或移除个别作品，并写下推荐语。往期精选会一直保留，可以在
          <Link to="/bestWeek">每周精选</Link>页按周翻阅。
        </p>
      </section>

      <section>
        <h2>内容规范</h2>
        <ul>
          <li>句子不超过 300 字，只保留纯文本；美文标题 1–50 字，正文不超过 20000 字。</li>
          <li>摘录他人的文字时，请在「出处」里注明作者与作品，例如：李白《静夜思》。</li>
          <li>正文只保留基本排版、http/https 链接和本站上传的图片，其余格式会被清理。</li>
          <li>命中敏感词的作品会先进入审核，编辑通过后才公开；广告、引战、侵权内容会被移除。</li>
          <li>请友善评论。作者可以删除自己作品下的评论，编辑可以删除任何违规内容。</li>
        </ul>
      </section>

      <section>
        <h2>联系我们</h2>
        <p>
          意见反馈、版权投诉或合作洽谈，请留意<Link to="/bulletinBoard">公告</Link>
          中编辑部发布的联系方式。涉及版权的内容，我们会在核实后第一时间处理。
        </p>
      </section>
    </article>
  );
}
