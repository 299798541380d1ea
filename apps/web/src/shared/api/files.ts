import { ResultCode, type DataOf, type RouteDef } from '@storecast/contract';
import i18n from '../i18n/i18n.ts';
import { getLanguage } from '../i18n/language.ts';
import { ApiError, NETWORK_ERROR } from './api-error.ts';
import { apiBaseUrl } from './base-url.ts';
import { toastError } from './toast.ts';
import { getToken } from './token-store.ts';

/**
 * File uploads and downloads. They cannot go through `call`, which speaks JSON only: an upload
 * is multipart, and a download answers with the file itself (an error still answers with the
 * JSON envelope). Both send the Bearer token, since a file belongs to one store's session.
 */
function headers(): Record<string, string> {
  const h: Record<string, string> = { 'Accept-Language': getLanguage() };
  const token = getToken();
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

function base(): string {
  // Files always go to the admin's own origin; host_check deployments proxy /api there too.
  return apiBaseUrl(window.location, false);
}

function fail(code: number, msg: string): never {
  toastError(msg);
  throw new ApiError(code, msg);
}

/** POSTs one file as multipart field `file` and unwraps the envelope like `call`. */
export async function uploadFile<R extends RouteDef>(route: R, file: File): Promise<DataOf<R>> {
  const form = new FormData();
  form.append('file', file, file.name);
  let envelope: { code?: number; msg?: string; data?: unknown } | undefined;
  try {
    const res = await fetch(`${base()}${route.path}`, { method: 'POST', headers: headers(), body: form, credentials: 'include' });
    envelope = (await res.json()) as typeof envelope;
  } catch {
    envelope = undefined;
  }
  if (typeof envelope?.code !== 'number') fail(NETWORK_ERROR, i18n.t('errors.common.network'));
  if (envelope.code !== ResultCode.OK) fail(envelope.code, envelope.msg ?? '');
  return envelope.data as DataOf<R>;
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = disposition.match(/filename\*=UTF-8''([^;]+)/i);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = disposition.match(/filename="?([^";]+)"?/i);
  return plain?.[1] ?? fallback;
}

/** Fetches a download path (DOWNLOAD_PATHS) with the token and saves the file it answers with. */
export async function downloadFile(path: string, query: Record<string, string>, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${base()}${path}?${new URLSearchParams(query).toString()}`, { headers: headers(), credentials: 'include' });
  } catch {
    fail(NETWORK_ERROR, i18n.t('errors.common.network'));
  }
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope = (await res.json().catch(() => ({}))) as { code?: number; msg?: string };
    fail(envelope.code ?? NETWORK_ERROR, envelope.msg ?? i18n.t('errors.common.network'));
  }
  if (!res.ok) fail(NETWORK_ERROR, i18n.t('errors.common.network'));
  saveBlob(await res.blob(), fileNameFrom(res.headers.get('content-disposition'), fallbackName));
}

/** Hands a file made in the page (or fetched) to the browser's download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
