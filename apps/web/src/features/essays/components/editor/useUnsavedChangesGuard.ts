import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirmDialog } from '../../../../components/ConfirmDialog/index.js';

/**
 * While `dirty`, leaving asks first: navigation inside the app through a confirm dialog (useBlocker), closing
 * or reloading the tab through the browser's own prompt (beforeunload). Returns `release()`, which lets the
 * next navigation through at once (after a save, before the state update that clears `dirty` has rendered).
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void confirmDialog({
      title: '离开此页？',
      content: '你有尚未保存的修改，离开后这些修改将会丢失。',
      okText: '离开',
      cancelText: '继续编辑',
      danger: true,
    }).then((action) => {
      if (!live) return;
      const b = blockerRef.current;
      if (b.state !== 'blocked') return;
      if (action === 'confirm') b.proceed();
      else b.reset();
    });
    return () => {
      live = false;
    };
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers want a return value to show their prompt.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    release: () => {
      dirtyRef.current = false;
    },
  };
}
