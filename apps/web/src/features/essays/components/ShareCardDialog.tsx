import { DownloadOutlined, LinkOutlined, WeiboOutlined } from '@ant-design/icons';
import { Button, Modal, Skeleton } from 'antd';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { toastError, toastSuccess } from '../../../api/index.js';
import { useSiteTheme } from '../../../hooks/useSiteTheme.js';
import { copyText } from '../../../lib/clipboard.js';
import AntdScope from '../../../components/antd/AntdScope.js';
import { drawShareCard, type ShareCardData } from './drawShareCard.js';

interface Props {
  open: boolean;
  onClose: () => void;
  data: Omit<ShareCardData, 'accent'>;
  fileName: string;
}

/** Renders the card on a canvas (after the web fonts are ready) into a PNG to preview and save. */
async function renderPng(data: ShareCardData, qr: HTMLCanvasElement | null): Promise<string> {
  await document.fonts?.ready;
  const canvas = document.createElement('canvas');
  drawShareCard(canvas, data, 2, qr ?? undefined);
  return canvas.toDataURL('image/png');
}

/** Weibo's share page for an address and its words. */
export function weiboShareUrl(url: string, title: string): string {
  const q = new URLSearchParams({ url, title });
  return `https://service.weibo.com/share/share.php?${q.toString()}`;
}

/**
 * The share-card dialog: a picture of the text, its author, 拾句 and a QR code of its address (scanned in
 * WeChat it opens the text), offered as a PNG download; also 复制链接 and 分享到微博.
 */
export function ShareCardDialog({ open, onClose, data, fileName }: Props) {
  const { color } = useSiteTheme();
  const [png, setPng] = useState<string | null>(null);
  const qrRef = useRef<HTMLCanvasElement>(null);
  const { text, title, source, poster, watermark, url } = data;

  useEffect(() => {
    if (!open) return;
    let live = true;
    // The QR canvas is drawn in the same commit; the next frame reads it.
    const frame = requestAnimationFrame(() => {
      void renderPng({ text, title, source, poster, watermark, url, accent: color }, qrRef.current).then((p) => {
        if (live) setPng(p);
      });
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      setPng(null);
    };
  }, [open, text, title, source, poster, watermark, url, color]);

  const copyLink = async () => {
    if (await copyText(url)) toastSuccess('链接已复制，快去分享吧');
    else toastError('复制失败，请手动复制地址栏中的链接');
  };
  const words = title || text.slice(0, 60);

  return (
    <>
      {/* Drawn into the card, not shown by itself; outside the dialog so it exists (drawn) in the same commit as
          `open`, before the effect above reads it. 4 modules of quiet zone keep it scannable on any background. */}
      {open ? <QRCodeCanvas ref={qrRef} value={url} size={224} marginSize={4} level="M" className="share-card__qr" aria-hidden /> : null}
      <Modal
        open={open}
        onCancel={onClose}
        title="分享卡片"
        width={460}
        centered
        destroyOnHidden
        footer={[
          <Button key="copy" icon={<LinkOutlined aria-hidden />} onClick={() => void copyLink()}>
            复制链接
          </Button>,
          <Button
            key="weibo"
            icon={<WeiboOutlined aria-hidden />}
            href={weiboShareUrl(url, `${words} —— ${source}（来自拾句）`)}
            target="_blank"
            rel="noopener noreferrer"
          >
            分享到微博
          </Button>,
          <Button
            key="save"
            type="primary"
            icon={<DownloadOutlined aria-hidden />}
            href={png ?? undefined}
            download={fileName}
            disabled={!png}
          >
            保存图片
          </Button>,
        ]}
      >
        <div className="share-card">
          {png ? (
            <img src={png} alt="分享卡片预览（含本文二维码）" className="share-card__img" />
          ) : (
            <Skeleton.Image active className="share-card__skeleton" />
          )}
          <p className="share-card__hint">保存图片后即可分享到朋友圈或发给朋友，扫码即可阅读原文。</p>
        </div>
      </Modal>
    </>
  );
}

/** The dialog with antd's context, for pages that load it on demand (a text's page). */
export default function ScopedShareCardDialog(props: Props) {
  return (
    <AntdScope>
      <ShareCardDialog {...props} />
    </AntdScope>
  );
}
