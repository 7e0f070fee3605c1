/** What a host name says: a central host, a tenant subdomain, or a custom domain of a property. */
export type HostInfo =
  { kind: 'central' } | { kind: 'subdomain'; code: string } | { kind: 'custom'; host: string };

/**
 * Reads a host name (a `Host` header with its port, or a browser's `location.hostname`) against the product's
 * domain (SPEC §7, DESIGN §1): the bare domain, `admin.` and `www.`, an IP address or nothing is central;
 * `<code>.<domain>` is a property by its code; anything else is a custom domain, which only the server can map
 * (a property's access or visitor domain). One function for the server's tenancy and the web app's host.
 */
export function parseHost(hostHeader: string | undefined, appDomain: string): HostInfo {
  const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const domain = appDomain.toLowerCase();
  if (!host || host === domain || host === `admin.${domain}` || /^[\d.]+$/.test(host) || host.startsWith('['))
    return { kind: 'central' };
  if (host.endsWith(`.${domain}`)) {
    const sub = host.slice(0, -(domain.length + 1));
    if (sub === 'admin' || sub === 'www') return { kind: 'central' };
    if (!sub.includes('.')) return { kind: 'subdomain', code: sub };
  }
  return { kind: 'custom', host };
}
