import { FlagOutlined } from '@ant-design/icons';
import { Button, Form, Input, Radio } from 'antd';
import { useState, type ReactNode } from 'react';
import { reportReasons } from 'virtual:shiju-calls';
import { api, toastSuccess } from '../api/index.js';
import { useEnsureSignedIn } from './essay/useEnsureSignedIn.js';
import { FormModal } from './FormModal.js';

type Reason = (typeof reportReasons)[number];
type TargetType = 'essay' | 'comment' | 'user';

const WHAT: Record<TargetType, string> = { essay: '这篇作品', comment: '这条评论', user: '这位用户' };
const DETAIL_MAX = 500;

interface Values {
  reason?: Reason;
  detail?: string;
}

function ReportDialog({ targetType, targetId, onClose }: { targetType: TargetType; targetId: number; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const reason = Form.useWatch('reason', form);

  const submit = async (v: Values) => {
    try {
      await api('createReport', { body: { targetType, targetId, reason: v.reason!, detail: v.detail?.trim() || undefined } });
    } catch {
      // The request layer showed why (already reported, too many reports …); the dialog stays for another try.
      return false;
    }
    toastSuccess('举报已提交，编辑会尽快处理，谢谢你');
    return true;
  };

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

/**
 * 举报 on a text, a comment or a user page: visitors are asked to sign in first; the reason list comes from the
 * contract. `children` replaces the default button (comments use a small text link).
 */
export function ReportButton({
  targetType,
  targetId,
  children,
  className,
}: {
  targetType: TargetType;
  targetId: number;
  children?: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const ensureSignedIn = useEnsureSignedIn();
  const start = async () => {
    if (await ensureSignedIn('举报')) setOpen(true);
  };
  return (
    <>
      {children ? (
        <button type="button" className={className ?? 'link-button'} onClick={() => void start()}>
          {children}
        </button>
      ) : (
        <Button type="text" icon={<FlagOutlined aria-hidden />} className={className} onClick={() => void start()}>
          举报
        </Button>
      )}
      {open ? <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
