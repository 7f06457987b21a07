import type { CallData } from '@shiju/contract';
import { Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { AdminRow } from '../../api/admin.js';
import { Highlight } from '../../../discovery/index.js';
import { essayHref, userHref } from '../../../../lib/links.js';
import { formatDateTime } from '../../../../lib/format.js';
import { plainText } from './shared.js';

export type AdminEssay = AdminRow<'adminEssaysPage'>;
type EssayStatus = CallData<'adminEssaysPage'>['list'][number]['status'];

export const ESSAY_STATUS: Record<EssayStatus, { label: string; color: string }> = {
  draft: { label: '草稿', color: 'default' },
  pending: { label: '待审核', color: 'gold' },
  published: { label: '已发布', color: 'green' },
  rejected: { label: '已驳回', color: 'red' },
  hidden: { label: '已隐藏', color: 'volcano' },
  deleted: { label: '已删除', color: 'default' },
};

export const ESSAY_STATUS_OPTIONS = (Object.keys(ESSAY_STATUS) as EssayStatus[]).map((value) => ({
  value,
  label: ESSAY_STATUS[value].label,
}));

export const ESSAY_TYPE_OPTIONS = [
  { value: 'sentence' as const, label: '句子' },
  { value: 'essay' as const, label: '美文' },
];

/** Why an editor would stop a text, offered with one click in the reject and hide dialogs. */
export const MODERATION_REASONS = ['含有敏感或违规内容', '广告或引流信息', '内容低俗', '涉嫌抄袭', '与分类不符'] as const;

export function EssayStatusTag({ status }: { status: EssayStatus }) {
  const s = ESSAY_STATUS[status];
  return <Tag color={s.color}>{s.label}</Tag>;
}

/** Why a pending text waits: the words that held it, a resubmission after a rejection (and why), open reports. */
function WaitReasons({ essay }: { essay: AdminEssay }) {
  const reasons = [
    essay.sensitiveWords.length ? `含敏感词 ${essay.sensitiveWords.length} 个` : null,
    essay.previousReason !== null ? `修改后重新提交（上次未通过：${essay.previousReason}）` : null,
    essay.openReports > 0 ? `待处理举报 ${essay.openReports} 条` : null,
  ].filter((r): r is string => r !== null);
  if (!reasons.length) return null;
  return (
    <div className="admin-wait" style={{ marginTop: 4 }}>
      <Typography.Text type="warning">待审原因：</Typography.Text>
      {reasons.join('；')}
    </div>
  );
}

/** Title (or the sentence), with the words that sent it to review marked; author and where it sits below. */
export function EssayCell({ essay, full }: { essay: AdminEssay; full?: boolean }) {
  const body = plainText(essay.type === 'essay' ? essay.content : essay.content || essay.summary);
  const words = essay.sensitiveWords;
  return (
    <div>
      <Space size={6} wrap>
        <Tag>{essay.type === 'essay' ? '美文' : '句子'}</Tag>
        {essay.title ? (
          <Link to={essayHref(essay.id)} target="_blank" className="serif">
            <strong>
              《<Highlight text={essay.title} words={words} />》
            </strong>
          </Link>
        ) : (
          <Link to={essayHref(essay.id)} target="_blank" className="admin-muted">
            #{essay.id}
          </Link>
        )}
      </Space>
      <div className={full ? 'admin-review-text' : 'admin-excerpt'} style={{ marginTop: 6 }}>
        <Highlight text={body} words={words} />
      </div>
      {essay.source ? (
        <div className="admin-muted">
          出处：
          <Highlight text={essay.source} words={words} />
        </div>
      ) : null}
      <div className="admin-muted" style={{ marginTop: 4 }}>
        <Link to={userHref(essay.author.id)} target="_blank">
          {essay.author.nickname}
        </Link>{' '}
        @{essay.author.username}
        {essay.author.status === 'banned' ? (
          <Tag color="red" style={{ marginLeft: 6 }}>
            已封禁
          </Tag>
        ) : null}
        {essay.classification ? ` · ${essay.classification.name}` : ''} · {formatDateTime(essay.updatedAt)}
      </div>
      {essay.status === 'pending' ? <WaitReasons essay={essay} /> : null}
      {words.length > 0 ? (
        <div className="admin-words">
          <Typography.Text type="danger">敏感词：</Typography.Text>
          {words.map((w) => (
            <Tag key={w} color="volcano">
              {w}
            </Tag>
          ))}
        </div>
      ) : null}
    </div>
  );
}
