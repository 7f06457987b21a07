import { Form, Input, Radio } from 'antd';
import { ATTRIBUTION_LIMITS } from '@shiju/contract/core';
import { toastSuccess } from '../../../api/index.js';
import { succeeded } from '../../../api/define.js';
import { useAddEvidence } from '../api/attributions.js';
import AntdScope from '../../../components/antd/AntdScope.js';
import { FormModal } from '../../../components/FormModal.js';
import { CitationFields, citationOf, type CitationValues } from './CitationFields.js';

interface Values extends CitationValues {
  stance: 'for' | 'against';
  note?: string;
}

function EvidenceForm({ essayId, onClose }: { essayId: number; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const add = useAddEvidence({ onSuccess: () => toastSuccess('证据已提交，编辑会核查') });
  const submit = (v: Values) =>
    succeeded(add.mutateAsync({ body: { essayId, stance: v.stance, source: citationOf(v) ?? {}, note: v.note?.trim() ?? '' } }));
  return (
    <FormModal<Values> form={form} title="提交出处证据" okText="提交" initialValues={{ stance: 'for' }} onSubmit={submit} onClose={onClose}>
      <Form.Item name="stance" label="这条证据">
        <Radio.Group
          options={[
            { value: 'for', label: '支持现在的署名' },
            { value: 'against', label: '质疑现在的署名' },
          ]}
        />
      </Form.Item>
      <CitationFields required />
      <Form.Item name="note" label="说明" rules={[{ required: true, whitespace: true, message: '请说明这条出处如何支持或质疑署名' }]}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={ATTRIBUTION_LIMITS.noteChars}
          showCount
          placeholder="例如：初刊于某书某卷，原文作……"
        />
      </Form.Item>
    </FormModal>
  );
}

/** The evidence form (loaded when a reader adds evidence; see AttributionPanel). */
export default function EvidenceDialog(props: { essayId: number; onClose: () => void }) {
  return (
    <AntdScope>
      <EvidenceForm {...props} />
    </AntdScope>
  );
}
