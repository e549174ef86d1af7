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
