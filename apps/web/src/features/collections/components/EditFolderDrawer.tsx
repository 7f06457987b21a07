import type { CollectionFolder } from '@shiju/contract';
import { toastSuccess } from '../../../api/index.js';
import { useUpdateCollection } from '../api/collections.js';
import { Drawer } from '../../../components/ui/Drawer.js';
import { FolderForm } from './FolderForm.js';

/** 编辑收藏夹: rename, describe, make public or private. */
export function EditFolderDrawer({ folder, onClose }: { folder: CollectionFolder; onClose: () => void }) {
  const update = useUpdateCollection({
    onSuccess: () => {
      toastSuccess('已保存');
      onClose();
    },
  });
  return (
    <Drawer open onClose={onClose} label="编辑收藏夹" head={<strong>编辑收藏夹</strong>}>
      <FolderForm
        initial={folder}
        submitText="保存"
        busy={update.isPending}
        onSubmit={(v) => update.mutate({ params: { id: folder.id }, body: v })}
        onCancel={onClose}
      />
    </Drawer>
  );
}
