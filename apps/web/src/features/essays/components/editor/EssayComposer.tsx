import type { CallData } from '@shiju/contract';
import { CitationFields, citationOf, type CitationValues } from '../../../attributions/index.js';
import { Alert, Button, Form, Input, Radio, Segmented, Select } from 'antd';
import { plainOf } from '@shiju/contract/anchors';
import { useRef, useState, type ReactNode } from 'react';
import { toastSuccess } from '../../../../api/index.js';
import { useSaveEssay, useWithdrawEssay, type EssayWriteBody } from '../../api/essays.js';
import { confirmDialog } from '../../../../components/ConfirmDialog/index.js';
import { useClassifications } from '../../../classifications/index.js';
import { charCount, LIMITS } from '../../../../lib/limits.js';
import { CoverUpload } from './CoverUpload.js';
import { DuplicateHint } from './DuplicateHint.js';
import { RichTextEditor } from './RichTextEditor.js';
import { TagPicker } from './TagPicker.js';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard.js';
import '../../../../styles/essay.css';

export type EssayForm = CallData<'essayForm'>;
type EssayType = EssayForm['type'];
type WriteBody = EssayWriteBody;
export type SaveIntent = WriteBody['status'];

/** 原创 (the writer's own words, credited to them) or 摘录 (a quote, credited to its author or 佚名). */
type Kind = 'original' | 'quote';

interface Values {
  type: EssayType;
  kind: Kind;
  title?: string;
  sentence?: string;
  html?: string;
  /** 美文's free source line (转载或摘录时注明出处). */
  source?: string;
  /** A quoted sentence's 作者 and 出处 (the work, without 《》): the source line is written from them. */
  workAuthor?: string;
  workTitle?: string;
  /** A quote's structured 出处 (work, chapter, edition, page, link). */
  citation?: CitationValues;
  cover?: string | null;
  classificationId?: number;
  tagIds?: number[];
}

export interface EssayComposerProps {
  /** An own essay to edit (from app/essay/{id}/form). */
  initial?: EssayForm;
  /** Starting values of a new text. */
  defaults?: Partial<Pick<Values, 'type' | 'classificationId' | 'tagIds'>>;
  /** The original this text imitates. */
  imitateOf?: number;
  /** A 每周仿写 this text enters (its original is `imitateOf`): the first save goes through the challenge. */
  challengeId?: number;
  /** Fix the type and hide the sentence/essay switch. */
  lockType?: EssayType;
  /** After the server accepted a save; `form.status` tells published from pending or draft. */
  onSaved: (form: EssayForm, intent: SaveIntent) => void;
  /** Drawn under the text, given the draft's plain text as typed (the 仿写 coach). */
  beside?: (draft: string) => ReactNode;
}

const KINDS: Array<{ value: Kind; label: string }> = [
  { value: 'original', label: '原创' },
  { value: 'quote', label: '摘录' },
];

const TYPES: Array<{ value: EssayType; label: string }> = [
  { value: 'sentence', label: '句子' },
  { value: 'essay', label: '美文' },
];

/** antd's counter, counting characters as the server does (code points). */
const counter = (max: number) => ({ show: true, max, strategy: charCount });

/** 作者 and 出处 are names: the source line adds the 《》 itself. */
const noTitleMarks = async (_rule: unknown, value?: string) => {
  if (value && /[《》]/.test(value)) throw new Error('不用填写书名号《》');
};

/**
 * What a sentence's write sends for its quote: 作者 and 出处, and the stored source line while they are as loaded
 * (so a line such as 李白《静夜思》（节选） survives an edit that leaves them alone).
 */
function quoteBody(v: Values, initial: EssayForm | undefined): Pick<WriteBody, 'workAuthor' | 'workTitle' | 'source'> {
  const workAuthor = v.workAuthor?.trim() || undefined;
  const workTitle = v.workTitle?.trim() || undefined;
  const unchanged = !!initial?.source && (initial.workAuthor ?? undefined) === workAuthor && (initial.workTitle ?? undefined) === workTitle;
  return { workAuthor, workTitle, source: unchanged ? initial.source! : undefined };
}

/** A form rule: at most `max` characters (trimmed, counted as the server does). */
const maxChars = (max: number, label: string) => async (_rule: unknown, value?: string) => {
  if (value && charCount(value.trim()) > max) throw new Error(`${label}最多 ${max} 字`);
};

