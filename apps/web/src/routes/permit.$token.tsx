import { createFileRoute } from '@tanstack/react-router';
import { PermitCheckPage } from '../features/permit-check/PermitCheckPage';

/** /permit/{token}: the public check of a printed permit (its QR code). Open to anyone, signed in or not. */
export const Route = createFileRoute('/permit/$token')({
  component: PermitCheck,
});

function PermitCheck() {
  const { token } = Route.useParams();
  return <PermitCheckPage token={token} />;
}
