import { DownloadOutlined } from '@ant-design/icons';
import { routes } from 'virtual:shiju-calls';
import { Button } from 'antd';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../api/index.js';
import { getAccessToken } from '../../lib/session.js';

/** The archive's type (the contract's RAW_RESPONSES.dataExport); anything else is an error envelope. */
const ZIP = 'application/zip';

/**
 * 导出我的数据: the archive is the answer itself (not an envelope), so it is fetched and saved as a file; with object
 * storage the answer is a signed link to it, which the browser follows (the bucket answers it as an attachment).
 */
export function ExportData() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(routes.exportData.path, { headers: { Authorization: `Bearer ${getAccessToken() ?? ''}` } });
      if (res.headers.get('content-type') !== ZIP) {
        const env = (await res.json()) as { code?: string; msg?: string; data?: { url?: string } | null };
        // Object storage: the archive waits in the bucket behind a link valid for 15 minutes.
        if (env.code === '00000' && env.data?.url) {
          window.location.assign(env.data.url);
          toastSuccess('数据已导出');
          return;
        }
        toastError(env.msg ?? '导出失败，请稍后再试');
        return;
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'shiju-export.zip';
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toastSuccess('数据已导出');
    } catch {
      toastError('导出失败，请检查网络后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
      下载我的数据（zip）
    </Button>
  );
}
