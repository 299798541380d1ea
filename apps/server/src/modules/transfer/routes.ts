import { createReadStream } from 'node:fs';
import path from 'node:path';
import { api, API_PREFIX, DOWNLOAD_PATHS, LIMITS } from '@storecast/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { requestLocale } from '../../http/locale.ts';
import { registerRoute } from '../../http/register-route.ts';
import { requireShopScope } from '../../http/route-access.ts';
import { exportFile, listExports, readExport } from './export-records.ts';
import { orderExportRoutes } from './order-export-routes.ts';
import { importErrorsCsv, listImports, readImport } from './import-records.ts';
import { previewUpload } from './preview-upload.ts';
import { saveUpload, uploadDir } from './save-upload.ts';
import { startExport } from './start-export.ts';
import { startImport } from './start-import.ts';

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

export function transferRoutes(app: FastifyInstance, deps: Deps) {
  orderExportRoutes(app, deps);
  const r = api.audience;
  registerRoute(app, deps, r.importUpload, async ({ req, scope }) => {
    // A declared length over the limit is refused before a byte of the body is read.
    if (Number(req.headers['content-length'] ?? 0) > LIMITS.importMaxBytes + MULTIPART_OVERHEAD) {
      throw new AppError('errors.import.fileSize', 413);
    }
    if (!req.isMultipart()) throw new AppError('errors.import.fileType');
    const part = await req.file({ limits: { fileSize: LIMITS.importMaxBytes + 1, files: 1 } });
    if (!part) throw new AppError('errors.import.fileType');
    const meta = await saveUpload(deps.config.dataDir, scope, part);
    return previewUpload(path.join(uploadDir(deps.config.dataDir, scope.shopId), meta.id), meta);
  });
  registerRoute(app, deps, r.importStart, ({ scope, body }) => startImport(deps, scope, body));
  registerRoute(app, deps, r.importList, ({ scope, locale }) => listImports(deps, scope, locale));
  registerRoute(app, deps, r.importDetail, ({ scope, query, locale }) => readImport(deps, scope, query.id, locale));
  registerRoute(app, deps, r.exportStart, ({ scope, body }) => startExport(deps, scope, body.format, body.filter));
  registerRoute(app, deps, r.exportList, ({ scope, locale }) => listExports(deps, scope, locale));
  registerRoute(app, deps, r.exportDetail, ({ scope, query, locale }) => readExport(deps, scope, query.id, locale));

  // Files, not envelopes; only for a session of the store that made them (404 for any other).
  app.get(`${API_PREFIX}${DOWNLOAD_PATHS.importErrors}`, async (req, reply) => {
    const scope = await requireShopScope(app, req);
    const { name, body } = await importErrorsCsv(deps, scope, queryId(req), requestLocale(req));
    return attachment(reply, name, 'text/csv; charset=utf-8').send(body);
  });
  app.get(`${API_PREFIX}${DOWNLOAD_PATHS.exportFile}`, async (req, reply) => {
    const scope = await requireShopScope(app, req);
    const file = await exportFile(deps, scope, queryId(req));
    const stamp = file.createdAt.toISOString().slice(0, 10);
    const type = file.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return attachment(reply, `subscribers-${stamp}.${file.format}`, type).send(createReadStream(file.path));
  });
}

const queryId = (req: FastifyRequest) => String((req.query as Record<string, unknown> | undefined)?.id ?? '').slice(0, 50);

function attachment(reply: FastifyReply, name: string, type: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store');
}
