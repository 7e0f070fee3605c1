import {
  Button,
  Link as MuiLink,
  ListItemButton,
  type ButtonProps,
  type LinkProps as MuiLinkProps,
  type ListItemButtonProps,
} from '@mui/material';
import { createLink } from '@tanstack/react-router';

/**
 * MUI links and buttons that navigate with the router (no page reload, preloading on intent). Shared screens build
 * their targets from data ('/catalog/zones/7/show'), so these take a plain path; typed route links stay available
 * to feature code through TanStack's own <Link>.
 */
const RouterLink = createLink(MuiLink);
const RouterButton = createLink(Button);
const RouterListItem = createLink(ListItemButton);

export function AppLink({ href, ...rest }: Omit<MuiLinkProps, 'href'> & { href: string }) {
  return <RouterLink to={href as never} {...(rest as object)} />;
}

export function LinkButton({ href, ...rest }: Omit<ButtonProps, 'href'> & { href: string }) {
  return <RouterButton to={href as never} {...(rest as object)} />;
}

/** A list row that is a link (a resident's vehicles and permits): it opens in a new tab, and is read as a link. */
export function ListItemLink({ href, ...rest }: Omit<ListItemButtonProps, 'href'> & { href: string }) {
  return <RouterListItem to={href as never} {...(rest as object)} />;
}
