import type { QueryClient } from '@tanstack/react-query';
import { authorQueries } from '../../api/authors.js';
import { authorName, dynastyParam, AUTHOR_PAGE_SIZE, DYNASTY_PAGE_SIZE } from './index.js';

const succeeded = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.status === 'success';

/**
 * What the page asks for at first render (the server prerenders with it: ssr/render.tsx): an author's detail and
 * first page of works, a dynasty's first page of authors, or the dynasties. False for an author or dynasty the site
 * does not know: the server then sends its plain page (a 404).
 */
export async function prefetchAuthor(client: QueryClient, params: URLSearchParams): Promise<boolean> {
  const name = authorName(params.get('name'));
  const dynasty = dynastyParam(params.get('dynasty'));
  if (name) {
    const detail = authorQueries.detail(name, dynasty);
    const works = authorQueries.works(name, dynasty, AUTHOR_PAGE_SIZE);
    await Promise.all([client.prefetchQuery(detail), client.prefetchInfiniteQuery(works)]);
    return succeeded(client, detail.queryKey) && succeeded(client, works.queryKey);
  }
  if (dynasty) {
    const authors = authorQueries.dynastyAuthors(dynasty, DYNASTY_PAGE_SIZE);
    await client.prefetchInfiniteQuery(authors);
    return succeeded(client, authors.queryKey);
  }
  const all = authorQueries.dynasties();
  await client.prefetchQuery(all);
  return succeeded(client, all.queryKey);
}
