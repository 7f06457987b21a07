import { useSyncExternalStore } from 'react';
import { ConfirmDialog } from './ConfirmDialog.js';
import { PromptDialog } from './PromptDialog.js';
import { dialogStore } from './store.js';

/** Renders the dialogs opened through confirmDialog / promptDialog. Mounted once, inside antd's App. */
export function DialogHost() {
  const dialogs = useSyncExternalStore(dialogStore.subscribe, dialogStore.get, dialogStore.get);
  return dialogs.map((d) =>
    d.kind === 'confirm' ? (
      <ConfirmDialog
        key={d.id}
        options={d.options}
        onDone={(a) => {
          dialogStore.remove(d.id);
          d.resolve(a);
        }}
      />
    ) : (
      <PromptDialog
        key={d.id}
        options={d.options}
        onDone={(r) => {
          dialogStore.remove(d.id);
          d.resolve(r);
        }}
      />
    ),
  );
}
