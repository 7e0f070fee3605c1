import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';

/**
 * The anchor MUI renders for every `href` (Button, Link, ListItemButton, CardActionArea…): a real link (open in a
 * new tab, copy address) that navigates inside the app on a plain click. Registered in the theme, so screens write
 * `<Button href="/dashboard">` and get client-side navigation.
 */
export function RouterAnchor({
  href,
  onClick,
  ref,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; ref?: Ref<HTMLAnchorElement> }) {
  const router = useRouter();
  const internal = href.startsWith('/') && !href.startsWith('//');
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (!internal || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return;
    if (rest.target && rest.target !== '_self') return;
    if (rest.download !== undefined) return;
    e.preventDefault();
    void router.navigate({ href });
  };
  return <a ref={ref} href={href} onClick={handle} {...rest} />;
}
