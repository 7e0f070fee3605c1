import { LANGUAGES } from '@parkade/contract';
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { routes } from './modules';
import type { Database } from './platform/db';
import type { Env } from './platform/env';
import { HttpError, sendError } from './platform/errors';
import { UNSUBSCRIBE_PATH } from './modules/emails-sender/unsubscribe';
import { mountRoutes, tagsOf, type MountedRoute, type RouteDef, type Services } from './platform/http';
import { pickLanguage, refreshTextOverridesIfDue, textsVersion } from './platform/i18n';
import { batchedStream, loggerOptions, prettyStream, redactUrl } from './platform/log';
import type { Jobs } from './platform/jobs';
import { drawnPage, serverPages } from './server-pages';
import { dictionaryPreload, inlineStylesheets, spaPreloads } from './platform/spa-preload';
import { localDiskStorage, type Storage } from './platform/storage';
import { parseHost, propertyForHost, type HostInfo } from './platform/tenancy';

/** A page's compression: brotli's quality 4, as the API's answers (a few milliseconds for a drawn page). */
const BROTLI_PAGE = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
export interface BuildOptions {
  env: Env;
  database: Database;
  jobs: Jobs;
  storage?: Storage;
  /** false: no log; an object: Fastify logger options added to the level and the redacting serializers. */
  logger?: false | object;
  /** Routes mounted after every module's, like them (tests declare test-only routes this way). */
  extraRoutes?: RouteDef[];
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  routes: MountedRoute[];
}

