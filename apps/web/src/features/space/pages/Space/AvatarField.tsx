import { FileImageOutlined, UploadOutlined } from '@ant-design/icons';
import type { UserInfo } from '@shiju/contract';
import { Button, Tag, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError, toastSuccess } from '../../../../api/index.js';
import { UserAvatar } from '../../../../components/UserAvatar.js';
import { LIMITS } from '@shiju/contract/core';
import { checkImage, IMAGE_ACCEPT, useUploadImage } from '../../../uploads/index.js';
import { useUpdateMe } from '../../../account/index.js';

/** The file states of docs/rules.md#front-end-constants (ready, success) plus the two in between and after a failure. */
type FileStatus = 'ready' | 'uploading' | 'success' | 'error';

interface Picked {
  file: File;
  preview: string | null;
  status: FileStatus;
  error?: string;
  /** Whether sending the same file again could work (a network hiccup, not a refused file). */
  retry?: boolean;
}

const STATUS_TAG: Record<FileStatus, { color: string; text: string }> = {
  ready: { color: 'default', text: '待上传' },
  uploading: { color: 'processing', text: '上传中' },
  success: { color: 'success', text: '上传成功' },
  error: { color: 'error', text: '上传失败' },
};

function errorText(e: unknown): string {
  return e instanceof Error && e.message ? e.message : '上传失败，请稍后重试';
}

/** The server refused this file itself (type, size, content): the same file will not do better. */
function isRefused(e: unknown): boolean {
  return isApiError(e, 'A0701') || isApiError(e, 'A0702') || isApiError(e, 'A0400');
}

/** Picks a picture (shown as ready with a preview), uploads it, then makes it the avatar. */
export function AvatarField({ me }: { me: UserInfo }) {
  const updateMe = useUpdateMe();
  const uploadImage = useUploadImage();
  const [picked, setPicked] = useState<Picked | null>(null);
  const resetting = updateMe.isPending && updateMe.variables.body.avatar === null;

  // Object URLs hold the file in memory until revoked.
  const preview = picked?.preview;
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = (file: File) => {
    const problem = checkImage(file);
    setPicked({
      file,
      preview: problem ? null : URL.createObjectURL(file),
      status: problem ? 'error' : 'ready',
      error: problem ?? undefined,
    });
  };

  const upload = async () => {
    if (!picked) return;
    setPicked({ ...picked, status: 'uploading', error: undefined, retry: undefined });
    try {
      const { url } = await uploadImage.mutateAsync(picked.file);
      await updateMe.mutateAsync({ body: { avatar: url } });
      setPicked((p) => (p ? { ...p, status: 'success' } : p));
      toastSuccess('头像已更新');
    } catch (e) {
      setPicked((p) => (p ? { ...p, status: 'error', error: errorText(e), retry: !isRefused(e) } : p));
    }
  };

  const resetAvatar = () =>
    updateMe.mutate(
      { body: { avatar: null } },
      {
        onSuccess: () => {
          setPicked(null);
          toastSuccess('已恢复默认头像');
        },
      },
    );

  const tag = picked ? STATUS_TAG[picked.status] : null;
  return (
    <div className="avatar-field">
      <div className="avatar-field__current">
        <UserAvatar user={me} size={88} />
        <div className="avatar-field__pick">
          <Upload
            accept={IMAGE_ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              pick(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />}>选择图片</Button>
          </Upload>
          {me.avatar ? (
            <Button type="link" size="small" loading={resetting} onClick={resetAvatar}>
              恢复默认头像
            </Button>
          ) : null}
          <p className="muted avatar-field__hint">支持 JPG、PNG、WebP、GIF，不超过 {LIMITS.uploadBytes / 1024 / 1024} MB</p>
        </div>
      </div>
      {picked && tag ? (
        <div className={`avatar-file avatar-file--${picked.status}`} data-status={picked.status}>
          {picked.preview ? (
            <img
              className="avatar-file__preview"
              src={picked.preview}
              alt="所选图片预览"
              // A file that only claims to be a picture: show the placeholder instead of a broken image.
              onError={() => setPicked((p) => (p ? { ...p, preview: null } : p))}
            />
          ) : (
            <span className="avatar-file__preview avatar-file__preview--none" aria-hidden="true">
              <FileImageOutlined />
            </span>
          )}
          <div className="avatar-file__info">
            <span className="avatar-file__name">{picked.file.name}</span>
            <span>
              <Tag color={tag.color} className="avatar-file__status">
                {tag.text}
              </Tag>
              {picked.error ? <span className="avatar-file__error">{picked.error}</span> : null}
            </span>
          </div>
          <div className="avatar-file__actions">
            {picked.status === 'ready' || (picked.status === 'error' && picked.retry) ? (
              <Button type="primary" size="small" onClick={() => void upload()}>
                {picked.status === 'error' ? '重试' : '上传并设为头像'}
              </Button>
            ) : null}
            {picked.status !== 'uploading' ? (
              <Button size="small" onClick={() => setPicked(null)}>
                {picked.status === 'success' ? '完成' : '取消'}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