interface QuoteFieldProps {
  name: 'workAuthor' | 'workTitle';
  /** The field's name as the label and the length message say it (the label adds 选填). */
  label: string;
  hint: string;
  placeholder: string;
  max: number;
}

/** One of a quoted sentence's optional 作者 / 出处 fields: a name without 《》, at most `max` characters. */
function QuoteField({ name, label, hint, placeholder, max }: QuoteFieldProps) {
  return (
    <Form.Item
      name={name}
      label={`${label}（选填）`}
      extra={hint}
      rules={[{ validator: noTitleMarks }, { validator: maxChars(max, label) }]}
    >
      <Input placeholder={placeholder} count={counter(max)} maxLength={max} />
    </Form.Item>
  );
}

/** 详细出处: the book, chapter, edition, page and a link, folded away until the writer opens it. */
function CitationBlock() {
  return (
    <details className="composer__citation">
      <summary>详细出处（选填：书名、卷次、版本、页码、链接）</summary>
      <CitationFields prefix={['citation']} />
    </details>
  );
}

function valuesOf(initial: EssayForm | undefined, defaults: EssayComposerProps['defaults'], lockType?: EssayType): Values {
  if (initial) {
    return {
      type: initial.type,
      kind: initial.original ? 'original' : 'quote',
      title: initial.title ?? '',
      sentence: initial.type === 'sentence' ? initial.content : '',
      html: initial.type === 'essay' ? initial.content : '',
      source: initial.source ?? '',
      workAuthor: initial.workAuthor ?? '',
      workTitle: initial.workTitle ?? '',
      citation: initial.citation ?? {},
      cover: initial.cover,
      classificationId: initial.classificationId ?? undefined,
      tagIds: initial.tagIds,
    };
  }
  return {
    type: lockType ?? defaults?.type ?? 'sentence',
    kind: 'original',
    classificationId: defaults?.classificationId,
    tagIds: defaults?.tagIds ?? [],
  };
}

const COMPARED = ['type', 'kind', 'title', 'sentence', 'html', 'source', 'workAuthor', 'workTitle', 'cover', 'classificationId'] as const;

/** Whether two states of the form say the same (an empty field is empty whether '', null or not yet there). */
function sameValues(a: Partial<Values>, b: Partial<Values>): boolean {
  const plain = (v: unknown) => v ?? '';
  const ids = (v: number[] | undefined) => [...(v ?? [])].sort((x, y) => x - y).join(',');
  const cited = (v: CitationValues | undefined) => JSON.stringify(citationOf(v ?? {}) ?? {});
  return COMPARED.every((k) => plain(a[k]) === plain(b[k])) && ids(a.tagIds) === ids(b.tagIds) && cited(a.citation) === cited(b.citation);
}

/**
 * The writing form shared by /editorialEssay and /imitative: a sentence (plain text ≤ 300, source) or an
 * essay (title ≤ 50, rich text ≤ 20,000, cover), classification and tags, 保存草稿 / 发布. Limits show
 * while typing; leaving with unsaved changes asks first.
 */
