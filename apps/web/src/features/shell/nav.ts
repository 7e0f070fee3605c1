import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CarCrashOutlined from '@mui/icons-material/CarCrashOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import ContactSupportOutlined from '@mui/icons-material/ContactSupportOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DirectionsCarOutlined from '@mui/icons-material/DirectionsCarOutlined';
import DomainOutlined from '@mui/icons-material/DomainOutlined';
import EmojiPeopleOutlined from '@mui/icons-material/EmojiPeopleOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import FactoryOutlined from '@mui/icons-material/FactoryOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HealthAndSafetyOutlined from '@mui/icons-material/HealthAndSafetyOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import LocalParkingOutlined from '@mui/icons-material/LocalParkingOutlined';
import LocalPoliceOutlined from '@mui/icons-material/LocalPoliceOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import OutboxOutlined from '@mui/icons-material/OutboxOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import RvHookupOutlined from '@mui/icons-material/RvHookupOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import TimeToLeaveOutlined from '@mui/icons-material/TimeToLeaveOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import {
  NAV_ENTRIES,
  NAV_SECTIONS,
  type Area,
  type NavEntry,
  type NavPath,
  type NavSection,
} from '@parkade/contract';
import type { GuardUser } from '../../platform/guards';
import { canVisit } from '../../platform/route-access';

/**
 * The navigation (DESIGN §6): every screen of the product with its section, label, one-line description (the home
 * page's cards) and icon. The entries are the resources' own declarations in the contract (`NAV_ENTRIES`, in
 * registry order); the web adds the icon, keyed by path, so a resource with a new entry is a type error here until
 * it has one. What a user sees is this table filtered by
 *  - the guard (`canVisit`): only what the user may open, so the menu and the route guard never disagree;
 *  - the screens that exist (`available`, read from the router's route tree): an entry appears by itself on the day
 *    its route file lands, and a link to a screen that is not built yet can never be shown;
 *  - the area, for screens whose data lives in one area only.
 * Labels and descriptions are translation keys.
 */
export type { NavSection };
export { NAV_SECTIONS };

export interface NavItem extends NavEntry {
  icon: SvgIconComponent;
}

const ICONS: Record<NavPath, SvgIconComponent> = {
  '/': HomeOutlined,
  '/dashboard': SpaceDashboardOutlined,
  '/patrolling': LocalPoliceOutlined,
  '/plate-lookup': ManageSearchOutlined,
  '/patrolling-reports': AssignmentOutlined,
  '/permit-warnings': WarningAmberOutlined,
  '/vehicle-tows': LocalShippingOutlined,
  '/requests': InboxOutlined,
  '/my-requests': MoveToInboxOutlined,
  '/reports': AssessmentOutlined,
  '/my/profile': AccountCircleOutlined,
  '/my/vehicles': DirectionsCarOutlined,
  '/my/caregivers': HealthAndSafetyOutlined,
  '/my/permits': BadgeOutlined,
  '/my/visitors': EmojiPeopleOutlined,
  '/my/reservations': EventAvailableOutlined,
  '/properties': ApartmentOutlined,
  '/buildings': DomainOutlined,
  '/units': MeetingRoomOutlined,
  '/spots': LocalParkingOutlined,
  '/parking-map': MapOutlined,
  '/residents': PeopleOutlined,
  '/vehicles': DirectionsCarOutlined,
  '/permits': BadgeOutlined,
  '/visitors': EmojiPeopleOutlined,
  '/banned-vehicles': BlockOutlined,
  '/spot-reports': CarCrashOutlined,
  '/reservations': EventNoteOutlined,
  '/catalog/zones': MapOutlined,
  '/catalog/states': FlagOutlined,
  '/catalog/tows': RvHookupOutlined,
  '/catalog/warnings': ReportProblemOutlined,
  '/catalog/reasons': ListAltOutlined,
  '/catalog/permit-types': CategoryOutlined,
  '/catalog/request-types': ContactSupportOutlined,
  '/catalog/makes': FactoryOutlined,
  '/catalog/models': TimeToLeaveOutlined,
  '/users': ManageAccountsOutlined,
  '/roles': AdminPanelSettingsOutlined,
  '/tenants': BusinessOutlined,
  '/settings': SettingsOutlined,
  '/rules': RuleOutlined,
  '/documents': DescriptionOutlined,
  '/email-templates': MailOutlined,
  '/emails-sender': SendOutlined,
  '/translations': TranslateOutlined,
  '/language-codes': LanguageOutlined,
  '/binnacle': HistoryOutlined,
  '/outbox': OutboxOutlined,
};

export const NAV_ITEMS: readonly NavItem[] = NAV_ENTRIES.map((entry) => ({
  ...entry,
  icon: ICONS[entry.path],
}));

export interface NavContext {
  user: GuardUser;
  permissions: readonly string[];
  area: Area;
  /** Whether the app has a screen at this path (the router's route tree). */
  available: (path: string) => boolean;
}

/** The entries this user may open, in table order. */
export function visibleNavItems(ctx: NavContext, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  return items.filter(
    (i) =>
      (!i.areas || i.areas.includes(ctx.area)) &&
      ctx.available(i.path) &&
      canVisit(i.path, ctx.user, ctx.permissions),
  );
}

/** The visible entries grouped by section, empty sections left out. */
export function navSections(
  ctx: NavContext,
  items: readonly NavItem[] = NAV_ITEMS,
): { section: NavSection; items: NavItem[] }[] {
  const visible = visibleNavItems(ctx, items);
  return NAV_SECTIONS.map((section) => ({
    section,
    items: visible.filter((i) => i.section === section),
  })).filter((s) => s.items.length > 0);
}

/** The entry the current path belongs to (the longest matching prefix), for highlighting. */
export function activeNavPath(pathname: string, items: readonly NavItem[]): string | null {
  let best: string | null = null;
  for (const i of items) {
    const match =
      i.path === '/' ? pathname === '/' : pathname === i.path || pathname.startsWith(`${i.path}/`);
    if (match && (!best || i.path.length > best.length)) best = i.path;
  }
  return best;
}
