import type { CustomTemplate } from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import { MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { senderTemplatesQuery } from './queries';

/**
 * "Start from a template": the property's own templates by name; picking one puts its words in the compose page
 * (which asks first when words are already written). With no template yet, a way to write one, for those who may.
 */
export function TemplatePicker({
  value,
  onPick,
}: {
  value: number | null;
  onPick: (template: CustomTemplate) => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const query = useQuery(senderTemplatesQuery);
  const templates = query.data?.data ?? [];
  if (query.isSuccess && !templates.length)
    return can('email-templates.create') ? (
      <LinkButton href="/email-templates/create" variant="text" startIcon={<AddIcon />}>
        {t('emailsSender.newTemplate')}
      </LinkButton>
    ) : null;
  return (
    <TextField
      select
      size="small"
      label={t('emailsSender.startFrom')}
      value={templates.some((x) => x.id === value) ? String(value) : ''}
      onChange={(e) => {
        const picked = templates.find((x) => String(x.id) === e.target.value);
        if (picked) onPick(picked);
      }}
      disabled={!query.isSuccess}
      helperText={query.isError ? query.error.message : undefined}
      error={query.isError}
      sx={{ width: { xs: '100%', sm: 280 }, flexShrink: 0 }}
    >
      {templates.map((x) => (
        <MenuItem key={x.id} value={String(x.id)}>
          {x.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
