import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import type { PublicResident } from '@parkade/contract';
import { Button } from '@mui/material';
import { useState } from 'react';
import { download } from '../../platform/api';
import { toast } from '../../ui/toast';
import { agreementUrl } from './register';

const AGREEMENT_FILE = 'parking-agreement.pdf';

/** Downloads the agreement PDF (signed once the resident signed it) through the API client. */
export function DownloadAgreement({
  resident,
  token,
  label,
}: {
  resident: PublicResident;
  token: string;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const fetchPdf = async () => {
    setBusy(true);
    try {
      await download(agreementUrl(resident.id, token), AGREEMENT_FILE);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="text"
      startIcon={<DownloadIcon />}
      onClick={() => void fetchPdf()}
      loading={busy}
      loadingPosition="start"
      sx={{ alignSelf: 'flex-start', textAlign: 'left' }}
    >
      {label}
    </Button>
  );
}
