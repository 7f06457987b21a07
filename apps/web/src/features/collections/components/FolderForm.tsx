import { COLLECTION_LIMITS } from '@shiju/contract/core';
import type { CollectionFolder } from '@shiju/contract';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../api/index.js';
import { checkImage, IMAGE_ACCEPT, useUploadImage } from '../../uploads/index.js';
import { Button } from '../../../components/ui/Button.js';

export interface FolderValues {
  name: string;
  description: string;
  isPublic: boolean;
  cover: string | null;
}

interface Props {
  initial?: Pick<CollectionFolder, 'name' | 'description' | 'isPublic' | 'cover'>;
  submitText: string;
  busy: boolean;
  onSubmit: (v: FolderValues) => void;
  onCancel?: () => void;
}

/** Name (1–20), description (≤ 200) and 公开: checked here for the reader's sake, and again by the server. */
export function FolderForm({ initial, submitText, busy, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const uploadImage = useUploadImage();
  const [isPublic, setPublic] = useState(initial?.isPublic ?? true);
  const [cover, setCover] = useState<string | null>(initial?.cover ?? null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pickCover = async (file: File | undefined) => {
    if (!file) return;
    const bad = checkImage(file);
    if (bad) return setError(bad);
    setUploading(true);
    try {
      setCover((await uploadImage.mutateAsync(file)).url);
      setError(null);
    } catch (err) {
      setError(isApiError(err) ? err.message : '封面上传失败');
    } finally {
      setUploading(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (!n) return setError('请填写收藏夹名称');
    if ([...n].length > COLLECTION_LIMITS.nameChars) return setError(`名称最多 ${COLLECTION_LIMITS.nameChars} 个字`);
    if ([...description.trim()].length > COLLECTION_LIMITS.descriptionChars)
      return setError(`简介最多 ${COLLECTION_LIMITS.descriptionChars} 个字`);
    setError(null);
    onSubmit({ name: n, description: description.trim(), isPublic, cover });
  };
  return (
    <form className="folder-form" onSubmit={submit}>
      <label>
        名称
        <input
          type="text"
          value={name}
          maxLength={COLLECTION_LIMITS.nameChars}
          onChange={(e) => setName(e.target.value)}
          placeholder="例如：山水田园"
        />
      </label>
      <label>
        简介（可不填）
        <textarea
          value={description}
          rows={3}
          maxLength={COLLECTION_LIMITS.descriptionChars}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <label>
        封面（可不选）
        <input type="file" accept={IMAGE_ACCEPT} disabled={uploading} onChange={(e) => void pickCover(e.target.files?.[0])} />
      </label>
      {cover ? (
        <div className="folder-form__cover">
          <img src={cover} alt="封面预览" />
          <Button size="small" type="text" onClick={() => setCover(null)}>
            去掉封面
          </Button>
        </div>
      ) : null}
      <label className="folder-form__check">
        <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
        公开（他人可以看到、关注和分享）
      </label>
      {error ? (
        <p className="folder-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="folder-card__actions">
        <Button type="primary" htmlType="submit" loading={busy} disabled={uploading}>
          {submitText}
        </Button>
        {onCancel ? <Button onClick={onCancel}>取消</Button> : null}
      </div>
    </form>
  );
}
