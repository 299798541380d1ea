/**
 * Public address of an uploaded image. It carries no session and no store id: mail clients
 * fetch it anonymously, and the random id is what keeps other stores' images unguessable.
 */
export const MEDIA_ROUTE = '/media/:name';

export const mediaUrl = (publicUrl: string, id: string, ext: string) => `${publicUrl}/media/${id}.${ext}`;

/** `<uuid>.<ext>` from the URL, or null for anything else (no paths, no other names). */
export function parseMediaName(name: string): { id: string; ext: string } | null {
  const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|gif)$/.exec(name);
  return m ? { id: m[1]!, ext: m[2]! } : null;
}
