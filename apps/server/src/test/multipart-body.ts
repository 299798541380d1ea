import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file, for upload routes called through `TestApp.call`. */
export interface MultipartBody {
  [key: string]: unknown;
  __multipart: true;
  contentType: string;
  payload: Buffer;
}

export function multipartBody(fileName: string, content: Buffer | string, field = 'file'): MultipartBody {
  const boundary = `----storecast${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { __multipart: true, contentType: `multipart/form-data; boundary=${boundary}`, payload };
}

export const isMultipartBody = (b: unknown): b is MultipartBody => !!b && typeof b === 'object' && (b as MultipartBody).__multipart === true;
