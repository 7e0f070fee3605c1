import { parseHost, type Area } from '@parkade/contract';

/** Where the app runs: the central area, or a property (tenant) by its code. */
/** Where each area's API is (SPEC §7). */
export const API_BASE: Record<Area, string> = { central: '/api/central', tenant: '/tenant/api' };

export interface HostContext {
  area: Area;
  tenant: string | null;
  /** The property's name when the server wrote it into the page (`name` in the meta tag). */
  name?: string | null;
}

/**
 * Decides the area from the host name (SPEC §7): `<code>.<domain>` is a property, the bare domain and
 * `admin.<domain>` are central. The server writes what it knows into `<meta name="parkade-host">` (it also maps a
 * property's own extra domains, which the browser cannot); without it (the Vite dev server) the host name decides.
 */
export function detectHost(hostname: string, meta: string | null, fallbackDomain: string): HostContext {
  if (meta) {
    try {
      const parsed = JSON.parse(meta) as { tenant?: string | null; name?: string | null };
      if (parsed.tenant) return { area: 'tenant', tenant: parsed.tenant, name: parsed.name || null };
      return { area: 'central', tenant: null };
    } catch {
      // fall through to the host name
    }
  }
  // A custom domain is only known to the server (the meta tag); without it the host is central.
  const host = parseHost(hostname, fallbackDomain);
  return host.kind === 'subdomain'
    ? { area: 'tenant', tenant: host.code }
    : { area: 'central', tenant: null };
}

/** The domain properties are subdomains of, as this central page is served (its `admin.` left out). */
export function propertiesDomain(location: { host: string } = window.location): string {
  return location.host.replace(/^admin\./i, '');
}

/**
 * A property's own area as a central page reaches it (SPEC §7: each property on its subdomain): its host name and
 * the address of `path` there, by this page's protocol.
 */
export function propertyAddress(
  code: string,
  path = '/',
  location: { protocol: string; host: string } = window.location,
): { host: string; href: string } {
  const host = `${code.toLowerCase()}.${propertiesDomain(location)}`;
  return { host, href: `${location.protocol}//${host}${path}` };
}

/**
 * The interface texts' version the server wrote into the page (`texts` in the meta tag; decision 0046), which the
 * dictionaries' addresses carry so the browser may keep each one for good; null without it (the Vite dev server).
 */
export function textsVersionOf(meta: string | null): string | null {
  if (!meta) return null;
  try {
    const parsed = JSON.parse(meta) as { texts?: unknown };
    return typeof parsed.texts === 'string' && parsed.texts ? parsed.texts : null;
  } catch {
    return null;
  }
}

let current: HostContext | null = null;

const hostMeta = () => document.querySelector('meta[name="parkade-host"]')?.getAttribute('content') ?? null;

/** The host context of a page drawn by the server (entry-server.tsx), which has no window to read it from. */
export function setHostContext(context: HostContext): void {
  current = context;
}

/** The running app's host context, read once. */
export function hostContext(): HostContext {
  current ??= detectHost(
    window.location.hostname,
    hostMeta(),
    import.meta.env.VITE_APP_DOMAIN ?? 'localhost',
  );
  return current;
}

let textsVersion: string | null | undefined;

/** The texts' version of this page (read once; replaced when this page uploads new texts). */
export function currentTextsVersion(): string | null {
  if (textsVersion === undefined)
    textsVersion = typeof document === 'undefined' ? null : textsVersionOf(hostMeta());
  return textsVersion;
}
export function setTextsVersion(version: string): void {
  textsVersion = version;
}
