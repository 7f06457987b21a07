import { Form, Input, Radio } from 'antd';
import { NOTE_KIND_NAMES, NOTE_MAX_CHARS, type NoteKindId } from '@shiju/contract/notes';
import { toastSuccess } from '../../../api/index.js';
import { succeeded } from '../../../api/define.js';
import { useProposeNote } from '../api/notes.js';
import AntdScope from '../../../components/antd/AntdScope.js';
import { FormModal } from '../../../components/FormModal.js';
import type { Chosen } from './selection.js';

interface Values {
  kind: NoteKindId;
  content: string;
  commentator?: string;
  whole?: boolean;
}

/** Kinds that may cover the whole text when nothing is chosen. */
const WHOLE: NoteKindId[] = ['translation', 'appreciation', 'remark'];

function ProposeForm({ essayId, chosen, onClose }: { essayId: number; chosen: Chosen | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? (chosen ? 'gloss' : 'translation');
  const propose = useProposeNote({ onSuccess: () => toastSuccess('已提交，编辑审核通过后会显示在正文旁') });
  const kinds = (Object.keys(NOTE_KIND_NAMES) as NoteKindId[]).filter((k) => chosen || WHOLE.includes(k));
  const submit = (v: Values) =>
    succeeded(
      propose.mutateAsync({
        body: {
          essayId,
          kind: v.kind,
          content: v.content,
          commentator: v.kind === 'remark' ? v.commentator : undefined,
          ...(chosen ? { start: chosen.start, end: chosen.end, quote: chosen.quote } : {}),
        },
      }),
    );
  return (
    <FormModal<Values>
      form={form}
      title={
        chosen ? `为「${chosen.quote.length > 20 ? `${chosen.quote.slice(0, 20)}…` : chosen.quote}」添加注释` : '为全文添加译文、赏析或评'
      }
      okText="提交审核"
      initialValues={{ kind: chosen ? 'gloss' : 'translation' }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="kind" label="类型">
        <Radio.Group options={kinds.map((k) => ({ value: k, label: NOTE_KIND_NAMES[k] }))} />
      </Form.Item>
      {kind === 'remark' ? (
        <Form.Item name="commentator" label="评者" rules={[{ required: true, whitespace: true, message: '请写明评者' }]}>
          <Input maxLength={40} placeholder="例如：金圣叹" />
        </Form.Item>
      ) : null}
      <Form.Item name="content" label="内容" rules={[{ required: true, whitespace: true, message: '请填写内容' }]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={NOTE_MAX_CHARS[kind]} showCount />
      </Form.Item>
      {!chosen ? <p className="notes__hint">想为某个字词作注？先在正文中选中它，再点“添加注释”。</p> : null}
    </FormModal>
  );
}

/** The proposal form (loaded when a reader proposes a note; see NotesSection). */
export default function ProposeNoteDialog(props: { essayId: number; chosen: Chosen | null; onClose: () => void }) {
  return (
    <AntdScope>
      <ProposeForm {...props} />
    </AntdScope>
  );
}
