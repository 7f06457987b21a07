import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useSiteTheme } from '../../hooks/useSiteTheme.js';
import { drawShareCard, type ShareCardData } from './drawShareCard.js';

interface Props {
  open: boolean;
  onClose: () => void;
  data: Omit<ShareCardData, 'accent'>;
  fileName: string;
}

/** Renders the card on a canvas (after the web fonts are ready) into a PNG to preview and save. */
async function renderPng(data: ShareCardData): Promise<string> {
  await document.fonts?.ready;
  const canvas = document.createElement('canvas');
  drawShareCard(canvas, data);
  return canvas.toDataURL('image/png');
}

/** The share-card dialog: a picture of the text, its author and 拾句, offered as a PNG download. */
export function ShareCardDialog({ open, onClose, data, fileName }: Props) {
  const { color } = useSiteTheme();
  const [png, setPng] = useState<string | null>(null);
  const { text, title, source, author, url } = data;

  useEffect(() => {
    if (!open) return;
    let live = true;
    void renderPng({ text, title, source, author, url, accent: color }).then((p) => {
      if (live) setPng(p);
    });
    return () => {
      live = false;
      setPng(null);
    };
  }, [open, text, title, source, author, url, color]);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="分享卡片"
      width={460}
      centered
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="save" type="primary" icon={<DownloadOutlined />} href={png ?? undefined} download={fileName} disabled={!png}>
          保存图片
        </Button>,
      ]}
    >
      <div className="share-card">
        {png ? (
          <img src={png} alt="分享卡片预览" className="share-card__img" />
        ) : (
          <Skeleton.Image active className="share-card__skeleton" />
        )}
        <p className="share-card__hint">保存图片后即可分享到朋友圈或发给朋友。</p>
      </div>
    </Modal>
  );
}
