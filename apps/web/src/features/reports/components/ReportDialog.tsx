import { Form, Input, Radio } from 'antd';
import { reportReasons } from 'virtual:shiju-calls';
import { toastSuccess } from '../../../api/index.js';
import { succeeded } from '../../../api/define.js';
import { useCreateReport } from '../api/reports.js';
import AntdScope from '../../../components/antd/AntdScope.js';
import { FormModal } from '../../../components/FormModal.js';
import type { ReportTarget } from '../api/reports.js';

type Reason = (typeof reportReasons)[number];

const WHAT: Record<ReportTarget, string> = {
  essay: '这篇作品',
  comment: '这条评论',
  user: '这位用户',
  thought: '这条想法',
  note: '这条注释',
  collection: '这个收藏夹',
  evidence: '这条出处证据',
};
const DETAIL_MAX = 500;

interface Values {
  reason?: Reason;
  detail?: string;
}

function ReportForm({ targetType, targetId, onClose }: { targetType: ReportTarget; targetId: number; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const reason = Form.useWatch('reason', form);
  const report = useCreateReport({ onSuccess: () => toastSuccess('举报已提交，编辑会尽快处理，谢谢你') });

  // On failure the request layer showed why (already reported, too many reports …); the dialog stays for another try.
  const submit = (v: Values) =>
    succeeded(report.mutateAsync({ body: { targetType, targetId, reason: v.reason!, detail: v.detail?.trim() || undefined } }));

  return (
    <FormModal<Values>
      form={form}
      title={`举报${WHAT[targetType]}`}
      okText="提交举报"
      initialValues={{}}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="reason" label="举报原因" rules={[{ required: true, message: '请选择举报原因' }]}>
        <Radio.Group className="report-reasons" options={reportReasons.map((r) => ({ value: r, label: r }))} />
      </Form.Item>
      <Form.Item
        name="detail"
        label={reason === '其他' ? '具体说明' : '补充说明（选填）'}
        rules={reason === '其他' ? [{ required: true, whitespace: true, message: '请简单说明原因' }] : []}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={DETAIL_MAX}
          showCount
          placeholder="例如：哪里有问题、原作出处链接"
        />
      </Form.Item>
    </FormModal>
  );
}

/** The report form (loaded when a reader reports something; see ReportButton). */
export default function ReportDialog(props: { targetType: ReportTarget; targetId: number; onClose: () => void }) {
  return (
    <AntdScope>
      <ReportForm {...props} />
    </AntdScope>
  );
}
