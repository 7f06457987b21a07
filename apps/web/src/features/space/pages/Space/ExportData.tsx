import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { isApiError, toastError, toastSuccess } from '../../../../api/index.js';
import { useExportData } from '../../../account/index.js';

/** Saves a downloaded file under its own name. */
function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name || 'shiju-export.zip';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * 导出我的数据: the archive is the answer itself (not an envelope), saved as a file; with object storage the answer is
 * a signed link to it, which the browser follows (the bucket answers it as an attachment).
 */
export function ExportData() {
  const exportData = useExportData({
    onSuccess: (answer) => {
      if (answer instanceof File) saveFile(answer);
      // Object storage: the archive waits in the bucket behind a link valid for 15 minutes.
      else if (answer?.url) window.location.assign(answer.url);
      else {
        toastError('导出失败，请稍后再试');
        return;
      }
      toastSuccess('数据已导出');
    },
    // The request layer has shown the server's refusal; a lost connection it leaves to the caller.
    onError: (e) => (isApiError(e, 'NETWORK') ? toastError('导出失败，请检查网络后重试') : undefined),
  });
  return (
    <Button icon={<DownloadOutlined />} loading={exportData.isPending} onClick={() => exportData.mutate(undefined)}>
      下载我的数据（zip）
    </Button>
  );
}
