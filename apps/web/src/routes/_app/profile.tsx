import { createFileRoute } from '@tanstack/react-router';
import { StaffProfilePage } from '../../features/profile/StaffProfilePage';

/** /profile: a staff user's account and sign-in security (residents have /my/profile). */
export const Route = createFileRoute('/_app/profile')({
  component: StaffProfilePage,
});
