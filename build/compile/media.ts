/** Media URLs: content holds object keys, the deployment says where the storage is. */
import type { Image } from "../../core/resources.ts";

export function mediaUrl(key: string, baseUrl: string): string {
  if (/^https?:\/\//.test(key)) return key;
  return `${baseUrl.replace(/\/+$/, "")}/${key}`;
}

interface ImageRecord {
  id: number;
  key: string;
  alt_text: string | null;
  sort_order: number;
  credit: string | null;
  qa_tier: string;
}

/** An owner's images in display order: sort_order, then id. The first is the hero. */
export function compileImages(records: ImageRecord[], baseUrl: string): { images: Image[]; heroQaTier: string | null } {
  const ordered = [...records].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  return {
    images: ordered.map((image) => ({
      id: image.id,
      url: mediaUrl(image.key, baseUrl),
      alt_text: image.alt_text,
      sort_order: image.sort_order,
      credit: image.credit,
    })),
    heroQaTier: ordered[0]?.qa_tier ?? null,
  };
}

/** Groups records by an owner key, keeping file order inside each group. */
export function groupBy<T>(records: T[], keyOf: (record: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const record of records) {
    const key = keyOf(record);
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  return groups;
}
