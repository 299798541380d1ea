import { UUID_SOURCE } from '@storecast/contract';

/**
 * Public address of an uploaded image. It carries no session and no store id: mail clients
 * fetch it anonymously, and the random id is what keeps other stores' images unguessable.
 */
export const MEDIA_ROUTE = '/media/:name';

export const mediaUrl = (publicUrl: string, id: string, ext: string) => `${publicUrl}/media/${id}.${ext}`;

// Lower case only, as the files are named: any other spelling is not one of them.
const MEDIA_NAME = new RegExp(`^(${UUID_SOURCE})\\.(jpg|png|gif)$`);

/** `<uuid>.<ext>` from the URL, or null for anything else (no paths, no other names). */
export function parseMediaName(name: string): { id: string; ext: string } | null {
  const m = MEDIA_NAME.exec(name);
  return m ? { id: m[1]!, ext: m[2]! } : null;
}