/** Builds the Fastify app: plugins, the one error path, every module's routes, the OpenAPI document, the SPA. */
export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { env } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : loggerOptions(env.logLevel, {
            stream: env.logFormat === 'pretty' ? prettyStream() : batchedStream(),
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
          }),
    // One line per request, written when it is answered (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts the last n addresses (Fastify itself refuses a bare number); a list trusts those proxies.
    trustProxy:
      typeof env.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (env.trustProxy as number)
        : env.trustProxy,
    bodyLimit: 1024 * 1024,
    // Errors the router raises before any hook (a path parameter too long, a malformed URL) get our shape too.
    frameworkErrors: (error, req, reply) => {
      req.lang = pickLanguage(req.headers['accept-language']);
      sendError(req, reply, error);
    },
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services: Services = {
    env,
    database: opts.database,
    jobs: opts.jobs,
    storage: opts.storage ?? localDiskStorage(path.join(env.dataDir, 'uploads')),
  };

  app.decorateRequest('lang', 'en');
  app.decorateRequest('hostInfo', null as never);
  app.addHook('onRequest', async (req, reply) => {
    req.lang = pickLanguage(req.headers['accept-language']);
    refreshTextOverridesIfDue(services.database);
    req.hostInfo = parseHost(req.headers.host, env.appDomain);
    reply.header('x-request-id', req.id);
  });
  // Requests are logged at info as JSON lines (production, CI) and at debug in a person's terminal, where the log
  // keeps to start-up, warnings and errors unless LOG_LEVEL=debug asks for them.
  const requestLevel = env.logFormat === 'pretty' ? 'debug' : 'info';
  app.addHook('onResponse', async (req, reply) => {
    req.log[requestLevel](
      { req, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
  });
  app.setErrorHandler((err, req, reply) => sendError(req, reply, err));
  /**
   * The SPA's index.html with the host's area and tenant written into a meta tag (no inline script, so the CSP
   * stays strict): the web app picks its API client from it, including on a property's own extra domains, which
   * the browser alone cannot map to a tenant code.
   */
  let indexHtml: string | null = null;
  const preloads = spaPreloads(env.webDist);
  const drawPage = serverPages(env.webDist, services);
  async function serveSpa(
    host: HostInfo,
    url: string,
    acceptLanguage: string | undefined,
    log: FastifyBaseLogger,
  ): Promise<string> {
    const pathname = url.split('?')[0]!;
    indexHtml ??= inlineStylesheets(
      fs.readFileSync(path.join(env.webDist, 'index.html'), 'utf8'),
      env.webDist,
    );
    // The property's code, and its name for the sign-in screen to say whose residents and staff sign in there.
    // The texts' version goes into the page (the page is never cached): the web app asks for its dictionaries at
    // addresses that carry it, which a browser may then keep for good (SPEC §9, decision 0046).
    const { property, texts } = await services.database.withScope({ area: 'central' }, async (tx) => ({
      property: host.kind === 'central' ? null : await propertyForHost(tx, host),
      texts: await textsVersion(tx),
    }));
    const meta = JSON.stringify({
      domain: env.appDomain,
      tenant: property?.code ?? null,
      name: property?.name ?? null,
      texts,
    })
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;');
    const page = indexHtml.replace(
      '<meta name="parkade-host" content="" />',
      `<meta name="parkade-host" content="${meta}" />`,
    );
    // A page that cannot be drawn is still served: the empty shell, which the app draws as it always did.
    const drawn = await drawPage({ pathname, url, property, acceptLanguage }).catch((err: unknown) => {
      log.warn({ err }, 'a public page could not be drawn on the server; sent the empty shell');
      return null;
    });
    if (drawn) return drawnPage(page, drawn, preloads(pathname, true));
    return page.replace(
      '</head>',
      `${preloads(pathname)}${host.kind === 'central' ? dictionaryPreload(acceptLanguage, LANGUAGES, texts) : ''}</head>`,
    );
  }

  // Helmet's security headers, worked out once: they never change per request (the @fastify/helmet plugin built
  // the middleware again, directives and all, on every request).
  const security = securityHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(security);
    done();
  });
  // API answers of 8 KiB and more (lists, dictionaries, the API document) travel compressed; smaller ones — the
  // bootstrap, a record — are sent as they are, where compressing would cost more than it saves. The web app's
  // files are compressed once at build (below).
  await app.register(compress, {
    threshold: 8 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, { limits: { fileSize: 6 * 1024 * 1024, files: 50 } });
  // A form body is read on one path only: the one-click unsubscribe (RFC 8058 posts `List-Unsubscribe=One-Click`
  // as a form; decision 0043). Everywhere else the API stays JSON (and multipart uploads): a page of another site can
  // post a form, never JSON, so no other route can be reached by a cross-site form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (req, body, done) => {
      if (req.url.split('?')[0] !== UNSUBSCRIBE_PATH)
        return done(new HttpError(415, 'errors.unsupportedMediaType'), undefined);
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.setNotFoundHandler((req, reply) => {
    if (/^\/(api|tenant)\b/.test(req.url) || !fs.existsSync(path.join(env.webDist, 'index.html'))) {
      return sendError(
        req,
        reply,
        new HttpError(404, 'errors.routeNotFound', {
          method: req.method,
          url: redactUrl(req.url.split('?')[0]!),
        }),
      );
    }
    return serveSpa(req.hostInfo, req.url, req.headers['accept-language'], req.log).then((html) => {
      void reply.type('text/html').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      // Compressed here as the browser accepts (the compression plugin reaches routes, not this handler): a drawn
      // public page is tens of kilobytes.
      const accepts = String(req.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts))
        return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(html, BROTLI_PAGE));
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
      return reply.send(html);
    });
  });

  const allRoutes = [...routes, ...(opts.extraRoutes ?? [])];
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Parkade API',
        version: '1.0.0',
        description: 'Central API under /api/central; tenant API under /tenant/api with X-Tenant.',
        contact: { name: 'Parkade' },
      },
      servers: [
        {
          url: '/',
          description:
            'The host the product is reached on: the central area on the bare domain or admin.<domain>, a property on <code>.<domain> (or send X-Tenant)',
        },
      ],
      tags: apiTags(allRoutes),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas with an id (the documents' recursive rich text) become components that the paths refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const mounted = mountRoutes(app, services, allRoutes);

  if (fs.existsSync(path.join(env.webDist, 'index.html'))) {
    // The build writes .br and .gz beside each text asset (apps/web/scripts/compress.mjs): sent as the browser
    // accepts, never compressed per request. Hashed files under /assets/ never change, so browsers keep them a
    // year without asking again; the rest (logo, favicon) is revalidated.
    await app.register(fastifyStatic, {
      root: env.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        void reply.header(
          'cache-control',
          file.startsWith(path.join(env.webDist, 'assets') + path.sep)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.addHook('onClose', async () => {
    await services.jobs.stop();
  });
  return { app, services, routes: mounted };
}

/** Helmet's headers for our policy (a strict CSP: no inline script), as a header map. */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // 'wasm-unsafe-eval' compiles WebAssembly (the plate reader's core, issue 18); it allows no JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        fontSrc: ["'self'", 'data:'],
        // The documents' PDF preview is a blob: URL in a frame (decision 0042); nothing else is framed.
        frameSrc: ["'self'", 'blob:'],
      },
    },
  })({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Every tag the routes use, declared once in the API document, described by the calls it groups. */
function apiTags(defs: RouteDef[]): { name: string; description: string }[] {
  const paths = new Map<string, Set<string>>();
  for (const def of defs)
    for (const tag of tagsOf(def)) {
      if (!paths.has(tag)) paths.set(tag, new Set());
      paths.get(tag)!.add(def.mountAt ?? def.url);
    }
  return [...paths.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, urls]) => ({
      name,
      description: `${name[0]!.toUpperCase()}${name.slice(1).replace(/-/g, ' ')}: ${[...urls].sort().join(', ')}`,
    }));
}
