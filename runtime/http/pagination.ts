/**
 * Pagination links (RFC 8288) for a page of a list: `first`, `prev`, `next` and `last`, as
 * relative URLs that keep every other parameter of the request, in its order.
 */

export interface PageOf {
  limit: number;
  offset: number;
  total: number;
}

/** The `Link` header value for this page of the list at `url`. */
export function paginationLinks(url: URL, page: PageOf): string {
  const { limit, offset, total } = page;
  // Parsed once; each link only changes the offset, which keeps its place among the parameters.
  const params = new URLSearchParams(url.search);
  params.set("offset", "0");
  if (!params.has("limit")) params.set("limit", String(limit));
  const at = (target: number) => {
    params.set("offset", String(target));
    return `<${url.pathname}?${params}>`;
  };
  const links = [`${at(0)}; rel="first"`];
  if (offset > 0) links.push(`${at(Math.max(0, offset - limit))}; rel="prev"`);
  if (offset + limit < total) links.push(`${at(offset + limit)}; rel="next"`);
  links.push(`${at(total === 0 ? 0 : Math.floor((total - 1) / limit) * limit)}; rel="last"`);
  return links.join(", ");
}