export function EssayComposer({ initial, defaults, imitateOf, challengeId, lockType, onSaved, beside }: EssayComposerProps) {
  const [form] = Form.useForm<Values>();
  const [start] = useState(() => valuesOf(initial, defaults, lockType));
  const type = Form.useWatch('type', form) ?? start.type;
  const kind = Form.useWatch('kind', form) ?? start.kind;
  const classificationId = Form.useWatch('classificationId', form);
  const workAuthor = Form.useWatch('workAuthor', form);
  const workTitle = Form.useWatch('workTitle', form);
  const sentence = Form.useWatch('sentence', form) ?? start.sentence;
  const html = Form.useWatch('html', form) ?? start.html;
  const classifications = useClassifications();
  const [savedId, setSavedId] = useState<number | undefined>(initial?.id);
  const [dirty, setDirty] = useState(false);
  /** The values the writer started from, or last saved: the form is dirty only while it differs from them. */
  const baseline = useRef<Values>(start);
  const essayChars = useRef(0);
  const guard = useUnsavedChangesGuard(dirty);
  // On failure the request layer shows why (e.g. 请求参数错误：title …) and the text stays as it is.
  const saveEssay = useSaveEssay({
    onSuccess: (saved, { body }) => {
      setSavedId(saved.id);
      baseline.current = form.getFieldsValue(true);
      setDirty(false);
      guard.release();
      onSaved(saved, body.status);
    },
  });
  // The answer, the text as a draft, becomes the cached form: the page redraws this form with a draft's buttons.
  const withdrawEssay = useWithdrawEssay({
    onSuccess: () => {
      baseline.current = form.getFieldsValue(true);
      setDirty(false);
      guard.release();
      toastSuccess('已撤回到草稿');
    },
  });
  const saving = saveEssay.isPending ? saveEssay.variables.body.status : null;
  // Saving a published text updates it in place (the server keeps it public); leaving the site is 撤回, asked apart.
  const published = initial?.status === 'published';
  const hidden = initial?.status === 'hidden';

  const withdraw = async () => {
    if (!savedId) return;
    const action = await confirmDialog({
      title: '撤回到草稿？',
      content: `撤回后这篇作品会从首页、分类、排行和搜索中消失，别人打开链接会看到“内容不存在”；它回到你的草稿箱，阅读、喜欢、收藏和评论都会保留，重新发布后恢复显示。${dirty ? '还没保存的修改不会被保存。' : ''}`,
      okText: '撤回到草稿',
      cancelText: '取消',
      danger: true,
    });
    if (action === 'confirm') withdrawEssay.mutate({ params: { id: savedId } });
  };

  const save = async (intent: SaveIntent) => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body: WriteBody = {
      type: v.type,
      title: v.type === 'essay' ? v.title?.trim() : undefined,
      content: (v.type === 'essay' ? v.html : v.sentence) ?? '',
      // 原创 sends no author, work or source line; 摘录 sends what the writer named (no author: 佚名).
      original: v.kind === 'original',
      ...(v.kind === 'original' ? {} : v.type === 'essay' ? { source: v.source?.trim() || undefined } : quoteBody(v, initial)),
      ...(v.kind === 'quote' ? { citation: citationOf(v.citation ?? {}) ?? {} } : {}),
      cover: v.type === 'essay' ? v.cover || undefined : undefined,
      classificationId: v.classificationId!,
      tagIds: v.tagIds ?? [],
      imitateOf: imitateOf ?? initial?.imitateOf ?? undefined,
      status: intent,
    };
    saveEssay.mutate({ id: savedId, body, challengeId });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="composer panel"
      initialValues={start}
      onValuesChange={(_, all) => setDirty(!sameValues(all, baseline.current))}
      requiredMark={false}
      disabled={hidden}
    >
      {initial?.status === 'rejected' ? (
        <Alert
          type="warning"
          showIcon
          className="composer__notice"
          title="这篇作品没有通过审核"
          description={`原因：${initial.statusReason ?? '未说明'}。修改后可以重新发布，编辑会再次审核。`}
        />
      ) : hidden ? (
        <Alert
          type="error"
          showIcon
          className="composer__notice"
          title="这篇作品已被编辑隐藏"
          description={`原因：${initial.statusReason ?? '违反社区规范'}。被隐藏的作品不能编辑或重新发布，如有疑问请联系编辑。`}
        />
      ) : published ? (
        <Alert
          type="info"
          showIcon
          className="composer__notice"
          title="这篇作品已发布"
          description="保存修改后它仍然公开，阅读、喜欢和评论都会保留；如果想暂时下线，可以撤回到草稿。"
        />
      ) : null}
      <Form.Item name="type" hidden={!!lockType || !!initial} label="类型">
        <Segmented<EssayType> options={TYPES} />
      </Form.Item>
      <Form.Item
        name="kind"
        label="原创还是摘录"
        extra={kind === 'quote' ? '摘录会署原作者的名字（不填作者则署“佚名”），你作为分享者列在下方' : '原创作品署你的名字'}
      >
        <Radio.Group options={KINDS} optionType="button" className="composer__kind" />
      </Form.Item>

      {type === 'sentence' ? (
        <>
          <Form.Item
            name="sentence"
            label="句子"
            rules={[{ required: true, whitespace: true, message: '写下一句话吧' }, { validator: maxChars(LIMITS.sentenceChars, '句子') }]}
          >
            <Input.TextArea
              className="composer__sentence serif"
              autoSize={{ minRows: 4, maxRows: 10 }}
              placeholder="写下打动你的一句话…"
              count={counter(LIMITS.sentenceChars)}
            />
          </Form.Item>
          <DuplicateHint type="sentence" content={sentence ?? ''} excludeId={savedId} />
          {kind === 'quote' ? (
            <div className="composer__row composer__quote">
              <QuoteField
                name="workAuthor"
                label="作者"
                hint="摘录别人的句子时填写，如：李白、鲁迅"
                placeholder="谁写的"
                max={LIMITS.workAuthorChars}
              />
              <QuoteField
                name="workTitle"
                label="出处"
                hint="作品名，不用加书名号，如：静夜思、故乡、海上钢琴师"
                placeholder="出自哪部作品"
                max={LIMITS.workTitleChars}
              />
            </div>
          ) : null}
          {kind === 'quote' ? <CitationBlock /> : null}
        </>
      ) : (
        <>
          <Form.Item
            name="title"
            label="标题"
            rules={[
              { required: true, whitespace: true, message: '美文需要一个标题' },
              { validator: maxChars(LIMITS.essayTitleChars, '标题') },
            ]}
          >
            <Input className="composer__title serif" placeholder="给文章起个标题" count={counter(LIMITS.essayTitleChars)} />
          </Form.Item>
          <Form.Item
            name="html"
            label="正文"
            rules={[
              { required: true, message: '正文还是空的' },
              {
                validator: async () => {
                  if (essayChars.current > LIMITS.essayContentChars) throw new Error(`正文最多 ${LIMITS.essayContentChars} 字`);
                },
              },
            ]}
            valuePropName="value"
            getValueFromEvent={(html: string, chars: number) => {
              essayChars.current = chars;
              return html;
            }}
          >
            <RichTextEditor value={start.html ?? ''} onChange={() => undefined} />
          </Form.Item>
          <DuplicateHint type="essay" content={html ?? ''} excludeId={savedId} />
          <Form.Item name="cover" label="封面（选填）">
            <CoverUpload />
          </Form.Item>
          {kind === 'quote' ? (
            <Form.Item name="source" label="出处（选填）">
              <Input placeholder="转载或摘录时注明出处" count={counter(LIMITS.sourceChars)} maxLength={LIMITS.sourceChars} />
            </Form.Item>
          ) : null}
          {kind === 'quote' ? <CitationBlock /> : null}
        </>
      )}

      {beside ? beside(type === 'sentence' ? (sentence ?? '') : plainOf(html ?? '', true)) : null}

      <div className="composer__row">
        <Form.Item
          name="classificationId"
          label="分类"
          rules={[{ required: true, message: '请选择分类' }]}
          className="composer__classification"
        >
          <Select
            placeholder="选择分类"
            loading={classifications.isPending}
            options={(classifications.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={() => form.setFieldValue('tagIds', [])}
            aria-label="分类"
          />
        </Form.Item>
        <Form.Item name="tagIds" label="标签" className="composer__tags">
          <TagPicker
            classificationId={classificationId}
            quote={type === 'sentence' && kind === 'quote' ? { workAuthor, workTitle } : {}}
            known={initial?.tags}
            onDropStale={(ids) => {
              // Tags the page started with that this text cannot carry (an original's collection tags on its
              // imitation) leave the starting values too: dropping them is not the writer's change.
              baseline.current = { ...baseline.current, tagIds: (baseline.current.tagIds ?? []).filter((id) => !ids.includes(id)) };
            }}
          />
        </Form.Item>
      </div>

      <div className="composer__actions">
        <span className="composer__state">{dirty ? '有未保存的修改' : savedId ? '已保存' : ''}</span>
        {published ? (
          <Button danger onClick={() => void withdraw()} disabled={saving !== null}>
            撤回到草稿
          </Button>
        ) : (
          <Button onClick={() => void save('draft')} loading={saving === 'draft'} disabled={saving !== null}>
            保存草稿
          </Button>
        )}
        <Button type="primary" onClick={() => void save('publish')} loading={saving === 'publish'} disabled={saving !== null}>
          {published ? '保存修改' : '发布'}
        </Button>
      </div>
    </Form>
  );
}
