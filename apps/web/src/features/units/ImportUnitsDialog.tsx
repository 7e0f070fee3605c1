import type { UnitsImportResult } from '@parkade/contract';
import { Alert } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpreadsheetImportDialog } from '../../ui/SpreadsheetImportDialog';
import { toast } from '../../ui/toast';

/**
 * Units import (SPEC §2.5): the template, one .xlsx, and the answer: what was created, or every refused row with
 * its reasons (nothing is imported then), or why the file itself was refused.
 */
export function ImportUnitsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [result, setResult] = useState<UnitsImportResult | null>(null);

  const uploaded = (answer: UnitsImportResult) => {
    setResult(answer);
    if (answer.imported > 0) {
      toast.success(t('units.import.done', { count: answer.imported }));
      void client.invalidateQueries({ queryKey: ['/units'] });
      void client.invalidateQueries({ queryKey: ['/buildings'] });
    }
  };

  return (
    <SpreadsheetImportDialog<UnitsImportResult>
      texts="units.import"
      template={{ path: '/units/template', fileName: 'units-template.xlsx' }}
      uploadPath="/units/import"
      fileTestId="units-import-file"
      onUploaded={uploaded}
      onReset={() => setResult(null)}
      outcome={
        result &&
        result.imported > 0 && (
          <Alert severity="success">
            {t('units.import.summary', {
              units: result.imported,
              buildings: result.buildingsCreated,
              floors: result.floorsCreated,
            })}
          </Alert>
        )
      }
      rejected={result && result.rejected.length > 0 ? { rows: result.rejected, total: result.total } : null}
      onClose={onClose}
    />
  );
}
