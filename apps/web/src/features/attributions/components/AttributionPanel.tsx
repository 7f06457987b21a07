import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Evidence } from '@shiju/contract';
import { attributionQueries, useConfirmEvidence } from '../api/attributions.js';
import { toastSuccess } from '../../../api/index.js';
import { useSession } from '../../../hooks/useSession.js';
import { useEnsureSignedIn } from '../../../components/useEnsureSignedIn.js';
import { ReportButton } from '../../reports/index.js';
import { Button } from '../../../components/ui/Button.js';
import { CitationText } from './citation.js';

const EvidenceDialog = lazy(() => import('./EvidenceDialog.js'));

const STATUS_TEXT = {
  verified: '编辑已核对原始出处：出处已考证。',
  disputed: '编辑核查后认为这句话的署名存疑。',
  unverified: '这句话的出处尚未考证。读者可以提交支持或质疑署名的证据，由编辑核查。',
} as const;

function EvidenceItem({ ev }: { ev: Evidence }) {
  const user = useSession();
  const confirm = useConfirmEvidence({ onSuccess: () => toastSuccess('已确认，编辑会参考') });
  const ensureSignedIn = useEnsureSignedIn();
  const onConfirm = async () => {
    if (await ensureSignedIn('确认证据')) confirm.mutate({ params: { id: ev.id } });
  };
  return (
    <li className={ev.hidden ? 'evidence evidence--hidden' : 'evidence'}>
      <div className="evidence__head">
        <span className={ev.stance === 'for' ? 'evidence__stance evidence__stance--for' : 'evidence__stance evidence__stance--against'}>
          {ev.stance === 'for' ? '支持署名' : '质疑署名'}
        </span>
        <CitationText citation={ev.source} />
      </div>
      <p className="evidence__note">{ev.note}</p>
      <div className="evidence__foot">
        <span>{ev.user?.nickname ?? '已注销用户'}</span>
        <span>{ev.confirmations > 0 ? `${ev.confirmations} 人确认` : '尚无人确认'}</span>
        {ev.hidden ? <span>已被编辑隐藏，仅你可见</span> : null}
        {!ev.mine && !ev.hidden ? (
          <>
            <Button type="link" size="small" disabled={ev.confirmedByMe} loading={confirm.isPending} onClick={() => void onConfirm()}>
              {ev.confirmedByMe ? '已确认' : '确认'}
            </Button>
            {user ? (
              <ReportButton targetType="evidence" targetId={ev.id} className="link-button evidence__report">
                举报
              </ReportButton>
            ) : null}
          </>
        ) : null}
      </div>
    </li>
  );
}

/** The evidence behind a text's attribution, the editor's word on it, and the form to add more (loaded on the first tap). */
export default function AttributionPanel({ essayId }: { essayId: number }) {
  const info = useQuery(attributionQueries.ofEssay(essayId));
  const ensureSignedIn = useEnsureSignedIn();
  const [adding, setAdding] = useState(false);
  if (info.isPending) return <p className="attribution__loading">正在载入证据…</p>;
  if (!info.data) return <p className="attribution__loading">证据载入失败</p>;
  const { attributionStatus, note, evidence } = info.data;
  return (
    <div className="attribution__panel">
      <p className="attribution__status">
        {STATUS_TEXT[attributionStatus]}
        {note ? <span className="attribution__editor-note">编辑说明：{note}</span> : null}
      </p>
      {evidence.length ? (
        <ul className="evidence-list">
          {evidence.map((ev) => (
            <EvidenceItem key={ev.id} ev={ev} />
          ))}
        </ul>
      ) : (
        <p className="attribution__empty">还没有读者提交证据。</p>
      )}
      <Button
        size="small"
        onClick={() => {
          void ensureSignedIn('提交证据').then((ok) => ok && setAdding(true));
        }}
      >
        提交证据
      </Button>
      {adding ? (
        <Suspense fallback={null}>
          <EvidenceDialog essayId={essayId} onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
