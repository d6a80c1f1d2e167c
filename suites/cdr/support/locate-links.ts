import { normalizedUrl, reachedUrls } from '../checks/page-position.ts';
import { readListBody, resolveLink, type ListPage, type ProductWalk } from '../checks/product-walk.ts';
import type { CdrClient } from '../client/cdr-client.ts';
import type { ListLinkName } from '../../../rules/cdr/envelope-schemas.ts';
import { mapLimit } from './map-limit.ts';

/** What a link answered, read leniently: its list, or undefined when it answered none. */
async function answerOf(client: CdrClient, url: string): Promise<ListPage | undefined> {
  const exchange = await client.get('list', url);
  if (exchange.response?.status !== 200) return undefined;
  try {
    return readListBody(exchange.response.json());
  } catch {
    return undefined;
  }
}

/**
 * The links rules read which page a link names from the pages (suites/cdr/checks/page-position.ts). A link that no
 * page of the walk was reached by (a cursor written afresh, parameters in another form) is asked once per
 * suite file and the walks come back with its answer in `linked`; a link off the holder or not a URL is never
 * asked. A holder whose links repeat the URLs the walk followed (page numbers) costs no request.
 */
export function linkLocator(client: () => CdrClient) {
  const answers = new Map<string, Promise<ListPage | undefined>>();
  return async (walks: readonly ProductWalk[], names: readonly ListLinkName[]): Promise<ProductWalk[]> =>
    Promise.all(
      walks.map(async (walk) => {
        const known = new Set([...reachedUrls(walk), ...(walk.forward ? reachedUrls(walk.forward) : [])]);
        const wanted = new Map<string, string>();
        for (const { body, exchange } of walk.pages) {
          for (const name of names) {
            const url =
              body.links[name] === undefined
                ? undefined
                : resolveLink(
                    body.links[name] as string,
                    name === 'self' ? exchange.request.url : (body.links.self ?? exchange.request.url),
                  );
            if (url === undefined || client().outsideScope(url) !== undefined) continue;
            const key = normalizedUrl(url);
            if (!known.has(key)) wanted.set(key, url);
          }
        }
        if (wanted.size === 0) return walk;
        const linked = new Map(walk.linked ?? []);
        await mapLimit([...wanted], 4, async ([key, url]) => {
          if (!answers.has(key)) answers.set(key, answerOf(client(), url));
          linked.set(key, await (answers.get(key) as Promise<ListPage | undefined>));
        });
        return { ...walk, linked };
      }),
    );
}
