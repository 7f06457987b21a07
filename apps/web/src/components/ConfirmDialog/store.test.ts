import { describe, expect, it } from 'vitest';
import { confirmDialog, dialogStore, matchesPattern, promptDialog } from './store.js';

describe('matchesPattern', () => {
  it('accepts anything without a pattern', () => {
    expect(matchesPattern('', undefined)).toBe(true);
  });
  it('needs the whole value to match, whatever the anchors and flags', () => {
    expect(matchesPattern('2026-W47', /\d{4}-W\d{2}/)).toBe(true);
    expect(matchesPattern('week 2026-W47', /\d{4}-W\d{2}/)).toBe(false);
    // Twice: a global pattern must not carry lastIndex from one check to the next.
    const global = /[a-z]+/g;
    expect(matchesPattern('abc', global)).toBe(true);
    expect(matchesPattern('abc', global)).toBe(true);
  });
});

describe('dialog store', () => {
  it('queues dialogs and resolves each with how it ended', async () => {
    const confirmed = confirmDialog({ title: '删除这条评论？' });
    const prompted = promptDialog({ title: '周次', pattern: /\d{4}-W\d{2}/ });
    const [a, b] = dialogStore.get();
    expect(a?.kind).toBe('confirm');
    expect(b?.kind).toBe('prompt');
    if (a?.kind === 'confirm') a.resolve('close');
    if (b?.kind === 'prompt') b.resolve({ action: 'confirm', value: '2026-W47' });
    dialogStore.remove(a!.id);
    dialogStore.remove(b!.id);
    await expect(confirmed).resolves.toBe('close');
    await expect(prompted).resolves.toEqual({ action: 'confirm', value: '2026-W47' });
    expect(dialogStore.get()).toEqual([]);
  });
});
