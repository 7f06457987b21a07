import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyServerState, queryClient, SERVER_STATE_ID } from '../../../api/queryClient.js';
import { siteQueries } from '../../site/index.js';
import { essayQueries, takeOwedView } from './essays.js';

/** A document holding `text` where the server puts its answers. */
const docWith = (text: string) =>
  ({ getElementById: (id: string) => (id === SERVER_STATE_ID ? { textContent: text } : null) }) as unknown as Document;

describe("the server's answers", () => {
  it('seed the cache, and leave a view owed for each text whose details came with them, taken once', () => {
    const server = new QueryClient();
    server.setQueryData(essayQueries.details(7).queryKey, { id: 7, status: 'published' } as never);
    server.setQueryData(essayQueries.page({ pageNum: 1, pageSize: 10, sort: 'new' }).queryKey, { list: [], total: 0 } as never);
    server.setQueryData(siteQueries.theme().queryKey, { type: 0, layoutVoList: '{}', icp: '京ICP备12345678号' });

    expect(applyServerState(docWith(JSON.stringify(dehydrate(server))))).toBe(true);
    expect(queryClient.getQueryData(siteQueries.theme().queryKey)).toMatchObject({ icp: '京ICP备12345678号' });
    expect(queryClient.getQueryData(essayQueries.details(7).queryKey)).toMatchObject({ id: 7 });

    expect(takeOwedView(7)).toBe(true);
    // Paid: a second visit of the page asks nothing more, and texts the app fetches itself were counted by that call.
    expect(takeOwedView(7)).toBe(false);
    expect(takeOwedView(8)).toBe(false);
  });

  it('owe nothing when there are none or they cannot be read', () => {
    expect(applyServerState(docWith(''))).toBe(false);
    expect(applyServerState(docWith('{"queries": [{"queryKey": '))).toBe(false);
    expect(takeOwedView(7)).toBe(false);
  });
});
