import { Checkbox, Form, Input } from 'antd';
import { HIGHLIGHT_LIMITS } from '@shiju/contract/core';
import { toastSuccess } from '../../../api/index.js';
import { succeeded } from '../../../api/define.js';
import { useAddHighlight, useSetHighlightThought } from '../api/highlights.js';
import AntdScope from '../../../components/antd/AntdScope.js';
import { FormModal } from '../../../components/FormModal.js';
import type { ThoughtTarget } from './useHighlightsView.js';

interface Values {
  content: string;
  public: boolean;
}

const short = (s: string) => (s.length > 20 ? `${s.slice(0, 20)}…` : s);

function ThoughtForm({ essayId, target, onClose }: { essayId: number; target: ThoughtTarget; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const add = useAddHighlight({ onSuccess: () => toastSuccess('已划线并记下想法') });
  const set = useSetHighlightThought({ onSuccess: () => toastSuccess('想法已保存') });
  const h = 'highlight' in target ? target.highlight : null;
  const quote = h ? h.quote : 'chosen' in target ? target.chosen.quote : '';
  const submit = (v: Values) =>
    succeeded(
      h
        ? set.mutateAsync({ params: { id: h.id }, body: { content: v.content ?? '', public: !!v.public } })
        : add.mutateAsync({
            body: {
              essayId,
              ...('chosen' in target ? target.chosen : { start: 0, end: 0 }),
              thought: v.content ?? '',
              thoughtPublic: !!v.public,
            },
          }),
    );
  return (
    <FormModal<Values>
      form={form}
      title={`写想法 ·「${short(quote)}」`}
      okText="保存"
      initialValues={{ content: h?.thought ?? '', public: h?.thoughtPublic ?? false }}
      onSubmit={submit}
      onClose={onClose}
    >
      <blockquote className="thought-dialog__quote serif">{quote}</blockquote>
      <Form.Item name="content" label="想法" rules={h ? [] : [{ required: true, whitespace: true, message: '写下你的想法' }]}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={HIGHLIGHT_LIMITS.thoughtChars}
          showCount
          placeholder="此刻的感受、联想或疑问……"
        />
      </Form.Item>
      <Form.Item name="public" valuePropName="checked" extra="默认仅自己可见；公开后会显示在热门划线旁，其他读者可以看到。">
        <Checkbox>公开这条想法</Checkbox>
      </Form.Item>
    </FormModal>
  );
}

/** The 想法 form (loaded when a reader writes one). */
export default function ThoughtDialog(props: { essayId: number; target: ThoughtTarget; onClose: () => void }) {
  return (
    <AntdScope>
      <ThoughtForm {...props} />
    </AntdScope>
  );
}
