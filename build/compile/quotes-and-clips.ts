/** The quotes wall (by id) and the clip inventory (featured, newest, title). */

import { compareCodePoints, compareNames } from "../../core/fold.ts";
import type { Clip } from "../../core/resources.ts";
import type { QuoteEntry } from "../../core/snapshot-format.ts";
import type { Content } from "../read-content.ts";
import { mediaUrl } from "./media.ts";

export function compileQuotes(content: Content): QuoteEntry[] {
  return content.quotes
    .map(({ record }) => ({
      id: record.id,
      entry: {
        quote: {
          slug: record.slug,
          text: record.text,
          author: record.author,
          category: record.category,
          sourceUrl: record.source_url,
          credit: record.credit,
          surferSlug: record.surfer,
        },
        featured: record.featured,
      },
    }))
    .sort((a, b) => a.id - b.id)
    .map(({ entry }) => entry);
}

export function compileClips(content: Content, mediaBaseUrl: string): Clip[] {
  return content.clips
    .map(({ record }) => ({
      slug: record.slug,
      title: record.title,
      src: mediaUrl(record.key, mediaBaseUrl),
      uploadDate: record.upload_date,
      featured: record.featured,
    }))
    .sort(
      (a, b) =>
        Number(b.featured) - Number(a.featured) ||
        compareCodePoints(b.uploadDate, a.uploadDate) ||
        compareNames(a.title, b.title) ||
        compareCodePoints(a.slug, b.slug),
    );
}
