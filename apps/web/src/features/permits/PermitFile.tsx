import type { PermitItem } from '@parkade/contract';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, openFile } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { AttachedFileRow } from '../../ui/AttachedFile';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { resourceKeys, useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { uploadProblem } from '../../ui/uploads';

/**
 * Under a permit's show page, after its status: the permit's file (SPEC §3 "file (optional attachment)"; decision
 * 0044) — a signed copy, a proof — opened, attached or replaced, and removed, by the platform's upload policy.
 */
export function PermitFile({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const permit = useRecord<PermitItem>('/permits', item.id).data;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  if (!permit) return null;
  const run = async (change: () => Promise<PermitItem>, done: string) => {
    setError(null);
    setBusy(true);
    try {
      client.setQueryData(resourceKeys.record('/permits', item.id), await change());
      toast.success(done);
    } catch (e) {
      const err = e as RequestError;
      setError(err.errors?.file?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  };
  const attach = (file: File) => {
    const problem = uploadProblem(file, t);
    if (problem) {
      setError(problem);
      return;
    }
    const fd = new FormData();
    fd.append('file', file, file.name);
    void run(
      async () => (await (await api()).post<PermitItem>(`/permits/${item.id}/file`, fd)).data,
      t('permits.file.saved'),
    );
  };
  const remove = () =>
    void run(
      async () => (await (await api()).delete<PermitItem>(`/permits/${item.id}/file`)).data,
      t('permits.file.removed'),
    ).finally(() => setAsking(false));
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('permits.file.title')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack spacing={2}>
        <AttachedFileRow
          label={t('permits.file.label')}
          file={permit.file}
          emptyText={t('permits.file.none')}
          onOpen={() =>
            void openFile(`/permits/${permit.id}/file`, permit.file?.name ?? 'file').catch((e: Error) =>
              toast.error(e.message),
            )
          }
          onChoose={attach}
          onRemove={() => setAsking(true)}
          canEdit={can('permits.edit')}
          busy={busy}
          texts={{
            upload: t('permits.file.attach'),
            replace: t('vehicles.replace'),
            remove: t('permits.file.remove'),
          }}
        />
        <Typography variant="body2" color="text.secondary">
          {t('vehicles.documentsHint')}
        </Typography>
      </Stack>
      <ConfirmDialog
        open={asking}
        title={t('permits.file.removeTitle')}
        confirmLabel={t('permits.file.remove')}
        busy={busy}
        onConfirm={remove}
        onClose={() => setAsking(false)}
      >
        {t('permits.file.removeText', { name: permit.file?.name ?? '' })}
      </ConfirmDialog>
    </Paper>
  );
}
