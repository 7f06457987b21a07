import AntdScope from '../antd/AntdScope.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { PromptDialog } from './PromptDialog.js';
import type { DialogRequest } from './store.js';

/** The open dialogs, drawn with antd (loaded with the first dialog; see DialogHost). */
export default function AntdDialogs({ dialogs, remove }: { dialogs: readonly DialogRequest[]; remove: (id: number) => void }) {
  return (
    <AntdScope>
      {dialogs.map((d) =>
        d.kind === 'confirm' ? (
          <ConfirmDialog key={d.id} options={d.options} onDecide={d.resolve} onClosed={() => remove(d.id)} />
        ) : (
          <PromptDialog key={d.id} options={d.options} onDecide={d.resolve} onClosed={() => remove(d.id)} />
        ),
      )}
    </AntdScope>
  );
}
