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
  const params = new URLSearchParams(url.search);
  params.set("offset", "0");
  if (!params.has("limit")) params.set("limit", String(limit));
  // Serialized once: the links differ only in the offset's digits, which keep their place among
  // the parameters. Names and values are escaped, so `offset=0` is found only as the offset itself.
  const query = params.toString();
  const valueAt = (query.startsWith("offset=0") ? 0 : query.indexOf("&offset=0") + 1) + "offset=".length;
  const before = `<${url.pathname}?${query.slice(0, valueAt)}`;
  const after = `${query.slice(valueAt + 1)}>`;
  const links = [`${before}0${after}; rel="first"`];
  if (offset > 0) links.push(`${before}${Math.max(0, offset - limit)}${after}; rel="prev"`);
  if (offset + limit < total) links.push(`${before}${offset + limit}${after}; rel="next"`);
  links.push(`${before}${total === 0 ? 0 : Math.floor((total - 1) / limit) * limit}${after}; rel="last"`);
  return links.join(", ");
}
