import { CheckCircleFilled, CloseCircleFilled, DeleteOutlined, LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { IMAGE_ACCEPT, useUploadImage } from '../../../uploads/index.js';

type Phase = 'ready' | 'uploading' | 'success' | 'error';

interface FileState {
  name: string;
  phase: Phase;
  error?: string;
}

interface Props {
  value?: string | null;
  onChange?: (url: string | null) => void;
  /** What the picture is called on the buttons (the console's theme uploads a 背景图 with it). */
  noun?: string;
}

const PHASE_TEXT: Record<Phase, string> = { ready: '就绪', uploading: '上传中…', success: '上传成功', error: '上传失败' };

/**
 * The cover picker (docs/rules.md#front-end-constants: a file shows as ready, then success, or the error with its reason). Works as
 * an antd form control: `value` is the uploaded image's URL.
 */
export function CoverUpload({ value, onChange, noun = '封面' }: Props) {
  const [file, setFile] = useState<FileState | null>(null);
  const uploadImage = useUploadImage();

  const start = async (raw: File) => {
    setFile({ name: raw.name, phase: 'ready' });
    // Let "ready" paint before the request starts.
    await new Promise((r) => setTimeout(r, 0));
    setFile({ name: raw.name, phase: 'uploading' });
    try {
      const img = await uploadImage.mutateAsync(raw);
      setFile({ name: raw.name, phase: 'success' });
      onChange?.(img.url);
    } catch (e) {
      setFile({ name: raw.name, phase: 'error', error: (e as Error).message });
    }
  };

  return (
    <div className="cover-upload">
      {value ? <img className="cover-upload__preview" src={value} alt={`${noun}预览`} /> : null}
      <div className="cover-upload__actions">
        <Upload
          accept={IMAGE_ACCEPT}
          showUploadList={false}
          beforeUpload={(raw) => {
            void start(raw);
            return false;
          }}
        >
          <Button icon={<PictureOutlined aria-hidden />} disabled={file?.phase === 'uploading'}>
            {value ? `更换${noun}` : `上传${noun}`}
          </Button>
        </Upload>
        {value ? (
          <Button
            type="text"
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => {
              onChange?.(null);
              setFile(null);
            }}
          >
            移除
          </Button>
        ) : null}
      </div>
      {file ? (
        <p className={`upload-status upload-status--${file.phase}`} role="status" data-phase={file.phase}>
          {file.phase === 'uploading' ? (
            <LoadingOutlined aria-hidden />
          ) : file.phase === 'success' ? (
            <CheckCircleFilled aria-hidden />
          ) : file.phase === 'error' ? (
            <CloseCircleFilled aria-hidden />
          ) : null}
          <span className="upload-status__name">{file.name}</span>
          <span>{PHASE_TEXT[file.phase]}</span>
          {file.error ? <span className="upload-status__reason">：{file.error}</span> : null}
        </p>
      ) : (
        <p className="upload-status upload-status--hint">支持 JPG、PNG、WebP、GIF，不超过 5 MB</p>
      )}
    </div>
  );
}
