import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { openQueries } from '../../../essays/index.js';
import { Button } from '../../../../components/ui/Button.js';
import { reopenTour } from '../../../../lib/tour.js';

/** The random-sentence call at the site's address (the server's page names the address it was drawn for). */
const endpointAt = (origin: string) => `${origin}/api/v1/open/sentence`;

const scriptExample = (endpoint: string) => `<p id="quote">正在拾取一句……</p>
<script src="${endpoint}?encode=js&select=%23quote"></script>`;

const fetchExample = (endpoint: string) => `<p id="quote"></p>
<p><a id="quote-source" target="_blank" rel="noopener"></a></p>
<script>
  (async () => {
    const url = new URL('${endpoint}');
    url.searchParams.set('maxLength', '60');
    // 带上上次返回的 token，拾句就不会重复给出最近看过的句子
    const token = localStorage.getItem('shiju-token');
    if (token) url.searchParams.set('token', token);
    const res = await fetch(url);
    const { code, msg, data } = await res.json();
    if (code !== '00000') {
      console.warn('拾句：', msg);
      return;
    }
    localStorage.setItem('shiju-token', data.token);
    document.getElementById('quote').textContent = data.text;
    const source = document.getElementById('quote-source');
    source.textContent = data.source ? '—— ' + data.source : '—— 拾句';
    source.href = data.link;
  })();
</script>`;

/** Scrolls to the element the URL's hash names (e.g. /aboutOur#api) once the page has rendered. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}

/** What 拾句 is and how it works (docs/rules.md#the-product, docs/rules.md#ranked-order). Static text: the rules here are the product's own. */
export default function AboutOur() {
  useScrollToHash();
  const endpoint = endpointAt(useQuery(openQueries.origin()).data ?? '');
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
        <h2>第一次来？</h2>
        <p>页面顶部有分类、排行榜、搜索和写句子。想再看一遍介绍，可以重新打开新手引导。</p>
        <Button onClick={reopenTour}>重新查看新手引导</Button>
      </section>

      <section>
        <h2>排行榜怎么排</h2>
        <p>排行榜按“热度”排序。每篇作品的互动先折算成分值：</p>
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
          <li>摘录他人的文字时，请在“出处”里注明作者与作品，例如：李白《静夜思》。</li>
          <li>正文只保留基本排版、http/https 链接和本站上传的图片，其余格式会被清理。</li>
          <li>命中敏感词的作品会先进入审核，编辑通过后才公开；广告、引战、侵权内容会被移除。</li>
          <li>请友善评论。作者可以删除自己作品下的评论，编辑可以删除任何违规内容。</li>
        </ul>
      </section>

      <section id="api" className="about__api">
        <h2>开发者：随机一句接口</h2>
        <p>拾句开放了一个免登录的接口，每次随机返回一句已发布的句子，可以放进博客侧栏、个人主页或任何网页。首页的“随机一句”用的就是它。</p>
        <p>
          地址：<code>GET {endpoint}</code>
        </p>
        <h3>可选参数</h3>
        <ul>
          <li>
            <code>classificationId</code>：只从某个分类里抽取；<code>tagId</code>：只从带某个标签的句子里抽取。
          </li>
          <li>
            <code>minLength</code>、<code>maxLength</code>：按字数筛选（1–300），最短不能大于最长。
          </li>
          <li>
            <code>author</code>：按作者筛选，例如 <code>author=李白</code>。
          </li>
          <li>
            <code>encode</code>：返回格式。<code>json</code>（默认）返回完整信息；<code>text</code> 只返回句子纯文本；
            <code>js</code> 返回一段脚本，把句子写进页面上的元素。
          </li>
          <li>
            <code>select</code>：<code>encode=js</code> 时要写入的元素，是一个简单的 CSS 选择器，默认 <code>.shiju-sentence</code>
            。写在网址里时 <code>#</code> 要写成 <code>%23</code>。
          </li>
          <li>
            <code>token</code>：避免重复。在拾句站内，我们靠 Cookie 记住你最近看过的 200 句，不会重复给出；外站嵌入没有
            Cookie，请把上一次返回的 <code>token</code> 原样带回来，效果相同。
          </li>
        </ul>
        <h3>返回内容</h3>
        <p>
          所有 JSON 回答都是 <code>{'{ code, msg, data }'}</code> 的形式，<code>code</code> 为 <code>00000</code> 表示成功。
          <code>data</code> 里有句子 <code>id</code>、正文 <code>text</code>、作者 <code>author</code>、出处 <code>source</code>（如
          李白《静夜思》）、分类 <code>classification</code>、标签 <code>tags</code>、字数 <code>length</code>、这句话在拾句上的页面{' '}
          <code>link</code>，以及下次请求要带上的 <code>token</code>。
        </p>
        <p>
          出错时同样返回 <code>{'{ code, msg, data }'}</code>：参数不正确为 <code>A0400</code>（<code>msg</code>{' '}
          会说明是哪个参数），没有符合条件的句子为 <code>A0404</code>，请求过于频繁为 <code>A0501</code>。
        </p>
        <h3>跨域与频率限制</h3>
        <ul>
          <li>
            接口允许任何网站跨域调用（<code>Access-Control-Allow-Origin: *</code>，不携带 Cookie），浏览器里直接 <code>fetch</code> 即可。
          </li>
          <li>
            每个 IP 每分钟最多 120 次。响应头 <code>RateLimit-Limit</code>、<code>RateLimit-Remaining</code>、<code>RateLimit-Reset</code>{' '}
            告诉你额度还剩多少、多久后恢复；超出后返回 HTTP 429，并带上 <code>Retry-After</code>。
          </li>
        </ul>
        <h3>放进博客：一行脚本</h3>
        <p>把下面两行贴到页面里，每次打开页面，段落里就会换上一句：</p>
        <pre className="about__code">
          <code>{scriptExample(endpoint)}</code>
        </pre>
        <h3>放进博客：自己排版</h3>
        <p>想显示出处、链接回原句，或者不想重复，可以用 fetch 取 JSON，并把 token 存在 localStorage 里：</p>
        <pre className="about__code">
          <code>{fetchExample(endpoint)}</code>
        </pre>
        <p>
          完整的接口说明见 <a href="/api/docs">接口文档</a>。使用时请保留出处，并链接回拾句上的原句。
        </p>
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
