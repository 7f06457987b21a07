import { Form, Input } from 'antd';
import type { Citation } from '@shiju/contract';

/** The form fields of a structured 出处 (antd), shared by the writing form, the evidence form and the console. */
export interface CitationValues {
  work?: string;
  chapter?: string;
  edition?: string;
  page?: string;
  url?: string;
}

const HTTP = /^https?:\/\/\S+$/i;

/** The 出处 the values describe, empty parts dropped; undefined when nothing was filled in. */
export function citationOf(v: CitationValues): Citation | undefined {
  const out: Citation = {};
  for (const k of ['work', 'chapter', 'edition', 'page', 'url'] as const) {
    const s = v[k]?.trim();
    if (s) out[k] = s;
  }
  return Object.keys(out).length ? out : undefined;
}

export function CitationFields({ required, prefix }: { required?: boolean; prefix?: string[] }) {
  const name = (k: keyof CitationValues) => (prefix ? [...prefix, k] : k);
  return (
    <>
      <Form.Item
        name={name('work')}
        label="书名"
        dependencies={[name('url')]}
        rules={
          required
            ? [
                ({ getFieldValue }) => ({
                  validator: (_, value?: string) =>
                    value?.trim() || (getFieldValue(name('url')) as string | undefined)?.trim()
                      ? Promise.resolve()
                      : Promise.reject(new Error('请至少填写书名或链接')),
                }),
              ]
            : []
        }
      >
        <Input maxLength={100} placeholder="如：谭嗣同全集（不用书名号）" />
      </Form.Item>
      <div className="citation-fields__row">
        <Form.Item name={name('chapter')} label="卷次 / 篇章">
          <Input maxLength={60} placeholder="如：卷三" />
        </Form.Item>
        <Form.Item name={name('edition')} label="版本">
          <Input maxLength={60} placeholder="如：中华书局 1981" />
        </Form.Item>
        <Form.Item name={name('page')} label="页码">
          <Input maxLength={20} placeholder="如：287" />
        </Form.Item>
      </div>
      <Form.Item name={name('url')} label="链接" rules={[{ pattern: HTTP, message: '链接只能是 http:// 或 https:// 开头的网址' }]}>
        <Input maxLength={500} placeholder="https://…" inputMode="url" />
      </Form.Item>
    </>
  );
}
